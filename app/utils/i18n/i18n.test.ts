import { createInstance, type i18n } from "i18next";
import Fetch from "i18next-fetch-backend";
import { createContext, RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { loader as localeFile } from "~/routes/resources/locales";
import { languageCookie } from "~/server/http/preferences.server";
import {
  acceptedLanguages,
  getI18n,
  getLocale,
  i18nextMiddleware,
  i18nFor,
  requestLanguage,
} from "~/server/middleware/i18n.server";

import { browserOptions } from "./browser";
import { clientLanguages, languageChain, languages, namespaces, type Language } from "./config";
import { localeFileUrl, localesVersion } from "./files";
import { resources } from "./resources";

// The browser's backend calls the global fetch: every request of this file goes to `answer`.
// Put back after the file: the unit tests share one module graph (vitest.config.ts, `isolate: false`).
const answer = vi.hoisted(() => {
  const answer = {
    current: (_url: string): Promise<Response> => Promise.reject(new TypeError("Failed to fetch")),
  };
  vi.stubGlobal("fetch", (url: string) => answer.current(String(url)));
  return answer;
});
afterAll(() => {
  vi.unstubAllGlobals();
});

/** The browser's i18next as app/entry.client.tsx starts it. */
async function browserI18n(lng: Language): Promise<i18n> {
  const instance = createInstance();
  await instance.use(Fetch).init({ ...browserOptions, lng });
  return instance;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
/** Answers a locale file's address as the portal does. */
const serveFiles = async (url: string) => {
  const [, , lng, file] = new URL(url, "http://portal").pathname.split("/");
  return json(resources[lng as Language][file!.replace(".json", "") as "translation"]);
};

describe("the browser's i18next", () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("loads the page's language from its versioned locale files, and then answers every key as the server does", async () => {
    answer.current = (url) => {
      calls.push(url);
      return serveFiles(url);
    };
    for (const lng of languages) {
      calls.length = 0;
      const server = await i18nFor(lng);
      const browser = await browserI18n(lng);
      expect(calls.sort()).toEqual(
        clientLanguages(lng)
          .flatMap((each) => namespaces.map((ns) => localeFileUrl(each, ns)))
          .sort(),
      );
      for (const ns of namespaces) {
        const keys = new Set(
          languageChain(lng).flatMap((each) => Object.keys(flat(resources[each][ns]))),
        );
        const values = {
          title: "Т",
          name: "Н",
          email: "e@example.org",
          id: 7,
          count: 3,
          n: 2,
          time: "10:00",
          value: "v",
          date: "1.1.2026",
          minutes: 5,
          year: 2026,
        };
        for (const key of keys) {
          expect(browser.t(key, { ns, ...values }), `${lng} ${ns}:${key}`).toBe(
            server.t(key, { ns, ...values }),
          );
        }
      }
    }
    expect(calls.every((url) => url.endsWith(`?v=${localesVersion}`))).toBe(true);
  });

  it("fetches another language's files when the language changes", async () => {
    answer.current = (url) => {
      calls.push(url);
      return serveFiles(url);
    };
    const browser = await browserI18n("rus");
    calls.length = 0;
    await browser.changeLanguage("en");
    expect(calls.sort()).toEqual([
      localeFileUrl("en", "errors"),
      localeFileUrl("en", "translation"),
    ]);
    expect(browser.t("nav.home")).toBe((await i18nFor("en")).t("nav.home"));
  });

  /** Fetches of one file until i18next gives up, each answered by `reply`; the clock is i18next's only wait. */
  async function tries(reply: () => Promise<Response>) {
    vi.useRealTimers();
    answer.current = serveFiles;
    const browser = await browserI18n("rus");
    vi.useFakeTimers();
    const at: number[] = [];
    answer.current = (url) => {
      const { pathname } = new URL(url, "http://portal");
      if (pathname === "/locales/en/translation.json") at.push(Date.now());
      return pathname === "/locales/en/errors.json" ? Promise.resolve(json({})) : reply();
    };
    const start = Date.now();
    const changed = browser.changeLanguage("en");
    await vi.runAllTimersAsync();
    await changed;
    return at.map((time) => time - start);
  }

  it("tries five times in all after network errors and 5xx, 350 ms before the second try and doubling", async () => {
    expect(await tries(() => Promise.reject(new TypeError("Failed to fetch")))).toEqual([
      0, 350, 1050, 2450, 5250,
    ]);
    expect(await tries(async () => new Response("busy", { status: 503 }))).toEqual([
      0, 350, 1050, 2450, 5250,
    ]);
  });

  it("never retries a 4xx", async () => {
    expect(await tries(async () => new Response("{}", { status: 404 }))).toEqual([0]);
  });

  it("stops retrying once the file comes", async () => {
    let n = 0;
    expect(
      await tries(async () =>
        ++n < 3 ? new Response("busy", { status: 502 }) : json(resources.en.translation),
      ),
    ).toEqual([0, 350, 1050]);
  });
});

describe("the locale files", () => {
  const get = (path: string) =>
    localeFile({
      params: { lng: path.split("/")[2]!, ns: path.split("/")[3]!.split("?")[0]! },
      request: new Request(`http://portal${path}`),
    } as never);

  it("are kept a year at this version's address, five minutes at any other", async () => {
    const current = get(localeFileUrl("ykt", "errors"));
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await current.json()).toEqual(resources.ykt.errors);
    for (const path of ["/locales/ykt/errors.json", "/locales/ykt/errors.json?v=0123456789ab"]) {
      const other = get(path);
      expect(other.headers.get("Cache-Control"), path).toBe(
        "public, max-age=300, stale-while-revalidate=86400",
      );
      expect(await other.json()).toEqual(resources.ykt.errors);
    }
  });

  it("are a page's texts only: the server's own, the backend's refusals, are not served", () => {
    expect(resources.rus.backend).toHaveProperty("authentication_failed");
    expect(() => get(`/locales/rus/backend.json?v=${localesVersion}`)).toThrow();
    expect(() => get("/locales/rus/translation.json")).not.toThrow();
  });
});

