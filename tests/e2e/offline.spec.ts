/**
 * Offline and installing (docs/decisions/016-offline.md), as any
 * client sees it: the manifest, /sw.js, the offline pages, Save-Data, and
 * nothing registered or stored for a page read without JavaScript or on a
 * first visit. The worker at work is in offline.client-only.spec.ts.
 */
import zlib from "node:zlib";

import { expect, hydrated, test } from "./fixtures";

// A first visit: these tests watch the worker install and take control (tests/e2e/fixtures.ts).
test.use({ returning: false });

const dispatcherTel = "tel:+74112401003";

test.describe("before the service worker", () => {
  test("nothing is registered or stored: never without JavaScript, not on a first visit's one page with it", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/");
    if (!jsEnabled) await page.goto("/posts");
    else await hydrated(page);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistrations().then((all) => all.length),
      ),
    ).toBe(0);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
  });
});

test.describe("installing and the offline pages, as any client sees them", () => {
  test("each page links the manifest in its language; the manifest has what browsers ask for", async ({
    page,
    request,
    jsEnabled,
  }) => {
    await page.goto("/posts");
    // The server's tags stay after hydration (React renders none of them in the browser).
    if (jsEnabled) await hydrated(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      "/manifest.webmanifest?lng=rus",
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
    for (const [lng, shortName] of [
      ["rus", "Кабинет жителя"],
      ["en", "Resident portal"],
      ["ykt", "Олорооччу кэбиниэтэ"],
    ]) {
      const response = await request.get(`/manifest.webmanifest?lng=${lng}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await response.json()) as {
        short_name: string;
        display: string;
        start_url: string;
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(manifest.short_name).toBe(shortName);
      expect(manifest).toMatchObject({ display: "standalone", start_url: "/" });
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
        expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
      );
      for (const icon of manifest.icons)
        expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });

  test(
    "/sw.js comes as brotli to a browser, gzip or plain to other clients, the same worker in each",
    { tag: "@server" },
    async ({ request }) => {
      const asked = async (acceptEncoding: string) => {
        const response = await request.get("/sw.js", {
          headers: { "Accept-Encoding": acceptEncoding },
        });
        expect(response.status(), acceptEncoding).toBe(200);
        expect(response.headers()["vary"], acceptEncoding).toContain("Accept-Encoding");
        return {
          encoding: response.headers()["content-encoding"],
          length: Number(response.headers()["content-length"]),
          body: await response.text(),
        };
      };
      const browser = await asked("gzip, deflate, br, zstd");
      const gzip = await asked("gzip, deflate");
      const plain = await asked("identity");
      expect([browser.encoding, gzip.encoding, plain.encoding]).toEqual(["br", "gzip", undefined]);
      // The registered script is small and names this build's caching part (decision 044).
      expect(browser.body).toMatch(/\/assets\/sw-caching-[\w-]+\.js/);
      expect(gzip.body).toBe(browser.body);
      expect(plain.body).toBe(browser.body);
      // Compressed once at brotli's best, smaller than the compression middleware's quality 4 would make it.
      const quality4 = zlib.brotliCompressSync(plain.body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      }).length;
      expect(browser.length).toBeGreaterThan(0);
      expect(browser.length).toBeLessThan(quality4);
      // A browser downloads it beside the next page the resident opens: Workbox stays out of it (decision 044).
      expect(browser.length).toBeLessThan(1024);
    },
  );

  test(
    "/sw.js is never kept without asking; the offline pages carry the five contacts",
    { tag: "@server" },
    async ({ request }) => {
      const worker = await request.get("/sw.js");
      expect(worker.status()).toBe(200);
      expect(worker.headers()["cache-control"]).toBe("no-cache");
      expect(worker.headers()["content-type"]).toContain("javascript");
      expect(await worker.text()).not.toContain("__PORTAL_CONFIG_REVISION__");
      const registration = await request.get("/pwa-register.js");
      expect(registration.status()).toBe(200);
      expect(registration.headers()["cache-control"]).toBe("no-cache");
      for (const [lng, title] of [
        ["rus", "Нет связи с сайтом"],
        ["en", "The site cannot be reached"],
        ["ykt", "Саайтка холбонуу суох"],
      ]) {
        const response = await request.get(`/offline/${lng}`);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<h1>${title}</h1>`);
        expect(html).toContain(`href="${dispatcherTel}"`);
        expect(html.match(/href="tel:/g)).toHaveLength(4);
        expect(html).toContain('href="mailto:');
        expect(html).not.toContain("<script");
      }
      expect((await request.get("/offline/xx")).status()).toBe(404);
    },
  );

  test(
    "with Save-Data the news list has no thumbnails, and says it varies",
    { tag: "@server" },
    async ({ request }) => {
      // The seeded post with pictures, whatever other tests have published since.
      const posts = `/posts?q=${encodeURIComponent("детской площадки")}`;
      // A thumbnail is an <img> of the card (the page's own stylesheet names the class too).
      const thumbnail = /<img [^>]*class="post-card__image"/;
      const full = await request.get(posts);
      expect(full.headers()["vary"]).toMatch(/Save-Data/i);
      expect(await full.text()).toMatch(thumbnail);
      const lean = await request.get(posts, { headers: { "Save-Data": "on" } });
      expect(lean.headers()["vary"]).toMatch(/Save-Data/i);
      expect(await lean.text()).not.toMatch(thumbnail);
      expect(await (await request.get(posts)).text()).toMatch(thumbnail);
    },
  );

  test(
    "the sign-out answer tells the browser to clear this site's cache",
    { tag: "@server" },
    async ({ request, baseURL }) => {
      const response = await request.post("/resources/logout", {
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers()["clear-site-data"]).toBe('"cache"');
    },
  );
});
