/**
 * axe on the key pages. axe runs inside the page, so this suite runs in the
 * JavaScript project only; the markup it checks is the server's, the same
 * that residents without JavaScript get.
 */
import { expectNoAxeViolations, resident, signIn, test } from "./fixtures";

const publicPages = ["/", "/auth", "/auth/registration", "/auth/reset", "/about/credits", "/documents/privacy", "/posts", "/rates", "/about/info", "/no-such-page"];

test.describe("accessibility", () => {
  for (const path of publicPages) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test("axe finds nothing on the signed-in pages", async ({ page }) => {
    await signIn(page, resident);
    for (const path of ["/profile", "/profile/accounts", "/profile/altpayment"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });

  test("axe finds nothing in dark theme", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await page.waitForFunction(() => document.body.classList.contains("dark"));
    await page.waitForTimeout(900);
    await expectNoAxeViolations(page);
  });
});
