/**
 * Several portal replicas behind one load balancer, sharing one store
 * (docs/decisions/007-shared-store.md): two portals with Redis, and the same
 * promises from one portal without it. Each describe starts its own
 * stand-in, Redis and portals, and stops them all in afterAll. Tests that
 * need the replicas (a rate limit counted across both, say) go inside
 * `forEachSetup` and use `replicas.portalUrls`.
 */
import type { Page } from "@playwright/test";

import { startReplicas } from "../support/stack.js";
import { expect, findSessionCookie, resident, test } from "./fixtures";

type Replicas = Awaited<ReturnType<typeof startReplicas>>;

const accessSeconds = 5;
const codeRequestQuota = 4;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signInAt(page: Page, base: string) {
  await page.goto(`${base}/auth?redirectTo=${encodeURIComponent("/profile")}`);
  await page.getByLabel("Электронная почта").fill(resident.email);
  await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(`${base}/profile`);
  await expect(page.locator(".profile-summary")).toContainText("Иванов Иван Иванович");
}

/** The session cookie as a Cookie header: what a copy of it (another tab, a thief) would send. */
async function sessionCookie(page: Page) {
  // Nothing of the page may rotate the tokens behind the copy's back.
  await page.goto("about:blank");
  const cookie = findSessionCookie(await page.context().cookies());
  expect(cookie, "signed in: a session cookie").toBeTruthy();
  return `${cookie!.name}=${cookie!.value}`;
}

async function refreshesSoFar(replicas: Replicas) {
  const response = await fetch(`${replicas.backendUrl}/__stats/`);
  return ((await response.json()) as { refreshes: number }).refreshes;
}

async function readyz(url: string) {
  const response = await fetch(`${url}/readyz`);
  return {
    http: response.status,
    ...((await response.json()) as { status: string; store: string }),
  };
}

const setups = [
  { title: "two portals sharing Redis", count: 2, redis: true },
  { title: "one portal without Redis", count: 1, redis: false },
];

for (const setup of setups) {
  test.describe(setup.title, { tag: "@server" }, () => {
    test.describe.configure({ mode: "serial" });
    let replicas: Replicas;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      replicas = await startReplicas({
        count: setup.count,
        redis: setup.redis,
        backendEnv: { BACKEND_ACCESS_SECONDS: String(accessSeconds) },
        // A quota small enough to cross in a test: codes one client may ask for.
        portalEnv: { LIMIT_CODE_REQUESTS_PER_CLIENT: String(codeRequestQuota) },
      });
    });
    test.afterAll(async () => {
      await replicas?.stop();
    });

    test("/readyz names the store", async () => {
      for (const url of replicas.portalUrls) {
        // A replica connects to Redis as it starts: a moment after /healthz at most.
        await expect
          .poll(() => readyz(url))
          .toMatchObject({ http: 200, status: "ok", store: setup.redis ? "redis" : "memory" });
      }
    });

    test("past the access token's lifetime, 20 parallel requests across the portals share one refresh", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await signInAt(page, replicas.portalUrls[0]!);
      const cookie = await sessionCookie(page);
      await wait(accessSeconds * 1000 + 1000);
      const before = await refreshesSoFar(replicas);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          fetch(`${replicas.portalUrls[index % replicas.portalUrls.length]}/profile`, {
            headers: { Cookie: cookie },
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          }),
        ),
      );
      // A second refresh with the rotated token would have been refused: a redirect to /auth.
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
      for (const response of responses)
        expect(await response.text()).toContain("Иванов Иван Иванович");
      expect(await refreshesSoFar(replicas)).toBe(before + 1);
    });

    test("a rate limit counts the requests made to every portal", async () => {
      // One client asks for registration codes for new e-mails, taking turns between the portals:
      // each portal alone sees fewer than the quota, together they cross it.
      const statuses: number[] = [];
      for (let index = 0; index < codeRequestQuota + 2; index += 1) {
        const portal = replicas.portalUrls[index % replicas.portalUrls.length]!;
        const response = await fetch(`${portal}/auth/registration`, {
          method: "POST",
          headers: { Origin: portal, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            intent: "email",
            consent: "on",
            email: `quota-${setup.count}-${index}-${Date.now()}@example.com`,
            name__confirm: "",
          }),
          redirect: "manual",
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(await response.text()).toContain("Слишком много");
        }
      }
      expect(statuses).toEqual([...Array(codeRequestQuota).fill(302), 429, 429]);
    });

    test("signing out on one portal signs a copy of the cookie out on the other", async ({
      page,
    }) => {
      const [first, other = first] = replicas.portalUrls as [string, string?];
      await signInAt(page, first);
      const cookie = await sessionCookie(page);
      await page.goto(`${first}/profile`);
      await page.locator(".profile-menu > summary").click();
      await page.getByRole("button", { name: "Выйти" }).click();
      await expect(page).toHaveURL(`${first}/`);
      await expect(page.getByText("Вы вышли из личного кабинета")).toBeVisible();

      // The copy, on the other portal: signed out, told why, and asked to sign in again.
      const copied = await fetch(`${other}/profile`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(copied.status).toBe(302);
      expect(copied.headers.get("location")).toBe(
        `/auth?redirectTo=${encodeURIComponent("/profile")}`,
      );
      const at = cookie.indexOf("=");
      await page
        .context()
        .addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: other }]);
      await page.goto(`${other}/profile`);
      await expect(page).toHaveURL(`${other}/auth?redirectTo=${encodeURIComponent("/profile")}`);
      await expect(page.getByText("Сессия завершена. Войдите снова.")).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();

      // Signing in again on the same browser works at once: a new session, not the ended one.
      await page.getByLabel("Электронная почта").fill(resident.email);
      await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
      await page.getByRole("button", { name: "Войти" }).click();
      await expect(page).toHaveURL(`${other}/profile`);
      await expect(page.locator(".profile-summary")).toContainText("Иванов Иван Иванович");
    });
  });
}

