/**
 * Tokens expiring underneath the resident. Each suite starts its own
 * stand-in with lifetimes of seconds, and a portal in front of it.
 */
import type { Page } from "@playwright/test";

import { startStack } from "../support/stack.js";
import { expect, findSessionCookie, resident, test } from "./fixtures";

type Stack = Awaited<ReturnType<typeof startStack>>;

async function signInAt(page: Page, base: string, redirectTo?: string) {
  await page.goto(
    `${base}/auth${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`,
  );
  await page.getByLabel("Электронная почта").fill(resident.email);
  await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await expect(page.locator("form#login")).toHaveCount(0);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe("an access token that expires", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Stack;
  test.beforeAll(async () => {
    // Seconds, not one: a busy machine must still reach the backend before a fresh token expires.
    stack = await startStack({ backendEnv: { BACKEND_ACCESS_SECONDS: "3" } });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("is refreshed silently: the resident keeps working past it", async ({ page }) => {
    await signInAt(page, stack.portalUrl, "/profile/accounts");
    await expect(page.locator(".account-card")).toHaveCount(2);
    // Two refreshes in a row, the second with the token the first rotated: one by a link, one by a page load.
    await wait(3600);
    await page.getByRole("link", { name: "Профиль", exact: true }).first().click();
    await expect(page).toHaveURL(`${stack.portalUrl}/profile`);
    await expect(page.locator(".profile-summary")).toContainText("Иванов Иван Иванович");
    await wait(3600);
    await page.goto(`${stack.portalUrl}/profile/accounts`);
    await expect(page).toHaveURL(`${stack.portalUrl}/profile/accounts`);
    await expect(page.locator(".account-card")).toHaveCount(2);
  });

  test(
    "parallel loaders and concurrent requests share one refresh",
    { tag: "@server" },
    async ({ page }) => {
      await signInAt(page, stack.portalUrl, "/profile/accounts");
      await wait(3600);
      // Two loaders (the profile section and the accounts list) call the backend at once;
      // refresh tokens rotate, so a second refresh with the same token would end the session.
      await page.goto(`${stack.portalUrl}/profile/accounts`);
      await expect(page).toHaveURL(`${stack.portalUrl}/profile/accounts`);
      await expect(page.locator(".profile-strip")).toContainText("Иванов Иван Иванович");
      await expect(page.locator(".account-card")).toHaveCount(2);

      // Three requests of one browser at once, all carrying the same expired pair.
      await wait(3600);
      const responses = await Promise.all(
        [1, 2, 3].map(() =>
          page.request.get(`${stack.portalUrl}/profile/accounts`, { maxRedirects: 0 }),
        ),
      );
      expect(responses.map((response) => response.status())).toEqual([200, 200, 200]);
    },
  );
});

test.describe("a refresh token that expires", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Stack;
  test.beforeAll(async () => {
    // Long enough for signing in again on a busy machine, short enough to wait for.
    stack = await startStack({
      backendEnv: { BACKEND_ACCESS_SECONDS: "3", BACKEND_REFRESH_SECONDS: "8" },
    });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("ends the session: back to sign-in with a message, and back to the page after", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAt(page, stack.portalUrl, "/profile/accounts");
    await expect(page.locator(".account-card")).toHaveCount(2);
    await wait(8600);
    await page.goto(`${stack.portalUrl}/profile/accounts?sort=address`);
    await expect(page).toHaveURL(
      `${stack.portalUrl}/auth?redirectTo=${encodeURIComponent("/profile/accounts?sort=address")}`,
    );
    await expect(page.getByText("Сессия истекла. Пожалуйста, войдите снова.")).toBeVisible();
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page).toHaveURL(`${stack.portalUrl}/profile/accounts?sort=address`);
  });
});

test.describe("a session's absolute lifetime (SESSION_MAX_HOURS)", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Stack;
  test.beforeAll(async () => {
    // 10.8 s from sign-in, with access tokens of 3 s: the session is refreshed before it ends.
    stack = await startStack({
      backendEnv: { BACKEND_ACCESS_SECONDS: "3" },
      portalEnv: { SESSION_MAX_HOURS: "0.003" },
    });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test(
    "ends the session however often it was refreshed: back to sign-in with the message, a copy signed out too",
    { tag: "@server" },
    async ({ page }) => {
      test.setTimeout(60_000);
      await signInAt(page, stack.portalUrl, "/profile/accounts");
      const signedInBy = Date.now();
      await expect(page.locator(".account-card")).toHaveCount(2);
      const before = findSessionCookie(await page.context().cookies())!;

      // Past the access token's life: refreshed, still signed in, a new cookie.
      await wait(3600);
      await page.goto(`${stack.portalUrl}/profile`);
      await expect(page.locator(".profile-summary")).toContainText("Иванов Иван Иванович");
      const refreshed = findSessionCookie(await page.context().cookies())!;
      expect(refreshed.value).not.toBe(before.value);

      await wait(signedInBy + 10_800 + 700 - Date.now());
      // A copy of the freshest cookie (a thief ignores its Expires): the server signs it out.
      const copy = await fetch(`${stack.portalUrl}/profile`, {
        headers: { Cookie: `${refreshed.name}=${refreshed.value}` },
        redirect: "manual",
      });
      expect(copy.status).toBe(302);
      expect(copy.headers.get("location")).toBe(
        `/auth?redirectTo=${encodeURIComponent("/profile")}`,
      );

      await page.goto(`${stack.portalUrl}/profile/accounts`);
      await expect(page).toHaveURL(
        `${stack.portalUrl}/auth?redirectTo=${encodeURIComponent("/profile/accounts")}`,
      );
      await expect(page.getByText("Сессия истекла. Пожалуйста, войдите снова.")).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    },
  );
});
