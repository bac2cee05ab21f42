/**
 * A busy hour (server/admission.ts, docs/decisions/049): a request that cannot start within
 * ADMISSION_MAX_WAIT_MS is refused at once with the busy page (503, Retry-After, in the resident's
 * language, a link to try the same address again), the probes never are, and once the load ends
 * the pages answer as before. These stacks wait 50 ms at most, so a small flood overruns them.
 */
import { flood } from "../support/flood";
import { startStack } from "../support/stack.js";
import { expect, test } from "./fixtures";

type Stack = Awaited<ReturnType<typeof startStack>>;

test.describe("a busy hour", () => {
  // A flood on a machine the other tests share: more time than a page's test.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({ portalEnv: { ADMISSION_MAX_WAIT_MS: "50" } });
  });
  test.afterAll(async () => stack?.stop());

  test(
    "refuses what cannot start in time with the busy page, never the probes, and serves again after",
    {
      tag: "@server",
    },
    async () => {
      const load = flood(`${stack.portalUrl}/posts?page=1`, 60);
      // While the flood runs, the probes always answer, and a refusal is the busy page.
      let refusal: Response | null = null;
      for (let tries = 0; tries < 20 && !refusal; tries += 1) {
        for (const probe of ["/healthz", "/readyz"]) {
          expect((await fetch(`${stack.portalUrl}${probe}`)).status).toBe(200);
        }
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${stack.portalUrl}/posts?page=1`, { headers: { "Accept-Language": "en" } }),
          ),
        );
        refusal = answers.find((answer) => answer.status === 503) ?? null;
        for (const answer of answers) if (answer !== refusal) await answer.arrayBuffer();
      }
      const statuses = await load.stop();

      expect(refusal, "the flood was refused at least once").not.toBeNull();
      expect(refusal!.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(refusal!.headers.get("cache-control")).toBe("no-store");
      expect(refusal!.headers.get("content-type")).toContain("text/html");
      const body = await refusal!.text();
      expect(body).toContain("<h1>The site is busy right now</h1>");
      expect(body).toContain('<a href="/posts?page=1">Try again</a>');
      // Served or refused, nothing else: no error, no timeout.
      expect([...statuses.keys()].sort()).toEqual([200, 503]);
      expect(statuses.get(200)).toBeGreaterThan(0);

      // The load is over: the next page is served.
      const after = await fetch(`${stack.portalUrl}/posts`);
      expect(after.status).toBe(200);
    },
  );

  test("the try-again link leads only to this site", { tag: "@server" }, async () => {
    const load = flood(`${stack.portalUrl}/`, 60);
    let body = "";
    for (let tries = 0; tries < 200 && !body; tries += 1) {
      const answer = await fetch(`${stack.portalUrl}//evil.example/%2e%2e`);
      if (answer.status === 503) body = await answer.text();
      else await answer.arrayBuffer();
    }
    await load.stop();
    expect(body).toContain("Сайт сейчас перегружен");
    expect(body).not.toContain("evil.example");
    expect(body).toContain('<a href="/">Попробовать ещё раз</a>');
  });

  for (const [language, title, again] of [
    ["ru", "Сайт сейчас перегружен", "Попробовать ещё раз"],
    ["en", "The site is busy right now", "Try again"],
  ] as const) {
    // The busy page has no script, so once is enough: with JavaScript, a link followed while busy
    // is busy.client-only.spec.ts.
    test(
      `shows the busy page in ${language} and the page itself once tried again`,
      {
        tag: "@server",
      },
      async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 800 });
        // The language as the switch keeps it (React Router cookies are base64 JSON).
        const lng = language === "ru" ? "rus" : "en";
        await page.context().addCookies([
          {
            name: "lng",
            value: Buffer.from(JSON.stringify(lng)).toString("base64"),
            url: stack.portalUrl,
          },
        ]);
        const load = flood(`${stack.portalUrl}/rates`, 60);
        let refused = false;
        for (let tries = 0; tries < 20 && !refused; tries += 1) {
          const answer = await page.goto(`${stack.portalUrl}/rates`);
          refused = answer?.status() === 503;
        }
        await load.stop();
        expect(refused, "a visit was refused while the flood ran").toBe(true);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // No sideways scroll on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        await page.getByRole("link", { name: again }).click();
        await expect(page).toHaveURL(`${stack.portalUrl}/rates`);
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);
      },
    );
  }
});
