import { afterEach, describe, expect, it, vi } from "vitest";
import { languageChain, languages, namespaces, type Language } from "./config";
import { i18nFor, inlineLocale } from "../middleware/i18n.server";
import { resources } from "./resources";
import { fetchBundle, flatten, lookup, type InlineLocale } from "./translator";
import { memoized } from "./use-translation";

describe("the browser's locale loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  const load = (...answers: Array<() => Promise<Response>>) => {
    const fetch = vi.fn(answers.reduce((mock, answer) => mock.mockImplementationOnce(answer), vi.fn()));
    vi.stubGlobal("fetch", fetch);
    return { fetch, done: fetchBundle("rus", "translation", { delayMs: 1 }).then((data) => ({ data }), (error: unknown) => ({ error })) };
  };

  it("gives the file", async () => {
    expect((await load(async () => new Response('{"a":"б"}', { status: 200 })).done)).toEqual({ data: { a: "б" } });
  });

  it("retries after a network error or a 5xx, not after a 4xx", async () => {
    const retried = load(
      () => Promise.reject(new TypeError("offline")),
      async () => new Response("busy", { status: 503 }),
      async () => new Response('{"a":"б"}', { status: 200 }),
    );
    expect(await retried.done).toEqual({ data: { a: "б" } });
    expect(retried.fetch).toHaveBeenCalledTimes(3);
    const refused = load(async () => new Response("{}", { status: 404 }));
    expect(await refused.done).toHaveProperty("error");
    expect(refused.fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the browser's lookups", () => {
  it("answer as i18next does on the server, for every key of every language, values and fallbacks included", async () => {
    const bundles = (lng: Language, ns: string) =>
      flatten((resources as Record<string, Record<string, unknown>>)[lng]?.[ns]);
    for (const lng of languages) {
      const i18n = await i18nFor(lng);
      for (const ns of namespaces) {
        const keys = new Set(languageChain(lng).flatMap((each) => Object.keys(bundles(each, ns))));
        const values = { title: "Т", name: "Н", email: "e@example.org", id: 7, count: 3, n: 2, time: "10:00", value: "v", date: "1.1.2026", minutes: 5, year: 2026 };
        for (const key of keys) {
          const expected = i18n.t(key, { ns, ...values });
          expect(lookup(bundles, languageChain(lng), ns, key, values), `${lng} ${ns}:${key}`).toBe(expected);
        }
      }
    }
  });

  it("the page's strings inlined by the server are those its render asked for, from the first language that has them", () => {
    const block = inlineLocale("ykt", ["translation:nav.home", "errors:required", "translation:no.such.key"], "n0nce");
    expect(block).toMatch(/^<script type="application\/json" id="locale-strings" nonce="n0nce">/);
    const data = JSON.parse(block.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "")) as InlineLocale;
    expect(data.lng).toBe("ykt");
    expect(Object.keys(data.bundles.translation)).toEqual(["nav.home"]);
    const chain = languageChain("ykt");
    const first = (ns: string, key: string) => chain.map((lng) => flatten((resources as Record<string, Record<string, unknown>>)[lng][ns])[key]).find((text) => text !== undefined);
    expect(data.bundles.translation["nav.home"]).toBe(first("translation", "nav.home"));
    expect(data.bundles.errors.required).toBe(first("errors", "required"));
    expect(inlineLocale("rus", ["translation:x"], "n")).not.toContain("<script>");
  });
});

describe("translations on the server", () => {
  it("one ready instance per language, shared by requests", async () => {
    const first = await i18nFor("ykt");
    expect(await i18nFor("ykt")).toBe(first);
    expect(first.language).toBe("ykt");
    expect((await i18nFor("rus")).language).toBe("rus");
  });

  it("a remembering t answers like i18next's, values included, and asks it once per question", async () => {
    const i18n = await i18nFor("rus");
    const plain = i18n.getFixedT(null, "translation");
    const spy = vi.fn(plain);
    const t = memoized(Object.assign(spy, plain) as unknown as typeof plain);
    expect(t("auth.loginTitle")).toBe(plain("auth.loginTitle"));
    expect(t("auth.loginTitle")).toBe("Вход в личный кабинет");
    expect(spy).toHaveBeenCalledTimes(1);
    expect(t("register.codeLead", { email: "a@example.org" })).toContain("a@example.org");
    expect(t("register.codeLead", { email: "b@example.org" })).toContain("b@example.org");
    expect(t("register.codeLead", { email: "a@example.org" })).toBe(plain("register.codeLead", { email: "a@example.org" }));
    expect(spy).toHaveBeenCalledTimes(3);
  });
});
