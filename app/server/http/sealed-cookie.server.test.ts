import { createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";

import { sealedCookie } from "./sealed-cookie.server";

const options = { httpOnly: true, sameSite: "lax" as const, path: "/" };
const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
const data = { sid: "abc", access: jwt, refresh: jwt, signedInAt: 1 };

/** The value of a Set-Cookie header, as the browser would send it back. */
const valueOf = (setCookie: string) => setCookie.slice(setCookie.indexOf("=") + 1).split(";")[0];

describe("the sealed session cookie", () => {
  it("reads back what it wrote, with React Router's attributes", async () => {
    const cookie = sealedCookie("__session", ["new-secret-0123456789"], options);
    const header = await cookie.serialize(data, { expires: new Date("2030-01-01T00:00:00Z") });
    expect(header).toMatch(
      /^__session=[\w-]+; Path=\/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(await cookie.parse(`lng=x; __session=${valueOf(header)}; theme=y`)).toEqual(data);
    expect(cookie.isSigned).toBe(true);
  });

  it("shows nothing of the tokens, however it is decoded", async () => {
    const cookie = sealedCookie("__session", ["new-secret-0123456789"], options);
    const value = valueOf(await cookie.serialize(data));
    const decodings = [
      value,
      Buffer.from(value, "base64").toString("latin1"),
      Buffer.from(value, "base64url").toString("latin1"),
    ];
    // Each part of the token and each name, not a 3-letter fragment: "eyJ" or "sid" turns up by
    // chance in about one random ciphertext in a thousand.
    for (const text of decodings) {
      for (const part of [...jwt.split("."), '"sid"', '"access"', '"abc"'])
        expect(text).not.toContain(part);
    }
    // A new IV each time: the same data never gives the same cookie.
    expect(valueOf(await cookie.serialize(data))).not.toBe(value);
  });

  it("reads a changed, cut or foreign value as no session", async () => {
    const cookie = sealedCookie("__session", ["new-secret-0123456789"], options);
    const storage = createCookieSessionStorage({ cookie });
    const value = valueOf(await cookie.serialize(data));
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    const forged = valueOf(
      await sealedCookie("__session", ["someone-elses-secret"], options).serialize(data),
    );
    for (const bad of [
      flipped,
      value.slice(0, -2),
      value + "AA",
      forged,
      "",
      "not base64!",
      btoa(JSON.stringify(data)),
    ]) {
      expect(await cookie.parse(`__session=${bad}`), bad).toBeNull();
      expect((await storage.getSession(`__session=${bad}`)).data, bad).toEqual({});
    }
  });

  it("rotates secrets: the newest encrypts, an older one still decrypts, a dropped one no longer does", async () => {
    const before = sealedCookie("__session", ["old-secret-0123456789"], options);
    const during = sealedCookie(
      "__session",
      ["new-secret-0123456789", "old-secret-0123456789"],
      options,
    );
    const after = sealedCookie("__session", ["new-secret-0123456789"], options);
    const old = `__session=${valueOf(await before.serialize(data))}`;
    const fresh = `__session=${valueOf(await during.serialize(data))}`;
    expect(await during.parse(old)).toEqual(data);
    expect(await after.parse(fresh)).toEqual(data);
    expect(await after.parse(old)).toBeNull();
    expect(await before.parse(fresh)).toBeNull();
  });

  it("reads only its own name", async () => {
    const plain = sealedCookie("__session", ["new-secret-0123456789"], options);
    const host = sealedCookie("__Host-session", ["new-secret-0123456789"], {
      ...options,
      secure: true,
    });
    const header = await host.serialize(data);
    expect(header).toMatch(/^__Host-session=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await plain.parse(`__session=${valueOf(header)}`)).toEqual(data);
    expect(await host.parse(`__session=${valueOf(header)}`)).toBeNull();
  });

  it("clears with an empty value that expired", async () => {
    const storage = createCookieSessionStorage({
      cookie: sealedCookie("__session", ["new-secret-0123456789"], options),
    });
    const cleared = await storage.destroySession(await storage.getSession());
    expect(cleared).toMatch(
      /^__session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
  });
});
