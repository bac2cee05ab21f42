/**
 * Behaviour that exists only with JavaScript: loading the locale files on
 * the client (with retries on network errors and 5xx, never on 4xx) and the
 * theme animation. Runs in the JavaScript project only.
 */
import type { Page } from "@playwright/test";

import { png } from "../support/images";
import { admin, createResident, expect, hydrated, resident, signIn, test } from "./fixtures";

test.describe("locale files on the client", () => {
  // page.route holds or breaks these requests; a worker in control would answer them out of its reach.
  test.use({ serviceWorkers: "block" });
  test("a 5xx is retried until the file arrives", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let attempts = 0;
    await page.route(/\/locales\/en\/translation\.json(\?|$)/, async (route) => {
      attempts += 1;
      if (attempts <= 2) await route.fulfill({ status: 503, body: "busy" });
      else await route.continue();
    });
    await page.locator(".topbar__language").getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator(".shell__left").getByRole("link", { name: "Home" })).toBeVisible({
      timeout: 10_000,
    });
    expect(attempts).toBe(3);
  });

  test("a 4xx is not retried", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let attempts = 0;
    await page.route(/\/locales\/en\/errors\.json(\?|$)/, async (route) => {
      attempts += 1;
      await route.fulfill({ status: 404, body: "{}" });
    });
    await page.locator(".topbar__language").getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.waitForTimeout(3000);
    expect(attempts).toBe(1);
  });
});

test.describe("the page's own texts", () => {
  test("come as the preloaded files of its language, kept by the browser for a year", async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname.startsWith("/locales/")) fetched.push(request.url());
    });
    const cacheControl: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/locales/"))
        cacheControl.push(response.headers()["cache-control"] ?? "");
    });
    await page.goto("/posts");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloaded.map((href) => new URL(href).pathname).sort()).toEqual([
      "/locales/rus/errors.json",
      "/locales/rus/translation.json",
    ]);
    // Each file once: the preload is what i18next reads.
    expect([...new Set(fetched)].sort()).toEqual([...preloaded].sort());
    expect(fetched).toHaveLength(2);
    expect(cacheControl).toEqual([
      "public, max-age=31536000, immutable",
      "public, max-age=31536000, immutable",
    ]);
  });

  test.describe("refused", () => {
    // page.route holds or breaks these requests; a worker in control would answer them out of its reach.
    test.use({ serviceWorkers: "block" });
    test("without them the page stays the server's HTML, and its forms still work", async ({
      page,
    }) => {
      let refused = 0;
      await page.route(/\/locales\//, async (route) => {
        refused += 1;
        await route.fulfill({ status: 503, body: "busy" });
      });
      await page.goto("/auth");
      // Five tries of each file (the retry rule), then i18next gives up.
      await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход в личный кабинет");
      await page.getByLabel("Электронная почта").fill("resident@example.com");
      await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Войти" }).click();
      await expect(page.locator(".form-error")).toBeVisible();
      await expect(page.getByLabel("Электронная почта")).toHaveValue("resident@example.com");
    });
  });
});

test.describe("the theme switch", () => {
  test("reveals the new theme in a circle, then fades", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await expect(page.locator(".theme-reveal--fadeIn")).toBeAttached();
    await expect(page.locator("body")).toHaveClass(/dark/);
    await expect(page.locator(".theme-reveal")).toHaveCount(0);
  });

  test("switches at once when the resident prefers less motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await expect(page.locator("body")).toHaveClass(/dark/);
    await expect(page.locator(".theme-reveal")).toHaveCount(0);
  });
});

