import { createSession } from "react-router";
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStore, type MemoryStore } from "~/store/memory-store.server";
import { setStore } from "~/store/store.server";
import { endSession, startSignedInSession, type PortalSession, type SessionData } from "./session.server";

const refreshToken = (secondsLeft: number) =>
  new SignJWT({ token_type: "refresh" })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor(Date.now() / 1000) + secondsLeft)
    .sign(new TextEncoder().encode("k"));

let store: MemoryStore;
beforeEach(() => {
  store = createMemoryStore();
  setStore(store);
});
afterEach(() => setStore(undefined));

describe("signing in and out", () => {
  it("signing in starts a new session: a new id, nothing kept from before", () => {
    const session = createSession<SessionData, SessionData>({
      sid: "planted-by-someone-else",
      access: "old-access",
      refresh: "old-refresh",
      registration: { step: "code", email: "a@b.ru" },
      reset: { step: "email" },
    }) as PortalSession;
    startSignedInSession(session, { access: "new-access", refresh: "new-refresh" });
    expect(Object.keys(session.data).sort()).toEqual(["access", "refresh", "sid"]);
    expect(session.get("sid")).toMatch(/^[\w-]{22}$/); // 128 bits, base64url
    expect(session.get("sid")).not.toBe("planted-by-someone-else");
    expect(session.get("access")).toBe("new-access");
  });

  it("signing out remembers the session id as ended until the refresh token would expire", async () => {
    const session = createSession<SessionData, SessionData>() as PortalSession;
    startSignedInSession(session, { access: "a", refresh: await refreshToken(3600) });
    const sid = session.get("sid")!;
    await endSession(session);
    expect(await store.get(`session:ended:${sid}`)).toBe("1");
    expect(session.has("access") || session.has("refresh") || session.has("sid")).toBe(false);
  });

  it("a refresh token that already expired needs no memory of the session", async () => {
    const session = createSession<SessionData, SessionData>() as PortalSession;
    startSignedInSession(session, { access: "a", refresh: await refreshToken(-10) });
    await endSession(session);
    expect(store.size()).toBe(0);
  });
});
