/**
 * Content in every language (issue 21): the Markdown pages in English from
 * content/en; in Sakha, which has none yet, the Russian text marked
 * lang="ru" under a one-line note; tariff units in English.
 */
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The language cookie as the switch writes it (React Router cookies are base64 JSON). */
async function choose(context: BrowserContext, baseURL: string | undefined, lng: "en" | "ykt") {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: baseURL! }]);
}

const pages = [
  { path: "/about", en: "About us", enText: "A 24-hour emergency dispatch service.", ru: "О компании" },
  { path: "/documents/regulations", en: "Regulations", enText: "How soon faults are put right", ru: "Регламенты" },
  { path: "/documents/consent", en: "Consent to the processing of personal data", enText: "You may withdraw the consent at any time", ru: "Согласие на обработку персональных данных" },
];

test.describe("in English", () => {
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

test.describe("in Sakha, which has no version of these pages yet", () => {
  test.beforeEach(async ({ context, baseURL }) => choose(context, baseURL, "ykt"));

  for (const { path, ru } of pages) {
    test(`${path} says so in a line and marks its Russian text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "sah");
      await expect(page.locator(".content-fallback")).toHaveText("Бу сирэй саха тылыгар өссө тылбаастана илик, онон нууччалыы көрдөрүлэр.");
      const article = page.locator("main article");
      await expect(article).toHaveAttribute("lang", "ru");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(ru);
    });
  }
});
