/**
 * axe on the key pages. axe runs inside the page, so this suite runs in the
 * JavaScript project only; the markup it checks is the server's, the same
 * that residents without JavaScript get.
 */
import { admin, expectNoAxeViolations, resident, signIn, test } from "./fixtures";
import { demoIds, pagesFor } from "./site-pages";

const publicPages = ["/", "/auth", "/auth/registration", "/auth/reset", "/about/credits", "/documents/privacy", "/posts", "/rates", "/about/info", "/no-such-page"];

test.describe("accessibility", () => {
  for (const path of publicPages) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  // Every page of the site map a resident and an administrator see (confirmation and error pages too).
  for (const [who, user] of [["resident", resident], ["admin", admin]] as const) {
    test(`axe finds nothing on every page a ${who} sees`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, user);
      for (const path of pagesFor(who, await demoIds())) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
    });
  }

  test("axe finds nothing in dark theme", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await page.waitForFunction(() => document.body.classList.contains("dark"));
    await page.waitForTimeout(900);
    await expectNoAxeViolations(page);
  });
});
