/**
 * Content in every language: the Markdown pages in English from
 * content/en; in Sakha, which has none yet, the Russian text marked
 * lang="ru" under a one-line note; tariff units in English.
 */
import type { BrowserContext, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/** The language cookie as the switch writes it (React Router cookies are base64 JSON). */
async function choose(context: BrowserContext, baseURL: string | undefined, lng: "en" | "ykt") {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: baseURL! },
  ]);
}

const pages = [
  {
    path: "/about",
    en: "About us",
    enText: "A 24-hour emergency dispatch service.",
    ru: "О компании",
  },
  {
    path: "/documents/regulations",
    en: "Regulations",
    enText: "How soon faults are put right",
    ru: "Регламенты",
  },
  {
    path: "/documents/consent",
    en: "Consent to the processing of personal data",
    enText: "You may withdraw the consent at any time",
    ru: "Согласие на обработку персональных данных",
  },
];

test.describe("in English", { tag: "@server" }, () => {
  test.beforeEach(async ({ context, baseURL }) => choose(context, baseURL, "en"));

  for (const { path, en, enText } of pages) {
    test(`${path} is written in English`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const article = page.locator("main article");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(en);
      await expect(article).toContainText(enText);
      // Nothing overrides the page's language, and no note about a missing translation.
      await expect(article).not.toHaveAttribute("lang", /./);
      await expect(page.locator(".content-fallback")).toHaveCount(0);
    });
  }

  test("tariffs read their units in English", async ({ page }) => {
    await page.goto("/rates");
    const main = page.locator("main");
    await expect(main).toContainText(/RUB\s21\.06 per m²/);
    await expect(main).toContainText(/RUB\s312\.40 per person/);
    await expect(main).toContainText(/per kWh/);
    await expect(main).toContainText(/per Gcal/);
    await expect(main).not.toContainText(/per (м²|м³|кВт·ч|Гкал|чел\.)/);
  });
});

test.describe("in Sakha, which has no version of these pages yet", { tag: "@server" }, () => {
  test.beforeEach(async ({ context, baseURL }) => choose(context, baseURL, "ykt"));

  for (const { path, ru } of pages) {
    test(`${path} says so in a line and marks its Russian text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "sah");
      await expect(page.locator(".content-fallback")).toHaveText(
        "Бу сирэй саха тылыгар өссө тылбаастана илик, онон нууччалыы көрдөрүлэр.",
      );
      const article = page.locator("main article");
      await expect(article).toHaveAttribute("lang", "ru");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(ru);
    });
  }
});

/**
 * What a reader meets on a page that holds no backend data: its text and the
 * labels assistive technology reads, with Cyrillic outside an element marked
 * `lang="ru"` or `lang="sah"` (the language switch names Sakha in Sakha).
 */
async function unmarkedCyrillic(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cyrillic = /[А-Яа-яЁё]/;
    const marked = (element: Element) =>
      /^(ru|sah)\b/.test(element.closest("[lang]")?.getAttribute("lang") ?? "");
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (
        cyrillic.test(node.textContent ?? "") &&
        !element.closest("script, style, template") &&
        !marked(element)
      )
        found.push(node.textContent!.trim());
    }
    for (const element of document.querySelectorAll(
      "[aria-label], [title], [placeholder], [alt]",
    )) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value && cyrillic.test(value) && !marked(element)) found.push(`${name}=${value}`);
      }
    }
    return found;
  });
}

test.describe(
  "the operator's names and address, written in Russian, are marked so",
  { tag: "@server" },
  () => {
    const chromeOnly = [
      "/",
      "/auth",
      "/auth/registration",
      "/auth/reset",
      "/about",
      "/about/credits",
      "/about/structure",
      "/documents",
      "/documents/privacy",
      "/no-such-page",
      "/offline/en",
    ];

    test("in English, no page without backend data shows Russian that is not marked", async ({
      page,
      context,
      baseURL,
    }) => {
      await choose(context, baseURL, "en");
      for (const path of chromeOnly) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        expect(await unmarkedCyrillic(page), path).toEqual([]);
      }
    });

    test("in Sakha, the product's name, the company and its address are marked Russian", async ({
      page,
      context,
      baseURL,
    }) => {
      await choose(context, baseURL, "ykt");
      await page.goto("/");
      await expect(page.locator(".brand__name")).toHaveAttribute("lang", "ru");
      await expect(page.locator("footer").getByText("г. Якутск", { exact: false })).toHaveAttribute(
        "lang",
        "ru",
      );
      await expect(page.locator(".footer__copyright")).toHaveAttribute("lang", "ru");
      await page.goto("/offline/ykt");
      await expect(page.locator("html")).toHaveAttribute("lang", "sah");
      await expect(page.getByText("г. Якутск", { exact: false })).toHaveAttribute("lang", "ru");
      await expect(page.locator(".brand span")).toHaveAttribute("lang", "ru");
    });

    test("in Russian, nothing is marked: the page's own language", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator(".brand__name")).not.toHaveAttribute("lang", /./);
      await expect(page.locator(".footer__copyright")).not.toHaveAttribute("lang", /./);
    });
  },
);
