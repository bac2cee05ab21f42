/**
 * axe and HTML_CodeSniffer where the walk of the site map (site-walk.spec.ts,
 * which runs both on every page) does not go: the dark theme. Both run inside
 * the page, so this suite runs in the JavaScript project only.
 */
import { expectNoAxeViolations, expectNoHtmlcsErrors, test } from "./fixtures";

test.describe("accessibility", () => {
  test("axe and HTML_CodeSniffer find nothing in dark theme", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await page.waitForFunction(() => document.body.classList.contains("dark"));
    // Contrast is read once the colours have finished their transition.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    await expectNoAxeViolations(page);
    await expectNoHtmlcsErrors(page);
  });
});
