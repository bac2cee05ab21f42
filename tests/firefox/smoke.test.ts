/**
 * The Firefox smoke suite (npm run test:firefox; a stage of npm test): the
 * main flows, JavaScript on, in Debian's Firefox ESR over WebDriver BiDi,
 * against a stack of its own (a fresh stand-in and the production build on
 * free ports). Every flow runs in Chromium too (tests/e2e); this checks that
 * another engine sees the same portal, without a script error or a CSP
 * violation.
 */
import { mkdirSync } from "node:fs";
import type { Browser, ElementHandle, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { png } from "../support/images";
import { startPortal, startStack } from "../support/stack.js";
import {
  admin,
  click,
  field,
  fill,
  hydrated,
  launchFirefox,
  openPage,
  pathname,
  resident,
  shows,
  signIn,
  tempFile,
  waitForPath,
  waitUntil,
} from "./firefox";

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchFirefox()]);
  console.log(`Firefox ${await browser.version()} against ${stack.portalUrl}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Tab = Awaited<ReturnType<typeof openPage>>;

/**
 * Runs `flow` in a fresh page, then fails on whatever broke in it. A failed
 * flow leaves a screenshot in test-results/firefox/.
 */
async function inFirefox(flow: (tab: Tab) => Promise<void>) {
  const tab = await openPage(browser, stack.portalUrl);
  try {
    await flow(tab);
    expect(tab.problems, "script errors, console errors or CSP violations").toEqual([]);
  } catch (error) {
    const name =
      expect
        .getState()
        .currentTestName?.replace(/[^\p{L}\d]+/gu, "-")
        .slice(-80) ?? "flow";
    mkdirSync("test-results/firefox", { recursive: true });
    await tab.page.screenshot({ path: `test-results/firefox/${name}.png` }).catch(() => {});
    if (tab.problems.length > 0) console.error("Also seen in the page:", tab.problems);
    throw error;
  } finally {
    await tab.close();
  }
}

const heading = (page: Page) =>
  page.evaluate(() => document.querySelector("h1")?.textContent?.trim());

describe("Firefox ESR (WebDriver BiDi), JavaScript on", () => {
  test("a link opens the next page without reloading this one", async () => {
    await inFirefox(async ({ page, goto }) => {
      await goto("/");
      await hydrated(page);
      const before = await heading(page);
      // A full load would take this mark with the old document.
      await page.evaluate(() => {
        (window as unknown as { smokeMark?: string }).smokeMark = "still here";
      });
      await click(page, "Новости", "link", "nav");
      await waitForPath(page, "/posts");
      await waitUntil(
        page,
        "the news heading",
        () => document.querySelector("h1")?.textContent?.trim() === "Новости",
      );
      expect(before).not.toBe("Новости");
      expect(
        await page.evaluate(() => (window as unknown as { smokeMark?: string }).smokeMark),
      ).toBe("still here");
      expect(
        await page.evaluate(() => document.querySelectorAll(".post-card").length),
      ).toBeGreaterThan(0);
    });
  });

  test("a resident signs in, sees the accounts, is refused a wrong account with the number kept, switches the theme and signs out", async () => {
    await inFirefox(async ({ page, goto }) => {
      await signIn(page, goto, resident, "/profile/accounts");
      await hydrated(page);
      const numbers = await waitUntil(page, "the account cards", () => {
        const cards = [...document.querySelectorAll<HTMLElement>(".account-card")];
        return cards.length > 0 && cards.map((card) => /\d{10}/.exec(card.innerText)?.[0]);
      });
      expect(numbers).toEqual(["1000000001", "1000000002"]);

      // No such number: refused beside the form, what was typed still in the fields.
      const refusal =
        "Лицевой счёт с таким номером и фамилией не найден. Проверьте номер и фамилию владельца.";
      await fill(page, "Номер лицевого счёта", "1999999999", "form#attach-account");
      await fill(page, "Фамилия владельца", "Петров", "form#attach-account");
      await click(page, "Привязать", "button", "form#attach-account");
      const said = await waitUntil(page, "the refusal", () =>
        document.querySelector("form#attach-account .form-error")?.textContent?.trim(),
      );
      expect(said).toBe(refusal);
      expect(await pathname(page)).toBe("/profile/accounts");
      expect(
        await (
          await field(page, "Номер лицевого счёта", "form#attach-account")
        ).evaluate((input) => input.value),
      ).toBe("1999999999");
      expect(
        await (
          await field(page, "Фамилия владельца", "form#attach-account")
        ).evaluate((input) => input.value),
      ).toBe("Петров");
      expect(await page.evaluate(() => document.querySelectorAll(".account-card").length)).toBe(2);

      // The theme: the whole page turns dark (background dark, text light).
      await click(page, "Включить тёмную тему", "button", "header");
      const colours = await waitUntil(page, "a dark page", () => {
        const style = getComputedStyle(document.body);
        // The mean of red, green and blue: under 50 is dark, over 200 light.
        const [background, text] = [style.backgroundColor, style.color].map((colour) =>
          (colour.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, part) => sum + Number(part) / 3, 0),
        );
        return (
          document.body.classList.contains("dark") &&
          background < 50 &&
          text > 200 &&
          style.backgroundColor
        );
      });
      expect(colours).toBe("rgb(15, 20, 27)");
      await page.waitForSelector('::-p-aria([name="Включить светлую тему"][role="button"])');

      // Signing out: from the profile menu, back to the home page, signed out.
      await page.click(".profile-menu > summary");
      await click(page, "Выйти");
      await waitForPath(page, "/");
      await shows(page, "Вы вышли из личного кабинета");
      await page.waitForSelector('header ::-p-aria([name="Войти"][role="link"])');
      await goto("/profile/accounts");
      await waitForPath(page, "/auth");
    });
  });

  test("an administrator publishes a post with a picture, and the news shows it with the picture", async () => {
    const picture = tempFile("yard.png", png(48, 32, [40, 140, 80]));
    try {
      await inFirefox(async ({ page, goto }) => {
        const title = `Двор в Firefox ${Date.now().toString(36)}`;
        await signIn(page, goto, admin, "/posts/create");
        await hydrated(page);
        await fill(page, "Заголовок", title);
        await fill(page, "Текст", "Лавочки **покрашены**.");
        const pictures = (await field(page, "Картинки")) as ElementHandle<HTMLInputElement>;
        await pictures.uploadFile(picture.file);
        expect(
          await pictures.evaluate((input) => [...(input.files ?? [])].map((file) => file.name)),
        ).toEqual(["yard.png"]);
        await click(page, "Опубликовать");
        await shows(page, `Публикация «${title}» создана`);
        await waitForPath(page, /^\/admin\/posts\/\d+\/edit$/);
        expect(await page.evaluate(() => document.querySelectorAll(".image-admin").length)).toBe(1);

        // The news: the card with its picture, then the post with it, by links.
        await goto(`/posts?q=${encodeURIComponent(title)}`);
        await hydrated(page);
        const card = await waitUntil(page, "one card with its picture shown", () => {
          const cards = [...document.querySelectorAll(".post-card")];
          const image = cards[0]?.querySelector<HTMLImageElement>(".post-card__image");
          return (
            cards.length === 1 &&
            image?.complete &&
            image.naturalWidth > 0 &&
            cards[0]!.querySelector(".post-card__link")?.textContent
          );
        });
        expect(card).toBe(title);
        await page.click(".post-card__link");
        await waitForPath(page, /^\/posts\/item\/\d+$/);
        await waitUntil(
          page,
          "the post's heading",
          (wanted) => document.querySelector("h1")?.textContent === wanted,
          title,
        );
        expect(
          await page.evaluate(() => document.querySelector(".post__text strong")?.textContent),
        ).toBe("покрашены");
        const shown = await waitUntil(page, "the post's picture shown", () => {
          const image = document.querySelector<HTMLImageElement>(".post__images img");
          image?.scrollIntoView();
          return (
            image?.complete &&
            image.naturalWidth > 0 && {
              alt: image.alt,
              width: image.naturalWidth,
              height: image.naturalHeight,
            }
          );
        });
        expect(shown).toEqual({ alt: expect.stringContaining(title), width: 48, height: 32 });
      });
    } finally {
      picture.remove();
    }
  });

  test("a returning resident's worker installs once the page is quiet and, stopped and started again, shows the saved news with the portal gone", async () => {
    // A portal of this test's own, stopped before the last page: then only the worker can answer.
    const portal = await startPortal({ apiUrl: stack.backendUrl });
    // An idle worker stops after 1 s here (30 s by default), so the last page starts it again:
    // in Firefox it cannot tell that start from a first one but by its registration (docs/decisions/044).
    const idling = await launchFirefox({ "dom.serviceWorkers.idle_timeout": 1000 });
    const { page, goto, problems, close } = await openPage(idling, portal.url);
    try {
      await goto("/");
      await hydrated(page);
      // A link followed: the registration loads, the worker installs once the page is quiet.
      await click(page, "Новости", "link", "nav");
      await waitForPath(page, "/posts");
      await waitUntil(page, "the worker in control", () =>
        Boolean(navigator.serviceWorker.controller),
      );
      await waitUntil(page, "the news saved", () =>
        caches
          .open("portal-pages")
          .then((pages) => pages.keys())
          .then((keys) => keys.some((request) => new URL(request.url).pathname === "/posts")),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await portal.stop();

      await page.goto(new URL("/posts", portal.url).href);
      await shows(page, "Сохранённая копия от");
      expect(await heading(page)).toBe("Новости");
      // With the portal gone, React Router's fetches fail, as they should: anything else is a fault.
      expect(problems.filter((problem) => !/NetworkError|Failed to fetch/i.test(problem))).toEqual(
        [],
      );
    } finally {
      await close();
      await idling.close();
      await portal.stop();
    }
  });
});