describe("which language a request is in", () => {
  const request = async (headers: Record<string, string>) =>
    requestLanguage(new Request("http://portal/", { headers }));
  const cookie = async (value: unknown) => (await languageCookie.serialize(value)).split(";")[0]!;

  it("the resident's choice first, then the browser's languages the portal speaks, then Russian", async () => {
    expect(await request({ Cookie: await cookie("en"), "Accept-Language": "ru" })).toBe("en");
    expect(await request({ Cookie: await cookie("fr"), "Accept-Language": "sah, ru;q=0.8" })).toBe(
      "ykt",
    );
    expect(await request({ Cookie: "lng=garbage", "Accept-Language": "en-GB,en;q=0.9" })).toBe(
      "en",
    );
    expect(await request({ "Accept-Language": "de-DE, ru;q=0.5, en;q=0.7" })).toBe("en");
    expect(await request({ "Accept-Language": "de, fr" })).toBe("rus");
    expect(await request({})).toBe("rus");
  });

  it("reads an Accept-Language header by its weights, unknown tags and q=0 left out", () => {
    expect(acceptedLanguages("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["rus", "en"]);
    expect(acceptedLanguages("en;q=0, sah;q=0.1, *")).toEqual(["ykt"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("remix-i18next's middleware gives the request its language and an instance in it", async () => {
    const context = new RouterContextProvider();
    const seen = createContext<string>("");
    const request = new Request("http://portal/", { headers: { "Accept-Language": "sah" } });
    await i18nextMiddleware(
      { request, context, params: {}, unstable_pattern: "/" } as never,
      async () => {
        context.set(seen, getI18n(context).t("nav.home"));
        return new Response();
      },
    );
    expect(getLocale(context)).toBe("ykt");
    expect(getI18n(context).language).toBe("ykt");
    expect(context.get(seen)).toBe((await i18nFor("ykt")).t("nav.home"));
  });
});

function flat(
  tree: unknown,
  prefix = "",
  into: Record<string, string> = {},
): Record<string, string> {
  if (tree && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "string") into[path] = value;
      else flat(value, path, into);
    }
  }
  return into;
}
