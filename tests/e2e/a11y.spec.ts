/**
 * axe and HTML_CodeSniffer on the pages. Both run inside the page, so this
 * suite runs in the JavaScript project only; the markup they check is the
 * server's, the same that residents without JavaScript get.
 */
import { admin, expectNoAxeViolations, expectNoHtmlcsErrors, resident, signIn, test } from "./fixtures";
import { demoIds, pagesFor } from "./site-pages";

const publicPages = ["/", "/auth", "/auth/registration", "/auth/reset", "/about/credits", "/documents/privacy", "/posts", "/rates", "/about/info", "/no-such-page"];

test.describe("accessibility", () => {
  for (const path of publicPages) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  // Every page of the site map each visitor sees (confirmation and error pages too), by two engines:
  // HTML_CodeSniffer checks what axe leaves to people (a form that changes the page without being asked, WCAG 3.2.2).
  for (const who of ["guest", "resident", "admin"] as const) {
    test(`axe and HTML_CodeSniffer find nothing on every page ${who === "guest" ? "signed out" : `a ${who} sees`}`, async ({ page }) => {
      test.setTimeout(300_000);
      if (who !== "guest") await signIn(page, who === "admin" ? admin : resident);
      for (const path of pagesFor(who, await demoIds())) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
        await expectNoHtmlcsErrors(page, path);
      }
    });
  }

  test("axe and HTML_CodeSniffer find nothing in dark theme", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await page.waitForFunction(() => document.body.classList.contains("dark"));
    await page.waitForTimeout(900);
    await expectNoAxeViolations(page);
    await expectNoHtmlcsErrors(page);
  });
});
