/**
 * Offline and installing (issue 23, docs/decisions/016-offline.md): the
 * service worker keeps the public pages a resident saw (never anything
 * personal), shows them without a network with a note saying when they were
 * saved, and shows the offline page with the dispatcher's number for the
 * rest. Without JavaScript nothing of it exists. What an HTTP client sees
 * (the manifest, /sw.js, the offline pages, Save-Data) is checked in both projects.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, hydrated, resident, signIn, test } from "./fixtures";

const dispatcherTel = "tel:+74112401003";

// Every other suite blocks the worker (playwright.config.ts): here it is what is tested.
test.use({ serviceWorkers: "allow" });

/** Every entry of every cache the page's origin holds: its address and its text. */
async function everyCachedEntry(page: Page) {
  return page.evaluate(async () => {
    const entries: Array<{ cache: string; url: string; text: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, text: response ? await response.text() : "" });
      }
    }
    return entries;
  });
}

async function savedPaths(page: Page) {
  return page.evaluate(async () => {
    const pages = await caches.open("portal-pages");
    return (await pages.keys()).map((request) => new URL(request.url).pathname).sort();
  });
}

/** When the worker saved a page (its stamp), in milliseconds; 0 when it has none. */
async function savedAt(page: Page, path: string) {
  const stamp = await page.evaluate(async (url) => (await (await caches.open("portal-pages")).match(url))?.headers.get("X-Portal-Saved-At") ?? null, path);
  return stamp ? Date.parse(stamp) : 0;
}

async function firstPostPath(page: Page) {
  await page.goto("/posts");
  const href = await page.locator(".post-card__link").first().getAttribute("href");
  expect(href).toMatch(/^\/posts\/item\/\d+$/);
  return href!;
}

test.describe("offline, with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "a service worker needs JavaScript");

  test("a resident's public pages stay readable offline, the rest gets the dispatcher's number, and nothing personal is kept", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, resident);
    await hydrated(page);
    // The worker is installed after the page's load; from then on it sees every page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The resident's name as the shell shows it (the summary also holds the menu's hidden label).
    const name = (await page.locator(".profile-menu > summary").innerText()).split("\n")[0].trim();
    expect(name.length).toBeGreaterThan(2);

    const post = await firstPostPath(page);
    for (const visited of ["/", "/posts", post, "/profile"]) {
      await page.goto(visited);
      await expect(page.locator(".profile-menu > summary")).toContainText(name);
    }
    // Signed in, each public page was answered private: a signed-out copy of it is kept instead.
    await expect.poll(() => savedPaths(page)).toEqual(["/", "/posts", post].sort());

    // Something the worker keeps besides pages: it must not outlive the sign-out either.
    await page.evaluate(() => caches.open("portal-media").then((media) => media.put("/media/marker.png", new Response("x"))));
    const savedBefore = await savedAt(page, "/posts");

    await page.locator(".profile-menu > summary").click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    // Signing out dropped every cache, then the worker saved the same public pages again, signed out.
    await expect.poll(() => page.evaluate(() => caches.match("/media/marker.png").then(Boolean))).toBe(false);
    await expect.poll(() => savedPaths(page)).toEqual(["/", "/posts", post].sort());
    await expect.poll(() => savedAt(page, "/posts")).toBeGreaterThan(savedBefore);

    await context.setOffline(true);
    for (const saved of ["/", "/posts", post]) {
      await page.goto(saved);
      await expect(page.locator("[data-saved-note]")).toContainText(/^Сохранённая копия от \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    }
    await page.goto(post);
    await expect(page.locator("main h1").first()).toBeVisible();

    for (const unreachable of ["/profile", "/rates"]) {
      await page.goto(unreachable);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет связи с сайтом");
      await expect(page.locator(`a[href="${dispatcherTel}"]`)).toHaveText("+7 (4112) 40-10-03");
      await expect(page.locator('a[href^="mailto:"]')).toHaveCount(1);
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(4);
      const list = page.locator("ul[data-saved-pages] a");
      await expect(list).toHaveCount(3);
      await expect(list.locator('xpath=self::a[@href="/posts"]')).toHaveCount(1);
    }

    // Read back every cache the portal made: no personal page, nothing of the resident.
    const entries = await everyCachedEntry(page);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      const where = `${entry.cache} ${entry.url}`;
      expect(new URL(entry.url).pathname, where).not.toMatch(/^\/(profile|admin|auth)|\.data$/);
      expect(entry.text.includes(resident.email), `${where} holds the resident's e-mail`).toBe(false);
      expect(entry.text.includes(name), `${where} holds the resident's name`).toBe(false);
      // A page rendered for a signed-in resident has the profile menu; a signed-out one has none.
      expect(entry.text.includes('class="profile-menu"'), `${where} is a signed-in page`).toBe(false);
    }

    // Phone screenshots of the offline page in each language, for the closing note.
    const shots = process.env.OFFLINE_SHOTS_DIR;
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const lng of ["rus", "en", "ykt"]) {
        await page.evaluate(async (language) => {
          const prefs = await caches.open("portal-prefs");
          await prefs.put("/__portal/prefs", Response.json({ lng: language, theme: "light" }));
        }, lng);
        await page.goto("/profile");
        await expect(page.locator(`html[data-lng="${lng}"]`)).toHaveCount(1);
        await page.screenshot({ path: path.join(shots, `offline-${lng}.png`), fullPage: true });
      }
    }
    await context.setOffline(false);
  });

  test("offline, a link followed in the page opens the saved copy or the offline page", async ({ page, context }) => {
    // A first visit of one page registers nothing; the worker comes with the second page.
    await page.goto("/about");
    await page.goto("/posts");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Installed after this page's load: it saves the page it found open.
    await expect.poll(() => savedPaths(page)).toContain("/posts");
    await hydrated(page);
    await context.setOffline(true);
    // React Router asks for /rates.data; the worker turns that into a visit of /rates, which it cannot reach.
    await page.locator('a[href="/rates"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет связи с сайтом");
    await expect(page).toHaveURL("/rates");
    await context.setOffline(false);
  });
});