test.describe("the left menu inside a section", () => {
  /** Waits `count` frames of the page. */
  const frames = (page: Page, count: number) =>
    page.evaluate(
      (wanted) =>
        new Promise<void>((resolve) => {
          let seen = 0;
          const next = () => (++seen >= wanted ? resolve() : requestAnimationFrame(next));
          requestAnimationFrame(next);
        }),
      count,
    );

  test("stays where the server put it as the page's scripts take over; «Назад» slides to the index", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    // Where the section's panel is at every frame from the page's first on.
    await page.addInitScript(() => {
      const at: number[] = [];
      Object.assign(window, { sectionPanelAt: at });
      const sample = () => {
        const panel = document.querySelector(".shell__left .menu__panel--section");
        if (panel) at.push(Math.round(panel.getBoundingClientRect().left));
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    const positions = () =>
      page.evaluate(() => [
        ...new Set((window as unknown as { sectionPanelAt: number[] }).sectionPanelAt),
      ]);
    await page.goto("/about/structure");
    await hydrated(page);
    await frames(page, 30);
    expect(await positions()).toHaveLength(1);

    const left = page.locator(".shell__left");
    await left.getByRole("link", { name: "Назад" }).click();
    await expect(left.getByRole("link", { name: "Тарифы" })).toBeVisible();
    await frames(page, 30);
    // Through the frames between, not at once.
    expect((await positions()).length).toBeGreaterThan(3);
  });
});

test.describe("as the page's scripts take it over", () => {
  test("nothing on it moves: the copy buttons that come with them have their room already", async ({
    page,
  }) => {
    // The footer's contacts and the account cards: where each is, and how tall. Noted first when
    // the document is parsed (the page hydrates after its texts are read, later), with the worker in control.
    const boxes = () =>
      [...document.querySelectorAll("footer .contact, .account-card")].map((node) => {
        const box = node.getBoundingClientRect();
        return `${node.className} at ${Math.round(box.top + scrollY)}, ${Math.round(box.height)} px`;
      });
    await page.addInitScript(`
      document.addEventListener("DOMContentLoaded", () => {
        window.boxesAsParsed = (${boxes.toString()})();
        window.copyButtonsAsParsed = document.querySelectorAll(".contact__copy").length;
      });
    `);
    await signIn(page, resident);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/rates", "/profile/altpayment"]) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator("footer .contact__copy").first()).toBeVisible();
        const asParsed = await page.evaluate(() => {
          const seen = window as unknown as {
            boxesAsParsed: string[];
            copyButtonsAsParsed: number;
          };
          return { boxes: seen.boxesAsParsed, copyButtons: seen.copyButtonsAsParsed };
        });
        // Noted before the scripts had the page: no copy button yet.
        expect(asParsed.copyButtons).toBe(0);
        expect(await page.evaluate(boxes), `${path} at ${width} px`).toEqual(asParsed.boxes);
      }
    }
  });
});

