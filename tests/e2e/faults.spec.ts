/**
 * The backend down, slow, trickling its body, answering garbage or shapes
 * outside the contract: pages that need no data still render, pages that
 * need data say what happened with the right status and a retry link, and
 * the portal keeps serving.
 */
import { startBrokenBackend } from "../support/broken-backend.js";
import { freePort, startPortal } from "../support/stack.js";
import { expect, test } from "./fixtures";

type Portal = Awaited<ReturnType<typeof startPortal>>;

test.describe("a backend that is down", () => {
  test.describe.configure({ mode: "serial" });
  let portal: Portal;
  test.beforeAll(async () => {
    // Nothing listens on this port.
    portal = await startPortal({
      apiUrl: `http://127.0.0.1:${await freePort()}`,
      env: { API_TIMEOUT_MS: "2000" },
    });
  });
  test.afterAll(async () => portal?.stop());

  test("pages without data still render; pages with data say the service is unavailable", async ({
    page,
  }) => {
    const home = await page.goto(`${portal.url}/`);
    expect(home?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Управляющая компания вашего дома",
    );
    const documents = await page.goto(`${portal.url}/documents/privacy`);
    expect(documents?.status()).toBe(200);

    const started = Date.now();
    const posts = await page.goto(`${portal.url}/posts`);
    expect(posts?.status()).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(page.getByRole("heading", { name: "Сервис временно недоступен" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Повторить" })).toHaveAttribute("href", "/posts");
    await expect(page.getByText(/Код запроса:/)).toBeVisible();

    // Sign-in tells it in the form.
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel("Электронная почта").fill("resident@example.com");
    await page.getByLabel("Пароль", { exact: true }).fill("resident12345");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.locator(".form-error")).toContainText("Сервис временно недоступен");

    // Still serving.
    const health = await page.request.get(`${portal.url}/healthz`);
    expect(health.status()).toBe(200);
    const ready = await page.request.get(`${portal.url}/readyz`);
    expect(ready.status()).toBe(503);
  });
});

test.describe("a backend that misbehaves", () => {
  test.describe.configure({ mode: "serial" });
  let backend: Awaited<ReturnType<typeof startBrokenBackend>>;
  let portal: Portal;
  test.beforeAll(async () => {
    backend = await startBrokenBackend();
    portal = await startPortal({ apiUrl: backend.url, env: { API_TIMEOUT_MS: "1500" } });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await backend?.stop();
  });

  const cases = [
    { mode: "slow", status: 504, heading: "Сервер не ответил вовремя" },
    { mode: "html502", status: 503, heading: "Сервис временно недоступен" },
    { mode: "empty503", status: 503, heading: "Сервис временно недоступен" },
    { mode: "json500", status: 502, heading: "Сервис временно недоступен" },
    { mode: "garbage", status: 502, heading: "Сервис временно недоступен" },
    { mode: "empty200", status: 502, heading: "Сервис временно недоступен" },
  ];

  for (const { mode, status, heading } of cases) {
    test(`${mode}: a ${status} page that says what happened`, async ({ page }) => {
      await backend.setMode(mode);
      const started = Date.now();
      const response = await page.goto(`${portal.url}/rates`);
      expect(response?.status()).toBe(status);
      expect(Date.now() - started).toBeLessThan(6000);
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      const html = await page.content();
      expect(html).not.toMatch(/at \w+ \(|node_modules|Error:/);
      // A client-side navigation says the same.
      await page.goto(`${portal.url}/`);
      await page.locator(".shell__left").getByRole("link", { name: "Тарифы" }).click();
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    });
  }
});

test.describe("a backend that answers outside the contract", () => {
  test.describe.configure({ mode: "serial" });
  const timeoutMs = 1500;
  let backend: Awaited<ReturnType<typeof startBrokenBackend>>;
  let portal: Portal;
  test.beforeAll(async () => {
    backend = await startBrokenBackend();
    portal = await startPortal({ apiUrl: backend.url, env: { API_TIMEOUT_MS: String(timeoutMs) } });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await backend?.stop();
  });

  test(
    "a body that trickles gives the 504 page within the timeout, and /readyz says so",
    { tag: "@server" },
    async ({ page }) => {
      await backend.setMode("trickle");
      // Warm up the route, so the measure below is the backend's deadline, not a first render.
      await page.request.get(`${portal.url}/rates`);
      const started = Date.now();
      const response = await page.request.get(`${portal.url}/rates`, { timeout: 30_000 });
      const elapsed = Date.now() - started;
      expect(response.status()).toBe(504);
      // One deadline for headers and body: API_TIMEOUT_MS, plus a second for a busy machine.
      expect(elapsed).toBeLessThan(timeoutMs + 1000);
      expect(await response.text()).toContain("Сервер не ответил вовремя");
      const ready = await page.request.get(`${portal.url}/readyz`, { timeout: 30_000 });
      expect(ready.status()).toBe(503);
      const visit = await page.goto(`${portal.url}/posts`);
      expect(visit?.status()).toBe(504);
      await expect(page.getByRole("heading", { name: "Сервер не ответил вовремя" })).toBeVisible();
    },
  );

  for (const mode of ["wrong-shape", "html401", "html200"]) {
    for (const path of ["/posts", "/rates", "/posts/item/1"]) {
      // The server's answer to a document request; the client-side navigation is checked with the misbehaving backend above.
      test(
        `${mode} on ${path}: the 502 page, not a crash`,
        { tag: "@server" },
        async ({ page }) => {
          await backend.setMode(mode);
          const response = await page.goto(`${portal.url}${path}`);
          expect(response?.status()).toBe(502);
          await expect(
            page.getByRole("heading", { name: "Сервис временно недоступен" }),
          ).toBeVisible();
          await expect(page.getByRole("link", { name: "Повторить" })).toHaveAttribute("href", path);
          expect(await page.content()).not.toMatch(/at \w+ \(|node_modules|Error:/);
        },
      );
    }
  }

  test("a token pair of the wrong shape signs nobody in", async ({ page }) => {
    await backend.setMode("wrong-shape");
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel("Электронная почта").fill("resident@example.com");
    await page.getByLabel("Пароль", { exact: true }).fill("resident12345");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.locator(".form-error")).toContainText("Сервис временно недоступен");
    await expect(page.getByText("Вы вошли в личный кабинет")).toHaveCount(0);
    // No session: the profile sends to sign-in.
    await page.goto(`${portal.url}/profile`);
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вход в личный кабинет");
  });

  test(
    "/readyz is 503 with a reason while the backend answers HTML",
    { tag: "@server" },
    async ({ request }) => {
      for (const mode of ["html200", "html401"]) {
        await backend.setMode(mode);
        const ready = await request.get(`${portal.url}/readyz`);
        expect(ready.status()).toBe(503);
        expect((await ready.json()) as { status: string; backend: string; store: string }).toEqual({
          status: "unavailable",
          backend: expect.stringMatching(mode === "html200" ? /text\/html/ : /401/),
          store: "memory",
        });
      }
    },
  );
});
