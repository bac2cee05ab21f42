/**
 * Behaviour that exists only with JavaScript: loading the locale files on
 * the client (with retries on network errors and 5xx, never on 4xx) and the
 * theme animation. Runs in the JavaScript project only.
 */
import { expect, test } from "./fixtures";

test.describe("locale files on the client", () => {
  test("a 5xx is retried until the file arrives", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let attempts = 0;
    await page.route("**/locales/en/translation.json", async (route) => {
      attempts += 1;
      if (attempts <= 2) await route.fulfill({ status: 503, body: "busy" });
      else await route.continue();
    });
    await page.locator(".topbar__language select").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator(".shell__left").getByRole("link", { name: "Home" })).toBeVisible({ timeout: 10_000 });
    expect(attempts).toBe(3);
  });

  test("a 4xx is not retried", async ({ page }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    let attempts = 0;
    await page.route("**/locales/en/errors.json", async (route) => {
      attempts += 1;
      await route.fulfill({ status: 404, body: "{}" });
    });
    await page.locator(".topbar__language select").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.waitForTimeout(3000);
    expect(attempts).toBe(1);
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