test.describe("while the next page loads", () => {
  // page.route holds or breaks these requests; a worker in control would answer them out of its reach.
  test.use({ serviceWorkers: "block" });
  test("a client-side navigation shows the skeletons", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/posts.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(".shell__left").getByRole("link", { name: "Новости" }).click();
    await expect(page.locator(".skeleton-card")).toHaveCount(8);
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.locator(".post-card").first()).toBeVisible();
    await expect(page.locator(".skeleton-card")).toHaveCount(0);

    await page.route("**/posts/item/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.locator(".post-card__link").first().click();
    await expect(page.locator(".detail-skeleton")).toBeVisible();
    await expect(page.locator(".post__text")).toBeVisible();
  });

  test("a form's button shows it is pending and cannot be pressed twice", async ({ page }) => {
    await page.goto("/auth");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let sent = 0;
    await page.route("**/auth.data*", async (route) => {
      if (route.request().method() === "POST") sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel("Электронная почта").fill("resident@example.com");
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    const button = page.getByRole("button", { name: "Войти" });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    // Pressed again, from the keyboard, while it is sent: nothing more goes out.
    await button.press("Enter");
    await expect(page.locator(".form-error")).toBeVisible();
    await expect(button).toBeEnabled();
    expect(sent).toBe(1);
    // The focus stayed on the button: the keyboard goes on from where it was.
    await expect(button).toBeFocused();
  });

  test("a deletion confirmed in its dialog shows it is under way until the answer", async ({
    page,
  }) => {
    await signIn(page, admin, "/posts/create");
    const title = `Удаляемая ${Date.now()}`;
    await page.getByLabel("Заголовок").fill(title);
    await page.getByLabel("Текст").fill("Будет удалена.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`);
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/delete\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const link = page.getByRole("link", { name: `Удалить «${title}»` });
    await link.click();
    await page.getByRole("dialog").getByRole("button", { name: "Да, удалить" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(link).toHaveAttribute("aria-busy", "true");
    await expect(link).toHaveAttribute("aria-disabled", "true");
    // Pressed again meanwhile (forced: it says it is disabled), it asks nothing a second time.
    await link.click({ force: true });
    await expect(page.getByRole("dialog")).toBeHidden();
    release();
    await expect(page.getByText(`Публикация «${title}» удалена`)).toBeVisible();
    await expect(link).toHaveCount(0);
  });
});

/** Marks the document: a reload would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
}
async function stillTheSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { marked?: boolean }).marked)).toBe(true);
}

test.describe("the sign-in form", () => {
  test("is checked by the server once the page is React's, without a reload, keeping what was typed before", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.goto("/auth");
    const email = page.getByLabel("Электронная почта");
    await email.pressSequentially("not-an-email");
    await page.getByLabel("Пароль", { exact: true }).fill("secret-value");
    await hydrated(page);
    await expect(email).toHaveValue("not-an-email");
    await markDocument(page);

    // The server's check, as data: the message beside the field, the page and the password as they were.
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(
      page.getByText("Пожалуйста, укажите корректный формат электронной почты."),
    ).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(page.getByLabel("Пароль", { exact: true })).toHaveValue("secret-value");
    expect(posts).toEqual(["/auth.data"]);
    // And again with every key, still without a reload: the message goes once the address is whole.
    await email.fill("resident@example.com");
    await expect(
      page.getByText("Пожалуйста, укажите корректный формат электронной почты."),
    ).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Пароль", { exact: true })).toHaveValue("secret-value");
    await stillTheSameDocument(page);
  });

  test("on a slow link, re-validation never blocks typing or loses a character", async ({
    page,
  }) => {
    await page.goto("/auth");
    await hydrated(page);
    const email = page.getByLabel("Электронная почта");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    // The bench's slow link: 400 kbit/s each way, 400 ms a round trip.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await email.fill("");
    // Each key re-validates on the server while the next ones are typed.
    await email.pressSequentially("resident@example.com", { delay: 30 });
    await expect(email).toHaveValue("resident@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true", { timeout: 15_000 });
    await expect(email).toHaveValue("resident@example.com");
  });

  test("takes none of the schemas' code to the browser", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.text());
    });
    await page.goto("/auth");
    await hydrated(page);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByText("Обязательное поле").first()).toBeVisible();
    // zod's own words in its messages; the schemas' keys.
    expect(scripts.filter((text) => /Invalid input|errors:required/.test(text))).toEqual([]);
  });
});

test.describe("the post form's checks in the browser", () => {
  test("break no rule of the page's CSP (zod never probes for eval)", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await signIn(page, admin, "/posts/create");
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page.getByLabel("Заголовок")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
  });
});

test.describe("a form's code comes with its route", () => {
  test("the attach form on the accounts page is checked by the server without a reload, reached by a link or loaded afresh", async ({
    page,
  }) => {
    const user = await createResident("attach-live");
    await signIn(page, user, "/profile");
    const form = page.locator("form#attach-account");
    const tryShortNumber = async () => {
      await markDocument(page);
      const number = form.getByLabel("Номер лицевого счёта");
      await number.pressSequentially("12345");
      await form.getByLabel("Фамилия владельца").fill("Петров");
      await form.getByRole("button", { name: "Привязать" }).click();
      await expect(form.getByText("Номер лицевого счёта — 10 цифр")).toBeVisible();
      await expect(number).toHaveValue("12345");
      await expect(number).toHaveAttribute("aria-invalid", "true");
      await stillTheSameDocument(page);
    };
    // Reached by a client-side navigation: the form's code came with the route.
    await page.locator(".shell__left").getByRole("link", { name: "Лицевые счета" }).click();
    await expect(page).toHaveURL("/profile/accounts");
    await tryShortNumber();
    // Loaded afresh: the same as soon as the page is React's.
    await page.reload();
    await hydrated(page);
    await tryShortNumber();
  });
});

test.describe("small enhancements", () => {
  test("the password can be shown and hidden", async ({ page }) => {
    await page.goto("/auth");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const password = page.getByLabel("Пароль", { exact: true });
    await password.fill("secret-value");
    await page.getByRole("button", { name: "Показать пароль" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Скрыть пароль" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("Escape closes the mobile menu and returns focus to its button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const button = page.getByLabel("Открыть меню");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".mobile-menu__panel")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator(".mobile-menu__panel")).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe("uploading images", () => {
  test("pictures chosen for upload on the edit page stay chosen through a «Предпросмотр» of the text", async ({
    page,
  }) => {
    await signIn(page, admin, "/posts/create");
    await page.getByLabel("Заголовок").fill(`Сохранённый выбор ${Date.now()}`);
    await page.getByLabel("Текст").fill("Первый вариант.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const upload = page.getByLabel("Файлы изображений");
    await upload.setInputFiles([
      { name: "one.png", mimeType: "image/png", buffer: png() },
      { name: "two.png", mimeType: "image/png", buffer: png(12, 12, [10, 150, 60]) },
    ]);
    await page.getByLabel("Текст").fill("Второй **вариант**.");
    await page.getByRole("button", { name: "Предпросмотр" }).click();
    await expect(page.locator(".post-preview strong")).toHaveText("вариант");
    expect(await upload.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(2);
    await expect(page.getByRole("list", { name: "Предпросмотр" }).getByRole("img")).toHaveCount(2);
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.getByText("Загружено изображений: 2")).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);
  });

  test("shows previews before sending and progress while sending", async ({ page }) => {
    await signIn(page, admin, "/posts/create");
    await page.getByLabel("Заголовок").fill(`Превью ${Date.now()}`);
    await page.getByLabel("Текст").fill("Проверка предпросмотра.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Файлы изображений").setInputFiles([
      { name: "one.png", mimeType: "image/png", buffer: png() },
      { name: "two.png", mimeType: "image/png", buffer: png(12, 12, [10, 150, 60]) },
    ]);
    await expect(page.getByRole("list", { name: "Предпросмотр" }).getByRole("img")).toHaveCount(2);
    await page.route("**/admin/posts/*/images", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.locator(".progress progress")).toBeVisible();
    await expect(page.getByText("Загружено изображений: 2")).toBeVisible();
    await expect(page.locator(".image-admin")).toHaveCount(2);
  });
});
