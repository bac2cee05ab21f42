/**
 * What a search engine reads: every public page has its own title and meta
 * description, once each, in the interface language.
 */
import type { Page } from "@playwright/test";

import { expect, hydrated, test } from "./fixtures";
import { demoIds, pagesFor } from "./site-pages";

const errorPages = new Set(["/no/such/page", "/posts/item/999999"]);

async function publicPages() {
  return pagesFor("guest", await demoIds()).filter((path) => !errorPages.has(path));
}

async function head(page: Page) {
  // Exactly one of each, also after hydration (React must not add a second).
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  return {
    title: (await page.title()).trim(),
    description: (
      (await page.locator('meta[name="description"]').getAttribute("content")) ?? ""
    ).trim(),
  };
}

for (const language of ["rus", "en"] as const) {
  // The server writes the head; the site walk checks that hydration keeps one title and one description on every page.
  test(
    `every public page has its own title and description (${language})`,
    { tag: "@server" },
    async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      if (language === "en") {
        // The language cookie as the switch writes it (React Router cookies are base64 JSON).
        await context.addCookies([
          {
            name: "lng",
            value: Buffer.from(JSON.stringify("en")).toString("base64"),
            url: baseURL!,
          },
        ]);
      }
      const pages = await publicPages();
      expect(pages).toContain("/documents/regulations");
      const seen = { titles: new Map<string, string>(), descriptions: new Map<string, string>() };
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const { title, description } = await head(page);
        expect(title, path).not.toBe("");
        expect(description.length, `${path}: description "${description}"`).toBeGreaterThan(50);
        expect(seen.titles.get(title), `${path} has the title of another page`).toBeUndefined();
        expect(
          seen.descriptions.get(description),
          `${path} has the description of another page`,
        ).toBeUndefined();
        seen.titles.set(title, path);
        seen.descriptions.set(description, path);
        if (language === "rus") expect(description, path).toMatch(/[а-яё]{3}/i);
        // A post's description is its own text, shown as given; the others are the portal's.
        else if (!path.startsWith("/posts/item/"))
          expect(description, path).toMatch(/^[^а-яё]*(«[^»]*»|“[^”]*”)?[^а-яё]*$/i);
      }
    },
  );
}

test("the description follows the page, also after a client-side navigation", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/posts");
  if (jsEnabled) await hydrated(page);
  const before = (await head(page)).description;
  await page.locator(".post-card__link").first().click();
  await page.waitForURL(/\/posts\/item\/\d+/);
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute("content", before);
  const after = await head(page);
  expect(after.description).not.toBe("");
});

test(
  "error pages show no unfilled placeholder in their title",
  { tag: "@server" },
  async ({ page }) => {
    for (const path of errorPages) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page).toHaveTitle(/\S/);
      expect(await page.title(), path).not.toContain("{{");
    }
  },
);
