/**
 * Offline with JavaScript (docs/decisions/016-offline.md): the
 * service worker keeps the public pages a resident saw (never anything
 * personal), shows them without a network with a note saying when they were
 * saved, and shows the offline page with the dispatcher's number for the
 * rest. A new version waits for the next link, and Chromium finds the portal
 * installable. What an HTTP client sees, and the page without JavaScript, are in
 * offline.spec.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page, Request } from "@playwright/test";

import { installWaitMs } from "../../app/pwa/worker-parts";
import { freePort, startPortal } from "../support/stack.js";
import { backendUrl, expect, hydrated, resident, signIn, signInByForm, test } from "./fixtures";

// A first visit: these tests watch the worker install and take control (tests/e2e/fixtures.ts).
test.use({ returning: false });

const dispatcherTel = "tel:+74112401003";

async function everyCachedEntry(page: Page) {
  return page.evaluate(async () => {
    const entries: Array<{ cache: string; url: string; text: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          url: request.url,
          text: response ? await response.text() : "",
        });
      }
    }
    return entries;
  });
}

/** Offline, `path` opens from its saved copy, with the note, and the first `selector` still reads `text`. */
async function expectSavedCopy(
  page: Page,
  context: BrowserContext,
  path: string,
  selector: string,
  text: string,
) {
  await context.setOffline(true);
  await page.goto(path);
  await expect(page.locator("[data-saved-note]")).toContainText(/^Сохранённая копия от/);
  await expect(page.locator(selector).first()).toHaveText(text);
  await context.setOffline(false);
}

async function savedPaths(page: Page) {
  return page.evaluate(async () => {
    const pages = await caches.open("portal-pages");
    return (await pages.keys()).map((request) => new URL(request.url).pathname).sort();
  });
}

/** When the worker saved a page (its stamp), in milliseconds; 0 when it has none. */
async function savedAt(page: Page, path: string) {
  const stamp = await page.evaluate(
    async (url) =>
      (await (await caches.open("portal-pages")).match(url))?.headers.get("X-Portal-Saved-At") ??
      null,
    path,
  );
  return stamp ? Date.parse(stamp) : 0;
}

async function firstPostPath(page: Page) {
  await page.goto("/posts");
  const href = await page.locator(".post-card__link").first().getAttribute("href");
  expect(href).toMatch(/^\/posts\/item\/\d+$/);
  return href!;
}

