import type { AddressInfo } from "node:net";
import crypto from "node:crypto";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, pageCacheKey } from "./page-cache";
import { languageCookie, signedInHintCookie, themeCookie, themeFromCookies } from "~/http/preferences.server";
import { languageFromCookies } from "~/middleware/i18n.server";

const request = (path: string, headers: Record<string, string> = {}) => ({
  method: "GET",
  path: path.split("?")[0],
  originalUrl: path,
  protocol: "http",
  // Express's req.host: the trusted proxy's X-Forwarded-Host, else Host (app.ts
  // drops an untrusted X-Forwarded-Host before the cache sees the request).
  host: "portal.test",
  headers: { host: "portal.test", ...headers },
});

/** A preference cookie as the portal writes it (base64 JSON), without its attributes. */
const cookie = async (which: { serialize(value: unknown): Promise<string> }, value: unknown) => (await which.serialize(value)).split(";")[0];

describe("pageCacheKey", () => {
  it("keys a signed-out page by URL, language, theme and sign-in hint", async () => {
    const plain = await pageCacheKey(request("/posts?page=2"));
    expect(plain).toContain("portal.test/posts?page=2");
    expect(await pageCacheKey(request("/posts?page=2", { cookie: await cookie(languageCookie, "ykt") }))).not.toBe(plain);
    expect(await pageCacheKey(request("/posts?page=2", { cookie: await cookie(themeCookie, "dark") }))).not.toBe(plain);
    expect(await pageCacheKey(request("/posts?page=2", { cookie: await cookie(signedInHintCookie, "1") }))).not.toBe(plain);
    expect(await pageCacheKey({ ...request("/posts?page=2"), host: "elsewhere.example" })).not.toBe(plain);
    // A header Express did not trust is not part of the key.
    expect(await pageCacheKey(request("/posts?page=2", { "x-forwarded-host": "elsewhere.example" }))).toBe(plain);
    // Cookies the page does not read, or values it does not take, do not split the cache.
    expect(await pageCacheKey(request("/posts?page=2", { cookie: "_ga=123" }))).toBe(plain);
    expect(await pageCacheKey(request("/posts?page=2", { cookie: "lng=ykt; theme=%%" }))).toBe(plain);
  });

  it("keys on the cookie the render reads when a name comes twice: the first", async () => {
    const english = await cookie(languageCookie, "en");
    const dark = await cookie(themeCookie, "dark");
    const asRendered = await pageCacheKey(request("/", { cookie: `${english}; ${dark}` }));
    expect(asRendered).not.toBe(await pageCacheKey(request("/")));
    // The probe's header: the page renders English and dark; an empty second copy must not key it as the default.
    expect(await pageCacheKey(request("/", { cookie: `${english}; ${dark}; lng=; theme=` }))).toBe(asRendered);
    const russian = await cookie(languageCookie, "rus");
    expect(await pageCacheKey(request("/", { cookie: `${english}; ${russian}` }))).toBe(
      await pageCacheKey(request("/", { cookie: english })),
    );
  });

  it("never keys a personal request, a data request, a file or a form post", async () => {
    expect(await pageCacheKey(request("/profile", { cookie: "__session=abc" }))).toBeNull();
    expect(await pageCacheKey(request("/profile", { cookie: "__Host-session=abc" }))).toBeNull();
    expect(await pageCacheKey(request("/", { cookie: "lng=rus; __toast=xyz" }))).toBeNull();
    // A second, empty copy still makes the request personal.
    expect(await pageCacheKey(request("/", { cookie: "__session=; __session=abc" }))).toBeNull();
    expect(await pageCacheKey(request("/", { authorization: "Bearer x" }))).toBeNull();
    expect(await pageCacheKey(request("/posts.data"))).toBeNull();
    expect(await pageCacheKey(request("/logo.svg"))).toBeNull();
    expect(await pageCacheKey(request("/resources/theme"))).toBeNull();
    expect(await pageCacheKey({ ...request("/auth"), method: "POST" })).toBeNull();
  });
});

