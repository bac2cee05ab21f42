/**
 * A busy hour with JavaScript: a link followed while the process is too busy gets the root's error
 * page saying so (its data request received the edge's busy page), with the way to try again.
 * The stack waits 50 ms at most (server/admission.ts), so a small flood overruns it.
 */
import { flood } from "../support/flood";
import { startStack } from "../support/stack.js";
import { expect, hydrated, test } from "./fixtures";

test.describe("a busy hour, followed by a link", () => {
  test.describe.configure({ timeout: 90_000 });
  let stack: Awaited<ReturnType<typeof startStack>>;
  test.beforeAll(async () => {
    stack = await startStack({ portalEnv: { ADMISSION_MAX_WAIT_MS: "50" } });
  });
  test.afterAll(async () => stack?.stop());

  test("says the site is busy, not that the company's server is down", async ({ page }) => {
    // Wide enough for the side menu, whose links are the client navigation.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${stack.portalUrl}/rates`);
    // A link pressed before React has the page is the browser's own: the document request would
    // get the edge's busy page, not the client's error page this spec is about.
    await hydrated(page);
    const load = flood(`${stack.portalUrl}/rates`, 60);
    const busy = page.getByRole("heading", { level: 1, name: "Сайт сейчас перегружен" });
    // A client navigation each time: the news by its link, back to the tariffs by theirs, until
    // one is refused.
    const heading = page.getByRole("heading", { level: 1 });
    for (let tries = 0; tries < 20; tries += 1) {
      const before = await heading.innerText();
      const toNews = !page.url().includes("/posts");
      await page
        .locator(`a[href="${toNews ? "/posts" : "/rates"}"]`)
        .first()
        .click();
      // Either the page the link leads to or the busy page.
      await expect(heading).not.toHaveText(before, { timeout: 15_000 });
      if (await busy.isVisible()) break;
    }
    await load.stop();
    await expect(busy).toBeVisible();
    await expect(page.getByText("Не удалось связаться с сервером")).toHaveCount(0);
    await expect(
      page
        .getByRole("button", { name: "Повторить" })
        .or(page.getByRole("link", { name: "Повторить" })),
    ).toBeVisible();
  });
});
