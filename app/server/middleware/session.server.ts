/**
 * The session: an encrypted, httpOnly, SameSite=Lax cookie that holds the
 * backend tokens and the state of multi-step forms (docs/decisions/013).
 * Nothing else keeps state, so any replica can serve any request. Tokens
 * never leave the server: the cookie's value is sealed, and loaders get the
 * decoded user, never the cookie's contents.
 *
 * A signed-in session carries a random id (`sid`) and its sign-in time
 * (`signedInAt`). Signing out remembers the id as ended in the shared store,
 * so a copy of the cookie (on any replica) is signed out too: the contract
 * has no way to revoke the tokens themselves. However often the tokens are
 * refreshed, a session ends SESSION_MAX_HOURS after its sign-in.
 */
import { randomBytes } from "node:crypto";
import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from "react-router";

import { getEnv } from "~/server/config/env.server";
import { rememberVerified } from "~/server/http/remembered-cookie.server";
import { withHeader } from "~/server/http/response.server";
import { sealedCookie } from "~/server/http/sealed-cookie.server";
import { getStore } from "~/server/store/store.server";
import { tokenExpiry } from "~/utils/api/token-claims";
import { sessionCookieName } from "~/utils/http/personal-cookies";
import { requestMetaContext } from "~/utils/http/request-context";

/**
 * What the session holds. The state of a multi-step form is the flow's own
 * key, added by its module (TypeScript's declaration merging):
 * `registration` (app/server/auth/registration-steps.server.ts) and `reset`
 * (app/server/auth/reset-steps.server.ts).
 */
export interface SessionData {
  /** Random, 128 bits, new at every sign-in: what signing out marks as ended. */
  sid?: string;
  /** When the resident signed in (ms since epoch): the start of the session's absolute lifetime. */
  signedInAt?: number;
  access?: string;
  refresh?: string;
  /** A message for the sign-in page, e.g. after the session expired. */
  authMessage?: string;
  /** The e-mail for the sign-in form, when the portal could not sign in after a registration or reset. */
  authEmail?: string;
}

export type PortalSession = Session<SessionData, SessionData>;

type PortalSessionStorage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionData>>;

const storages = new Map<string, PortalSessionStorage>();

/** The session storage of a request: its cookie is `__Host-session` over HTTPS, `__session` over http. */
export function getSessionStorage(secure: boolean): PortalSessionStorage {
  const name = sessionCookieName(secure);
  let storage = storages.get(name);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, SessionData>({
      // Its decrypted values are remembered: no decryption per request for the same cookie.
      cookie: rememberVerified(
        sealedCookie(
          name,
          // A comma list, newest first: old cookies stay valid while secrets rotate.
          getEnv()
            .SESSION_SECRET.split(",")
            .map((secret) => secret.trim())
            .filter(Boolean),
          { httpOnly: true, sameSite: "lax", path: "/", secure },
        ),
      ),
    });
    storages.set(name, storage);
  }
  return storage;
}

export const sessionContext = createContext<PortalSession | null>(null);
/**
 * Why the cookie's session was dropped at this request: signed out (here or on
 * another replica), or past its absolute lifetime. Null when it was not.
 */
export type SessionEnd = "signed-out" | "expired" | null;
export const sessionEndContext = createContext<SessionEnd>(null);

const endedKey = (sid: string) => `session:ended:${sid}`;
const newSessionId = () => randomBytes(16).toString("base64url");

/**
 * Signs in: a new session id, and nothing of what the session held before
 * (registration or reset state, old tokens) survives: no session fixation.
 */
export function startSignedInSession(
  session: PortalSession,
  pair: { access: string; refresh: string },
  now = Date.now(),
) {
  for (const key of Object.keys(session.data)) session.unset(key as keyof SessionData);
  session.set("sid", newSessionId());
  session.set("signedInAt", now);
  session.set("access", pair.access);
  session.set("refresh", pair.refresh);
}

/**
 * Signs out: the session id is remembered as ended until the session would
 * have ended anyway (after that a copy is useless), and the session forgets
 * its tokens.
 */
export async function endSession(session: PortalSession) {
  const sid = session.get("sid");
  const endsAt = sessionEndsAt(session);
  const ttlMs = endsAt === null ? 0 : endsAt - Date.now();
  if (sid && ttlMs > 0) await getStore().set(endedKey(sid), "1", ttlMs);
  forgetSignIn(session);
}

function forgetSignIn(session: PortalSession) {
  session.unset("sid");
  session.unset("signedInAt");
  session.unset("access");
  session.unset("refresh");
}

const maxLifetimeMs = () => getEnv().SESSION_MAX_HOURS * 3_600_000;

/** When a signed-in session ends whatever refreshes happen (ms since epoch); null when signed out. */
export function sessionDeadline(session: PortalSession): number | null {
  const signedInAt = session.get("signedInAt");
  return typeof signedInAt === "number" ? signedInAt + maxLifetimeMs() : null;
}

/** When a signed-in session can last no longer (ms since epoch): its refresh token's expiry or its deadline, whichever is first. */
function sessionEndsAt(session: PortalSession): number | null {
  const refresh = session.get("refresh");
  if (!refresh) return null;
  const refreshExpiry = tokenExpiry(refresh);
  const ends = [
    refreshExpiry === null ? null : refreshExpiry * 1000,
    sessionDeadline(session),
  ].filter((at) => at !== null);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/**
 * Drops the tokens of a session that has ended, before anything could send
 * them to the backend: past its absolute lifetime (no store read), or signed
 * out (one store read per request that carries tokens). A session with
 * tokens but no id or sign-in time was not made by startSignedInSession.
 */
export async function dropEndedSession(
  session: PortalSession,
  now = Date.now(),
): Promise<SessionEnd> {
  if (!session.has("access") && !session.has("refresh")) return null;
  const sid = session.get("sid");
  const deadline = sessionDeadline(session);
  if (!sid || deadline === null || now >= deadline) {
    forgetSignIn(session);
    return "expired";
  }
  if ((await getStore().get(endedKey(sid))) === null) return null;
  forgetSignIn(session);
  return "signed-out";
}

export function getSession(context: Readonly<RouterContextProvider>): PortalSession {
  const session = context.get(sessionContext);
  if (!session) throw new Error("The session middleware did not run");
  return session;
}

/**
 * Reads the session before the loaders and actions, and writes it once after
 * them when its data changed. The cookie lives as long as the refresh token,
 * and never past the session's absolute lifetime (or for the browser session
 * when there is no token).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const { secure } = context.get(requestMetaContext);
  const sessionStorage = getSessionStorage(secure);
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  context.set(sessionEndContext, await dropEndedSession(session));
  context.set(sessionContext, session);
  const signedIn = () => Boolean(session.get("access") || session.get("refresh"));
  const wasSignedIn = signedIn();
  let response = await next();
  // Whatever a signed-in user gets (page, .data, resource route, error) is
  // theirs alone: no shared cache or browser history keeps it.
  if (wasSignedIn || signedIn())
    response = withHeader(response, "Cache-Control", "private, no-store", "set");
  if (JSON.stringify(session.data) !== before) {
    const endsAt = sessionEndsAt(session);
    const cookie = await sessionStorage.commitSession(session, {
      expires: endsAt === null ? undefined : new Date(endsAt),
    });
    return withHeader(response, "Set-Cookie", cookie);
  }
  return response;
};