describe("the page cache", () => {
  let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
  afterEach(() => server?.close());

  /** A stand-in for React Router: counts renders, puts the nonce, language and theme in the page, may set a cookie. */
  async function start(ttlMs: number) {
    let renders = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.meta = { nonce: crypto.randomBytes(16).toString("base64") };
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.meta.nonce}'`);
      next();
    });
    app.use(createPageCache({ ttlMs }).middleware);
    app.get(/.*/, async (req, res) => {
      renders += 1;
      const [lng, theme] = await Promise.all([languageFromCookies(req.headers.cookie), themeFromCookies(req.headers.cookie)]);
      if (req.query.cookie) res.setHeader("Set-Cookie", "__toast=; Max-Age=0");
      if (req.query.missing) return void res.status(404).type("html").send("<p>нет</p>");
      res.type("html");
      res.write(`<script nonce="${res.locals.meta.nonce}">1</script>`);
      res.end(`<p lang="${lng}" class="${theme}">render ${renders}</p>`);
    });
    server = app.listen(0);
    await new Promise((resolve) => server!.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(base + path, { headers });
      const body = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      return { body, nonce, cache: response.headers.get("x-page-cache"), status: response.status };
    };
    return { get, renders: () => renders };
  }

  it("serves the second visitor the first one's page, with a nonce of their own", async () => {
    const { get, renders } = await start(5000);
    const first = await get("/");
    const second = await get("/");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(1);
    expect(second.body).toContain("render 1");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce);
  });

  it("renders afresh for a session, a hard reload, another language, and after the time is up", async () => {
    const { get, renders } = await start(300);
    await get("/");
    expect((await get("/", { cookie: "__session=abc" })).body).toContain("render 2");
    expect((await get("/", { "cache-control": "no-cache" })).body).toContain("render 3");
    expect((await get("/", { cookie: await cookie(languageCookie, "en") })).body).toContain("render 4");
    // The hard reload stored its page: the next visitor gets render 3.
    expect((await get("/")).body).toContain("render 3");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await get("/")).body).toContain("render 5");
    expect(renders()).toBe(5);
  });

  it("a hard reload with duplicate preference cookies cannot give the next visitors its language and theme", async () => {
    const { get } = await start(5000);
    const poison = `${await cookie(languageCookie, "en")}; ${await cookie(themeCookie, "dark")}; lng=; theme=`;
    const attacker = await get("/news", { cookie: poison, "cache-control": "no-cache" });
    expect(attacker.body).toContain('lang="en" class="dark"');
    const visitor = await get("/news");
    expect(visitor.body).toContain('lang="rus" class="light"');
    // The attacker's page is kept for those who asked for it.
    const english = await get("/news", { cookie: `${await cookie(languageCookie, "en")}; ${await cookie(themeCookie, "dark")}` });
    expect(english.cache).toBe("hit");
    expect(english.body).toContain('lang="en" class="dark"');
  });

  it("keeps nothing that set a cookie or was not a 200", async () => {
    const { get, renders } = await start(5000);
    await get("/a?cookie=1");
    await get("/a?cookie=1");
    await get("/b?missing=1");
    const missing = await get("/b?missing=1");
    expect(missing.status).toBe(404);
    expect(renders()).toBe(4);
  });

  it("keys on the host Express trusts: an X-Forwarded-Host from an untrusted sender neither splits nor poisons it", async () => {
    const { get, renders } = await start(5000);
    const first = await get("/", { "x-forwarded-host": "evil.example" });
    const second = await get("/");
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(1);
  });

  it("does nothing when turned off", async () => {
    const { get, renders } = await start(0);
    await get("/");
    const second = await get("/");
    expect(second.cache).toBeNull();
    expect(renders()).toBe(2);
  });
});

// Save-Data (issue 23): the news list leaves out its thumbnails and says Vary: Save-Data.
describe("the page cache and Save-Data", () => {
  it("keys a page asked for with Save-Data: on apart from the same page without it", async () => {
    const plain = await pageCacheKey(request("/posts"));
    const lean = await pageCacheKey(request("/posts", { "save-data": "on" }));
    expect(lean).not.toBe(plain);
    expect(await pageCacheKey(request("/posts", { "save-data": " ON " }))).toBe(lean);
    expect(await pageCacheKey(request("/posts", { "save-data": "off" }))).toBe(plain);
  });

  it("sends the page's Vary again with a hit", async () => {
    let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
    try {
      const app = express();
      app.use((_req, res, next) => {
        res.locals.meta = { nonce: "n" };
        next();
      });
      app.use(createPageCache({ ttlMs: 5000 }).middleware);
      app.get(/.*/, (_req, res) => void res.setHeader("Vary", "Save-Data").type("html").send("<p>news</p>"));
      server = app.listen(0);
      await new Promise((resolve) => server!.once("listening", resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/posts`;
      const first = await fetch(url);
      const second = await fetch(url);
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(first.headers.get("vary")).toBe("Save-Data");
      expect(second.headers.get("vary")).toBe("Save-Data");
    } finally {
      server?.close();
    }
  });
});
