import { SignJWT } from "jose";
import { createSession, RouterContextProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createMemoryStore, type MemoryStore } from "~/server/store/memory-store.server";
import { setStore } from "~/server/store/store.server";
import { requestMetaContext } from "~/utils/http/request-context";

import {
  dropEndedSession,
  endSession,
  getSession,
  sessionEndContext,
  sessionMiddleware,
  startSignedInSession,
  type PortalSession,
  type SessionData,
} from "./session.server";

beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
  process.env.SESSION_MAX_HOURS = "12";
});

const hour = 3_600_000;

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
    startSignedInSession(session, { access: "new-access", refresh: "new-refresh" }, 1_000);
    expect(Object.keys(session.data).sort()).toEqual(["access", "refresh", "sid", "signedInAt"]);
    expect(session.get("signedInAt")).toBe(1_000);
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

describe("the absolute lifetime (SESSION_MAX_HOURS)", () => {
  const signedIn = (at: number) => {
    const session = createSession<SessionData, SessionData>() as PortalSession;
    startSignedInSession(session, { access: "a", refresh: "r" }, at);
    return session;
  };

  it("keeps the session until 12 hours after signing in, whatever refreshes happened, then drops its tokens", async () => {
    const start = Date.UTC(2030, 0, 1);
    const session = signedIn(start);
    for (let hours = 1; hours < 12; hours += 1) {
      // A refresh every hour: new tokens, the sign-in time stays.
      session.set("access", `a${hours}`);
      session.set("refresh", `r${hours}`);
      expect(await dropEndedSession(session, start + hours * hour)).toBeNull();
    }
    expect(await dropEndedSession(session, start + 12 * hour - 1)).toBeNull();
    expect(session.get("access")).toBe("a11");
    expect(await dropEndedSession(session, start + 12 * hour)).toBe("expired");
    expect(Object.keys(session.data)).toEqual([]);
  });

  it("drops tokens that came without a sign-in time", async () => {
    const session = createSession<SessionData, SessionData>({
      sid: "x",
      access: "a",
      refresh: "r",
    }) as PortalSession;
    expect(await dropEndedSession(session, Date.now())).toBe("expired");
    expect(session.has("access")).toBe(false);
  });

  it("tells a session signed out elsewhere from one that ran out", async () => {
    const session = signedIn(Date.now());
    await store.set(`session:ended:${session.get("sid")}`, "1", 60_000);
    expect(await dropEndedSession(session)).toBe("signed-out");
    expect(
      await dropEndedSession(createSession<SessionData, SessionData>() as PortalSession),
    ).toBeNull();
  });
});

describe("the session middleware", () => {
  const run = async (
    cookie: string | null,
    secure: boolean,
    act?: (session: PortalSession) => void,
  ) => {
    const context = new RouterContextProvider();
    context.set(requestMetaContext, { ...context.get(requestMetaContext), secure });
    const request = new Request("http://portal.test/", {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const response = await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "/" } as never,
      async () => {
        act?.(getSession(context));
        return new Response("ok");
      },
    );
    return {
      context,
      session: getSession(context),
      setCookie: (response as Response).headers.get("Set-Cookie"),
    };
  };
  const pair = async () => ({ access: "a", refresh: await refreshToken(24 * 3600) });

  it("over HTTPS writes __Host-session, Secure, and reads only that name", async () => {
    const tokens = await pair();
    const { setCookie } = await run(null, true, (session) => startSignedInSession(session, tokens));
    expect(setCookie).toMatch(
      /^__Host-session=[\w-]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    const value = setCookie!.split(";")[0].split("=")[1];
    expect((await run(`__Host-session=${value}`, true)).session.get("refresh")).toBe(
      tokens.refresh,
    );
    // Planted under the plain name (a sibling subdomain can): not read over HTTPS.
    expect((await run(`__session=${value}`, true)).session.has("refresh")).toBe(false);
  });

  it("over http keeps the plain name", async () => {
    const tokens = await pair();
    const { setCookie } = await run(null, false, (session) =>
      startSignedInSession(session, tokens),
    );
    expect(setCookie).toMatch(/^__session=[\w-]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });

  it("lets the cookie expire at the absolute lifetime when the refresh token would last longer", async () => {
    const tokens = await pair();
    const start = Date.now();
    const { setCookie } = await run(null, false, (session) =>
      startSignedInSession(session, tokens, start),
    );
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie!)![1]);
    expect(Math.abs(expires - (start + 12 * hour))).toBeLessThan(1000);
  });

  it("signs out a copy of the cookie past its lifetime, and says why", async () => {
    const tokens = await pair();
    const { setCookie } = await run(null, false, (session) =>
      startSignedInSession(session, tokens, Date.now() - 12 * hour - 1),
    );
    const later = await run(setCookie!.split(";")[0], false);
    expect(later.context.get(sessionEndContext)).toBe("expired");
    expect(later.session.has("access") || later.session.has("refresh")).toBe(false);
  });
});