test.describe("Redis going away under load", { tag: "@server" }, () => {
  test.describe.configure({ mode: "serial" });
  let replicas: Replicas;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Tokens that outlive the test: while Redis is away the replicas cannot share a refresh.
    replicas = await startReplicas({ count: 2, redis: true });
  });
  test.afterAll(async () => {
    await replicas?.stop();
  });

  test("pages keep answering, /readyz says degraded, and the portals return to Redis by themselves", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAt(page, replicas.portalUrls[0]!);
    const cookie = await sessionCookie(page);
    let running = true;
    const statuses: number[] = [];
    // Signed-in pages on both portals, all along.
    const load = (async () => {
      for (let round = 0; running; round += 1) {
        const batch = await Promise.all(
          replicas.portalUrls.map((url) =>
            fetch(`${url}/profile`, {
              headers: { Cookie: cookie },
              redirect: "manual",
              signal: AbortSignal.timeout(30_000),
            }).then((response) => response.status),
          ),
        );
        statuses.push(...batch);
        await wait(100);
      }
    })();
    try {
      await wait(500);
      await replicas.stopRedis();
      for (const url of replicas.portalUrls) {
        await expect
          .poll(() => readyz(url), { timeout: 20_000 })
          .toMatchObject({ http: 200, status: "ok", store: "degraded" });
      }
      const whileDown = statuses.length;
      await wait(1500);
      expect(statuses.length, "requests answered while Redis was away").toBeGreaterThan(whileDown);

      await replicas.restartRedis();
      for (const url of replicas.portalUrls) {
        await expect
          .poll(() => readyz(url), { timeout: 30_000 })
          .toMatchObject({ http: 200, status: "ok", store: "redis" });
      }
      await wait(500);
    } finally {
      running = false;
      await load;
    }
    expect(statuses.length).toBeGreaterThan(4);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Back on Redis, the replicas agree again: signing out on one reaches the other.
    const [first, second] = replicas.portalUrls as [string, string];
    await page.goto(`${second}/profile`);
    await page.locator(".profile-menu > summary").click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL(`${second}/`);
    const copied = await fetch(`${first}/profile`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(copied.status).toBe(302);
  });
});