test.describe("offline, without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the page as it is without JavaScript");

  test("no service worker is registered and nothing is stored", async ({ page }) => {
    await page.goto("/");
    await page.goto("/posts");
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
  });
});

test.describe("installing and the offline pages, as any client sees them", () => {
  test("each page links the manifest in its language; the manifest has what browsers ask for", async ({ page, request, jsEnabled }) => {
    await page.goto("/posts");
    // The server's tags stay after hydration (React renders none of them in the browser).
    if (jsEnabled) await hydrated(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest?lng=rus");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#ffffff");
    for (const [lng, shortName] of [
      ["rus", "Кабинет жителя"],
      ["en", "Resident portal"],
      ["ykt", "Олорооччу кэбиниэтэ"],
    ]) {
      const response = await request.get(`/manifest.webmanifest?lng=${lng}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await response.json()) as { short_name: string; display: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
      expect(manifest.short_name).toBe(shortName);
      expect(manifest).toMatchObject({ display: "standalone", start_url: "/" });
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
      for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    }
  });

  test("/sw.js is never kept without asking; the offline pages carry the five contacts", async ({ request }) => {
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
  });

  test("with Save-Data the news list has no thumbnails, and says it varies", async ({ request }) => {
    const full = await request.get("/posts");
    expect(full.headers()["vary"]).toMatch(/Save-Data/i);
    expect(await full.text()).toContain("post-card__image");
    for (let i = 0; i < 2; i += 1) {
      // Twice: the second may come from the page cache, which keys on Save-Data too.
      const lean = await request.get("/posts", { headers: { "Save-Data": "on" } });
      expect(lean.headers()["vary"]).toMatch(/Save-Data/i);
      expect(await lean.text()).not.toContain("post-card__image");
    }
    expect(await (await request.get("/posts")).text()).toContain("post-card__image");
  });

  test("the sign-out answer tells the browser to clear this site's cache", async ({ request, baseURL }) => {
    const response = await request.post("/resources/logout", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["clear-site-data"]).toBe('"cache"');
  });
});
