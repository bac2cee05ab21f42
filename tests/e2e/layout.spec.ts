/**
 * Layouts that a walk of the site map cannot see (site-walk.spec.ts fits every
 * page to a phone): the top bar between phone and wide screens in every
 * language, breadcrumbs that fold, the sticky bar and the focus, the
 * registration's step bar, and what the portal writes in English.
 */
import type { Page } from "@playwright/test";

import {
  admin,
  chooseLanguage,
  expect,
  expectFits,
  hydrated,
  resident,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";
import { demoIds } from "./site-pages";

test.describe("what the portal writes follows the language", () => {
  test(
    "English dates and money on the news, the tariffs and the reports",
    { tag: "@server" },
    async ({ page, context, baseURL }) => {
      await chooseLanguage(context, baseURL, "en");
      await page.goto("/posts");
      const date = page.locator("time").first();
      await expect(date).toHaveText(
        /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      );
      await expect(date).toHaveAttribute(
        "datetime",
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?(Z|[+-]\d\d:\d\d)$/,
      );
      await page.goto("/rates");
      await expect(page.locator("main")).toContainText(/RUB\s\d+\.\d\d/);
      await expect(page.locator("main")).not.toContainText(
        /(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)/,
      );
      await page.goto("/about/info");
      await expect(page.locator("main")).not.toContainText(
        /(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)/,
      );
    },
  );
});

test.describe("the top bar in every language", () => {
  // Between the phone layout and the wide one the bar shows the dispatcher's label, the language switch and the
  // sign-in or profile button in full: a longer word in one language must not push them past the screen.
  for (const language of ["rus", "en", "ykt"] as const) {
    test(`fits the screen at 721, 768 and 1024 px, as a resident and signed out (${language})`, async ({
      page,
      context,
      baseURL,
    }) => {
      // Signed in first, in Russian, as the helper expects; then the language, then signed out (no cookies but it).
      await signIn(page, resident, "/profile");
      for (const path of ["/profile", "/"]) {
        if (path === "/") await context.clearCookies();
        await chooseLanguage(context, baseURL, language);
        for (const width of [721, 768, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(path);
          await expectFits(page, `${path} at ${width} px in ${language}`);
        }
      }
    });
  }
});

test.describe("breadcrumbs on wide screens", () => {
  for (const width of [1024, 1366, 1920]) {
    test(`labels are whole at ${width} px; what does not fit folds into «…», which still leads there`, async ({
      page,
      jsEnabled,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const { reportId } = await demoIds();
      await page.goto(`/about/info/item/${reportId}`);
      if (jsEnabled) await hydrated(page);
      const trail = page.locator(".topbar__crumbs--wide .breadcrumbs ol");
      const current = trail.locator("[aria-current=page]");
      const title = (await page.locator("h1").first().textContent())!.trim();
      await expect(current).toHaveText(title);
      // No link is cut: every visible crumb before the current page shows all of its text.
      const cut = await trail
        .locator("a")
        .evaluateAll((nodes) =>
          nodes
            .filter(
              (node) => node.getClientRects().length > 0 && node.scrollWidth > node.clientWidth + 1,
            )
            .map((node) => node.textContent),
        );
      expect(cut).toEqual([]);
      // The current page's name (whole on the page's heading) keeps the bar to one line, cut with «…» if it must.
      const lines = await current.evaluate((node) => node.getClientRects().length);
      expect(lines).toBe(1);
      const middle = trail.getByRole("link", { name: "Раскрытие информации" });
      const more = trail.locator(".breadcrumbs__more");
      if (await middle.isVisible()) {
        await expect(more).toBeHidden();
      } else {
        await more.getByText("…").click();
        await more.getByRole("link", { name: "Раскрытие информации" }).click();
        await expect(page).toHaveURL("/about/info");
      }
      if (width === 1920) await expect(middle).toBeVisible();
    });
  }
});

test.describe("breadcrumbs beside a full top bar", () => {
  // An administrator's bar holds the profile button, and from 1366 px the dispatcher's label: without
  // JavaScript the trail is folded by a guess from its length, which must never put it under them.
  for (const language of ["rus", "en", "ykt"] as const) {
    test(`never run under the bar's other parts, signed in as an administrator (${language}, 1024, 1366 and 1920 px)`, async ({
      page,
      context,
      baseURL,
      jsEnabled,
    }) => {
      const { userId, postId } = await demoIds();
      await signIn(page, admin, "/admin");
      await chooseLanguage(context, baseURL, language);
      for (const width of [1024, 1366, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of [
          `/admin/users/${userId}/edit`,
          "/admin/users/new",
          `/admin/posts/${postId}/edit`,
        ]) {
          await page.goto(path);
          if (jsEnabled) await hydrated(page);
          const { crumbsEnd, actionsStart } = await page.evaluate(() => ({
            crumbsEnd: Math.max(
              ...[...document.querySelectorAll(".topbar__crumbs--wide .breadcrumbs li")]
                .filter((item) => item.getClientRects().length > 0)
                .map((item) => item.getBoundingClientRect().right),
            ),
            actionsStart: document.querySelector(".topbar__actions")!.getBoundingClientRect().left,
          }));
          expect(crumbsEnd, `${path} at ${width} px`).toBeLessThanOrEqual(actionsStart);
        }
      }
    });
  }
});

test.describe("breadcrumbs on a phone", () => {
  test("a middle crumb that does not fit folds into «…», which still leads there", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { reportId } = await demoIds();
    await page.goto(`/about/info/item/${reportId}`);
    if (jsEnabled) await hydrated(page);
    const trail = page.locator(".topbar__crumbs--narrow .breadcrumbs ol");
    await expect(trail.getByRole("link", { name: "О компании" })).toBeVisible();
    // Never gone without a trace: shown, or behind a visible «…».
    const middle = trail.getByRole("link", { name: "Раскрытие информации" });
    if (!(await middle.isVisible())) {
      const more = trail.locator(".breadcrumbs__more");
      await expect(more.getByText("…")).toBeVisible();
      await more.getByText("…").click();
      await more.getByRole("link", { name: "Раскрытие информации" }).click();
      await expect(page).toHaveURL("/about/info");
    }
    // The trail stays one line.
    const lines = await trail.evaluate(
      (list) =>
        new Set(
          [...list.children]
            .filter((item) => item.getClientRects().length > 0)
            .map((item) => Math.round(item.getBoundingClientRect().top)),
        ).size,
    );
    expect(lines).toBe(1);
  });

  test("the folded crumbs open within the screen", async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin, "/admin/users/new");
    if (jsEnabled) await hydrated(page);
    const more = page.locator(".topbar__crumbs--narrow .breadcrumbs__more");
    await more.getByText("…").click();
    const list = more.locator(".breadcrumbs__more-list");
    await expect(list.getByRole("link", { name: "Пользователи" })).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe("the sticky top bar never hides the focus", () => {
  for (const [width, height] of [
    [1366, 500],
    [390, 600],
  ] as const) {
    test(`Shift+Tab back to a field scrolled under the bar shows it below the bar at ${width} px`, async ({
      page,
      jsEnabled,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/auth");
      if (jsEnabled) await hydrated(page);
      const email = page.getByLabel("Электронная почта");
      const password = page.getByLabel("Пароль", { exact: true });
      await password.focus();
      // The e-mail field just above the screen's top, the password field still on screen.
      await email.evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top + 4));
      expect(await email.evaluate((field) => field.getBoundingClientRect().top)).toBeLessThan(0);
      await page.keyboard.press("Shift+Tab");
      await expect(email).toBeFocused();
      const barBottom = await page
        .locator(".topbar")
        .evaluate((bar) => bar.getBoundingClientRect().bottom);
      const fieldTop = await email.evaluate((field) => field.getBoundingClientRect().top);
      expect(fieldTop).toBeGreaterThanOrEqual(barBottom);
      // Its label too: a field without its name is no help.
      const labelTop = (id: string) =>
        page.locator(`label[for="${id}"]`).evaluate((label) => label.getBoundingClientRect().top);
      expect(await labelTop((await email.getAttribute("id"))!)).toBeGreaterThanOrEqual(barBottom);
      if (!jsEnabled) {
        // The error summary's link to a field scrolls to the field, its label in view.
        await page.getByRole("button", { name: "Войти" }).evaluate((button) => {
          button.closest("form")!.setAttribute("novalidate", "");
        });
        await page.getByRole("button", { name: "Войти" }).click();
        const passwordId = (await password.getAttribute("id"))!;
        await page.locator(`.error-summary a[href="#${passwordId}"]`).click();
        await expect(page).toHaveURL(new RegExp(`#${passwordId}$`));
        const bar = await page.locator(".topbar").evaluate((it) => it.getBoundingClientRect());
        expect(await labelTop(passwordId)).toBeGreaterThanOrEqual(bar.bottom);
      }
    });
  }

  test("a long post title keeps the bar to one line of breadcrumbs", async ({
    page,
    jsEnabled,
  }) => {
    await signIn(page, admin, "/posts/create");
    const title = `Очень длинный заголовок публикации о плановом отключении горячей воды во всех домах квартала ${Date.now().toString(36)}`;
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Текст.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    const id = page.url().split("/")[5];
    for (const [width, most] of [
      [1366, 66],
      [390, 100],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/posts/item/${id}`);
      if (jsEnabled) await hydrated(page);
      await expect(page.locator("h1").first()).toHaveText(title);
      const barHeight = await page
        .locator(".topbar")
        .evaluate((bar) => bar.getBoundingClientRect().height);
      expect(barHeight, `the bar at ${width} px`).toBeLessThanOrEqual(most);
    }
  });
});

/** Words of the step bar's names that the browser split across lines (a word whose characters take more than one line box). */
async function splitStepWords(page: Page) {
  return page.locator(".steps__name").evaluateAll((names) =>
    names.flatMap((name) => {
      if (!name.checkVisibility() || getComputedStyle(name).clip !== "auto") return [];
      const text = name.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const split: string[] = [];
      for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) split.push(match[0]);
      }
      if (name.scrollWidth > name.clientWidth + 1) split.push(`${name.textContent} (overflows)`);
      return split;
    }),
  );
}

test.describe("the registration's step bar", () => {
  const confirmation = { rus: "Подтверждение", en: "Confirmation", ykt: "Бигэргэтии" };
  for (const language of ["rus", "en", "ykt"] as const) {
    test(`no step name is broken inside a word (${language}, 390 and 1366 px, steps 1 and 2)`, async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseLanguage(context, baseURL, language);
      await page.setViewportSize({ width: 1366, height: 800 });
      await page.goto("/auth/registration");
      await expect(page.locator(".steps__item")).toHaveCount(3);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await splitStepWords(page), `step 1 at ${width} px`).toEqual([]);
      }
      await page.locator('form#register-email input[type="email"]').fill(uniqueEmail("steps"));
      await page.locator('form#register-email input[name="consent"]').check();
      await page.locator("form#register-email button[type=submit]").click();
      await expect(page.locator('[aria-current="step"]')).toContainText(confirmation[language]);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await splitStepWords(page), `step 2 at ${width} px`).toEqual([]);
      }
    });
  }
});