test.describe("offline, with JavaScript", () => {
  test("a resident's public pages stay readable offline, the rest gets the dispatcher's number, and nothing personal is kept", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    // Through the form: the first page's form sent is what installs the worker (a first visit of one page installs none).
    await signInByForm(page, resident);
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
    await page.evaluate(() =>
      caches
        .open("portal-media")
        .then((media) => media.put("/media/marker.png", new Response("x"))),
    );
    const savedBefore = await savedAt(page, "/posts");

    await page.locator(".profile-menu > summary").click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    // Signing out dropped every cache, then the worker saved the same public pages again, signed out.
    await expect
      .poll(() => page.evaluate(() => caches.match("/media/marker.png").then(Boolean)))
      .toBe(false);
    await expect.poll(() => savedPaths(page)).toEqual(["/", "/posts", post].sort());
    await expect.poll(() => savedAt(page, "/posts")).toBeGreaterThan(savedBefore);

    await context.setOffline(true);
    for (const saved of ["/", "/posts", post]) {
      await page.goto(saved);
      await expect(page.locator("[data-saved-note]")).toContainText(
        /^Сохранённая копия от \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
      );
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
      expect(entry.text.includes(resident.email), `${where} holds the resident's e-mail`).toBe(
        false,
      );
      expect(entry.text.includes(name), `${where} holds the resident's name`).toBe(false);
      // A page rendered for a signed-in resident has the profile menu; a signed-out one has none.
      expect(entry.text.includes('class="profile-menu"'), `${where} is a signed-in page`).toBe(
        false,
      );
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

  test("offline, a link followed in the page opens the saved copy or the offline page", async ({
    page,
    context,
  }) => {
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

  test("a post and the tariffs opened by links are read offline from their saved copies, signed-out ones", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, resident);
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    const name = (await page.locator(".profile-menu > summary").innerText()).split("\n")[0].trim();
    // When the page asked for anything, and when the worker fetched a copy (Chromium reports the worker's requests).
    const pageRequests: number[] = [];
    const copies: { url: string; at: number }[] = [];
    context.on("request", (request) => {
      if (!request.serviceWorker()) pageRequests.push(Date.now());
      else if (request.headers()["x-portal-public-copy"])
        copies.push({ url: request.url(), at: Date.now() });
    });
    // One document from here on: every page below is opened by a link (React Router's data requests).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.locator('main a[href="/posts"]').first().click();
    await expect(page.locator("main h1").first()).toHaveText("Новости", { timeout: 20_000 });
    const card = page.locator(".post-card__link").first();
    const post = (await card.getAttribute("href"))!;
    await card.click();
    await expect(page).toHaveURL(post, { timeout: 20_000 });
    await expect(page.locator("main h1").first()).not.toHaveText("Новости", { timeout: 20_000 });
    const postTitle = (await page.locator("main h1").first().innerText()).trim();
    await page.locator('a[href="/rates"]:visible').first().click();
    await expect(page.locator("main h1").first()).toHaveText("Тарифы", { timeout: 20_000 });
    const firstRate = (await page.locator("main table tbody tr").first().textContent())!.trim();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect
      .poll(() => savedPaths(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["/posts", post, "/rates"]));
    // The resident's requests came first: each copy waited until the page had asked for nothing for 2 s
    // (1.5 s here: both times are taken in this process, after the browser reported them).
    expect(copies.map((copy) => new URL(copy.url).pathname)).toEqual(
      expect.arrayContaining(["/posts", post, "/rates"]),
    );
    for (const copy of copies) {
      const before = pageRequests.filter((at) => at <= copy.at);
      expect(before.length, `${copy.url}: the page asked for nothing before it`).toBeGreaterThan(0);
      const quietFor = copy.at - Math.max(...before);
      expect(
        quietFor,
        `${copy.url} fetched ${quietFor} ms after the page's last request`,
      ).toBeGreaterThanOrEqual(1500);
    }

    // Kept as a signed-out visitor sees them, though the resident read them signed in.
    for (const entry of await everyCachedEntry(page)) {
      const where = `${entry.cache} ${entry.url}`;
      expect(new URL(entry.url).pathname, where).not.toMatch(/\.data$/);
      expect(
        entry.text.includes(resident.email) || entry.text.includes(name),
        `${where} holds the resident's e-mail or name`,
      ).toBe(false);
      expect(entry.text.includes('class="profile-menu"'), `${where} is a signed-in page`).toBe(
        false,
      );
    }

    await context.setOffline(true);
    await page.goto(post);
    await expect(page.locator("[data-saved-note]")).toContainText(/^Сохранённая копия от/);
    await expect(page.locator("main h1").first()).toHaveText(postTitle);
    // Its scripts and texts were kept with it: it comes alive offline.
    await hydrated(page);
    await page.goto("/rates");
    await expect(page.locator("[data-saved-note]")).toContainText(/^Сохранённая копия от/);
    await expect(page.locator("main h1").first()).toHaveText("Тарифы");
    await expect(page.locator("main table tbody tr").first()).toHaveText(firstRate);
    await context.setOffline(false);
  });

  test("the public pages a visit read before the worker took control are kept when it does", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    // A first visit: nothing registered until the resident follows a link.
    await page.goto("/about");
    await hydrated(page);
    const aboutTitle = (await page.locator("main h1").first().innerText()).trim();
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistrations().then((all) => all.length),
      ),
    ).toBe(0);
    // This link loads the registration; the worker installs while the resident reads the home page.
    await page.getByRole("banner").getByRole("link", { name: "Личный кабинет жителя" }).click();
    await expect(page.locator("main h1").first()).toHaveText("Управляющая компания вашего дома", {
      timeout: 20_000,
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // /about was read before any worker existed: only the page's list of what it read can name it.
    await expect
      .poll(() => savedPaths(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["/about", "/"]));

    await expectSavedCopy(page, context, "/about", "main h1", aboutTitle);
  });

  test("the installing worker fetches what it does only once the page's link is quiet; started again, it answers offline at once", async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // A profile of its own: the browser is closed and opened again, and its worker starts from disk.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));
    const open = () =>
      playwright.chromium.launchPersistentContext(profile, {
        ...test.info().project.use.launchOptions,
        baseURL,
        locale: "ru-RU",
        serviceWorkers: "allow",
      });
    // When each of the page's requests ended, and when the worker asked for its caching part (docs/decisions/044).
    const pageRequestsEnded: number[] = [];
    const cachingRequests: number[] = [];
    const watch = (context: BrowserContext) => {
      context.on("request", (request) => {
        if (request.serviceWorker() && /\/assets\/sw-caching-[\w-]+\.js$/.test(request.url()))
          cachingRequests.push(Date.now());
      });
      const ended = (request: Request) => {
        if (!request.serviceWorker()) pageRequestsEnded.push(Date.now());
      };
      context.on("requestfinished", ended);
      context.on("requestfailed", ended);
    };
    try {
      let context = await open();
      watch(context);
      let page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/about");
      await hydrated(page);
      // The link loads the registration: the worker installs while the resident reads the home page.
      await page.getByRole("banner").getByRole("link", { name: "Личный кабинет жителя" }).click();
      await expect(page.locator("main h1").first()).toHaveText("Управляющая компания вашего дома", {
        timeout: 20_000,
      });
      const homeTitle = (await page.locator("main h1").first().innerText()).trim();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      expect(cachingRequests).toHaveLength(1);
      // Asked for once none of the page's requests had ended for 2 s (1.5 s here: the test's clock is not the page's).
      const lastPageRequest = Math.max(
        ...pageRequestsEnded.filter((at) => at < cachingRequests[0]),
      );
      expect(cachingRequests[0] - lastPageRequest).toBeGreaterThan(1500);
      await expect
        .poll(() => savedPaths(page), { timeout: 20_000 })
        .toEqual(expect.arrayContaining(["/"]));
      await context.close();

      // The browser opened again, offline: the worker starts with its routes at once, its import from its own cache.
      context = await open();
      watch(context);
      page = context.pages()[0] ?? (await context.newPage());
      await expectSavedCopy(page, context, "/", "main h1", homeTitle);
      expect(cachingRequests).toHaveLength(1);
      await context.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test("an installing worker that no page tells the link is quiet waits, then installs by itself", async ({
    page,
  }) => {
    test.setTimeout(installWaitMs + 60_000);
    // An address with no page of the portal's: nothing there says when the link is quiet.
    await page.goto("/robots.txt");
    const started = Date.now();
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js").then(() => undefined));
    const state = () =>
      page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        return { installing: Boolean(found?.installing), active: Boolean(found?.active) };
      });
    // Waiting for a word (docs/decisions/044)…
    await page.waitForTimeout(5_000);
    expect(await state()).toEqual({ installing: true, active: false });
    // …but not for ever: the install goes on after its wait, and the worker becomes active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await state()).toEqual({ installing: false, active: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(installWaitMs - 1_000);
    expect(Date.now() - started).toBeLessThan(installWaitMs + 15_000);
  });

  test("a public page left by a full load before the worker took control is kept too", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    // A first visit of one page, left by an address typed: a new document, whose entries name only itself.
    await page.goto("/rates");
    await hydrated(page);
    const firstRate = (await page.locator("main table tbody tr").first().textContent())!.trim();
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => savedPaths(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["/rates", "/"]));

    await expectSavedCopy(page, context, "/rates", "main table tbody tr", firstRate);
  });

  test("a new version waits while a form is filled in and takes over at the next link to another page", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // A portal of this test's own, deployed twice at one address: the second time with a new
    // dispatcher's number, which makes a new worker (its offline pages change with the contacts).
    const port = await freePort();
    const deploy = (env: Record<string, string> = {}) =>
      startPortal({ apiUrl: backendUrl(), port, env });
    const origin = `http://127.0.0.1:${port}`;
    const newNumber = "+7 (4112) 40-10-09";
    const registration = () =>
      page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        return {
          active: Boolean(found?.active),
          waiting: Boolean(found?.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        };
      });
    let portal = await deploy();
    try {
      // Signed in, the worker already there (a first page, then the sign-in page).
      await page.goto(`${origin}/about`);
      await page.goto(`${origin}/auth`);
      await page.getByLabel("Электронная почта").fill(resident.email);
      await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
      await page.getByRole("button", { name: "Войти" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(registration).toEqual({ active: true, waiting: false, controlled: true });

      await portal.stop();
      portal = await deploy({ PHONE_DISPATCHER: newNumber });

      await page.goto(`${origin}/profile/accounts`);
      await hydrated(page);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const form = page.locator("form#attach-account");
      const number = form.getByLabel("Номер лицевого счёта");
      const owner = form.getByLabel("Фамилия владельца");
      await number.pressSequentially("10000");
      // This page's load found the new version: it installs while the resident types, and waits.
      await expect.poll(registration).toEqual({ active: true, waiting: true, controlled: true });
      await number.pressSequentially("00004");
      // Links that stay on this page are not the next navigation: the skip link, and a link that opens a dialog.
      await page.getByRole("link", { name: "Перейти к содержимому" }).focus();
      await page.keyboard.press("Enter");
      await page
        .getByRole("link", { name: /^Отвязать лицевой счёт/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Отмена" }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await owner.pressSequentially("Сидорова");

      // Nothing reloaded the page or took it over.
      await expect(number).toHaveValue("1000000004");
      await expect(owner).toHaveValue("Сидорова");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(await registration()).toEqual({ active: true, waiting: true, controlled: true });

      // The next link followed opens as a new document, under the new version.
      await page.getByRole("banner").getByRole("link", { name: "Личный кабинет жителя" }).click();
      await expect(page).toHaveURL(`${origin}/`);
      await hydrated(page);
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
      expect(await registration()).toEqual({ active: true, waiting: false, controlled: true });
      // Its offline page is the new one, with the new number.
      await context.setOffline(true);
      await page.goto(`${origin}/rates`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет связи с сайтом");
      await expect(page.locator('a[href="tel:+74112401009"]')).toHaveText(newNumber);
      await context.setOffline(false);
    } finally {
      await portal.stop();
    }
  });

  test("Chromium finds the portal installable in each language once the worker is active", async ({
    playwright,
    baseURL,
  }) => {
    // An incognito profile is never installable, and Playwright's contexts are incognito: a profile of its own.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "portal-install-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL,
      locale: "ru-RU",
      serviceWorkers: "allow",
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await page.goto("/about");
      await page.goto("/");
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      for (const lng of ["rus", "en", "ykt"]) {
        await context.addCookies([
          {
            name: "lng",
            value: Buffer.from(JSON.stringify(lng)).toString("base64"),
            url: baseURL!,
          },
        ]);
        await page.goto("/");
        await expect(page.locator(`html[data-lng="${lng}"]`)).toHaveCount(1);
        expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
        const manifest = await cdp.send("Page.getAppManifest");
        expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest?lng=${lng}`);
        expect(manifest.errors).toEqual([]);
        expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
      }
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
