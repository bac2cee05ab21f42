import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchBackend } from "./fetch-backend";
import { i18nFor } from "./i18next.server";
import { memoized } from "./use-translation";

describe("the browser's locale loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  const read = (response: () => Promise<Response>) =>
    new Promise<{ error: unknown; data: unknown }>((resolve) => {
      vi.stubGlobal("fetch", vi.fn(response));
      fetchBackend.read("rus", "translation", (error, data) => resolve({ error, data }));
    });

  it("hands i18next the file", async () => {
    const { error, data } = await read(async () => new Response('{"a":"б"}', { status: 200 }));
    expect(error).toBeNull();
    expect(data).toEqual({ a: "б" });
  });

  it("asks for a retry after a network error or a 5xx, not after a 4xx", async () => {
    expect((await read(() => Promise.reject(new TypeError("offline")))).data).toBe(true);
    expect((await read(async () => new Response("busy", { status: 503 }))).data).toBe(true);
    expect((await read(async () => new Response("{}", { status: 404 }))).data).toBe(false);
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
