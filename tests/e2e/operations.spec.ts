/**
 * What the operators rely on: the metrics are never on the public port (only
 * on METRICS_PORT, or there with the bearer token), and a replica that is
 * stopped answers what it was asked before it exits.
 */
import { startBrokenBackend } from "../support/broken-backend.js";
import { freePort, startPortal, startStack } from "../support/stack.js";
import { expect, test } from "./fixtures";

const token = "metrics-token-for-the-tests";

test.describe("metrics", { tag: "@server" }, () => {
  test.describe.configure({ mode: "serial" });
  let stack: Awaited<ReturnType<typeof startStack>>;
  let metricsUrl: string;
  test.beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    stack = await startStack({
      portalEnv: { METRICS_PORT: String(metricsPort), METRICS_TOKEN: token },
    });
  });
  test.afterAll(async () => stack?.stop());

  test("are absent from the public port and count the pages by route on the metrics port", async ({
    page,
    request,
  }) => {
    // The public /metrics is an ordinary missing page, without the token or with a wrong one.
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-token-at-all-sorry" },
    ];
    for (const headers of attempts) {
      const answer = await request.get(`${stack.portalUrl}/metrics`, { headers });
      expect(answer.status()).toBe(404);
      expect(await answer.text()).not.toContain("portal_http_requests_total");
    }

    await page.goto(`${stack.portalUrl}/posts`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const posts = await (
      await fetch(`${stack.backendUrl}/api/v1/client/posts/?page_size=1`)
    ).json();
    const postId = posts.results[0].id;
    expect((await page.goto(`${stack.portalUrl}/posts/item/${postId}`))?.status()).toBe(200);

    const scraped = await request.get(metricsUrl);
    expect(scraped.status()).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('portal_http_requests_total{route="/posts",method="GET",status="200"}');
    // The route's pattern, never the raw path.
    expect(text).toContain('route="/posts/item/:postId"');
    expect(text).not.toContain(`/posts/item/${postId}"`);
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{route="\/posts",method="GET"\} \d+/,
    );
    expect(text).toMatch(
      /portal_backend_call_duration_seconds_count\{operation="\w+",outcome="ok"\} \d+/,
    );
    expect(text).toContain('portal_store_state{state="memory"} 1');

    // With the token, the public port answers too (for a scraper that can only reach it).
    const authorized = await request.get(`${stack.portalUrl}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(authorized.status()).toBe(200);
    expect(await authorized.text()).toContain("portal_http_requests_total");
  });
});

test.describe("stopping a replica (SIGTERM)", { tag: "@server" }, () => {
  let backend: Awaited<ReturnType<typeof startBrokenBackend>>;
  test.beforeEach(async () => {
    backend = await startBrokenBackend();
  });
  test.afterEach(async () => backend?.stop());

  /** The status of a GET, or "refused" when nothing accepts the connection. */
  const probe = (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => `${response.status} ${await response.text()}`,
      () => "refused",
    );

  test("drains: /readyz says 503 at once, the request in flight gets its page, then the process exits", async ({
    request,
  }) => {
    const portal = await startPortal({
      apiUrl: backend.url,
      env: { SHUTDOWN_DELAY_MS: "3000", SHUTDOWN_TIMEOUT_MS: "20000", API_TIMEOUT_MS: "30000" },
    });
    try {
      await backend.setMode("delay-6000");
      const inFlight = request.get(`${portal.url}/rates`, { timeout: 25_000 });
      await expect.poll(() => backend.pending(), { timeout: 10_000 }).toBe(1);

      const signalled = Date.now();
      process.kill(portal.pid!, "SIGTERM");
      await expect
        .poll(() => probe(`${portal.url}/readyz`), { timeout: 2500, intervals: [50] })
        .toBe('503 {"status":"draining"}');
      // After the delay, new connections are refused while the slow request is still answered.
      await expect
        .poll(() => probe(`${portal.url}/healthz`), { timeout: 15_000, intervals: [200] })
        .toBe("refused");

      const answer = await inFlight;
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toMatch(/<h1[^>]*>Тарифы<\/h1>/);

      const { code } = await portal.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(20_000);
    } finally {
      await portal.stop();
    }
  });

  test("exits at SHUTDOWN_TIMEOUT_MS when a request never ends", async () => {
    const portal = await startPortal({
      apiUrl: backend.url,
      env: { SHUTDOWN_DELAY_MS: "0", SHUTDOWN_TIMEOUT_MS: "3000", API_TIMEOUT_MS: "60000" },
    });
    try {
      await backend.setMode("slow");
      const stuck = fetch(`${portal.url}/rates`).then(
        (response) => response.status,
        () => "cut off",
      );
      await expect.poll(() => backend.pending(), { timeout: 10_000 }).toBe(1);

      const signalled = Date.now();
      process.kill(portal.pid!, "SIGTERM");
      const { code } = await portal.exited;
      const elapsed = Date.now() - signalled;
      expect(code).toBe(1);
      expect(elapsed).toBeGreaterThanOrEqual(2900);
      expect(elapsed).toBeLessThan(10_000);
      expect(await stuck).toBe("cut off");
    } finally {
      await portal.stop();
    }
  });
});
