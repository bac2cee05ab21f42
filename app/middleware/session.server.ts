/**
 * The session: a signed, httpOnly, SameSite=Lax cookie that holds the backend
 * tokens and the state of multi-step forms. Nothing else keeps state, so any
 * replica can serve any request. Tokens never leave the server: loaders get
 * the decoded user, never the cookie's contents.
 *
 * A signed-in session carries a random id (`sid`). Signing out remembers it
 * as ended in the shared store, so a copy of the cookie (on any replica) is
 * signed out too: the contract has no way to revoke the tokens themselves.
 */
import { randomBytes } from "node:crypto";
import {
  createContext,
  createCookie,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from "react-router";
import { getStore } from "~/store/store.server";
import { getEnv } from "~/config/env.server";
import { rememberVerified } from "~/http/remembered-cookie.server";
import { requestMetaContext } from "~/http/request-context";
import { tokenExpiry } from "~/api/token-claims";

export interface RegistrationState {
  step: "email" | "code" | "profile";
  email?: string;
  code?: number;
  /** When the last code was sent (ms since epoch), for the resend countdown. */
  sentAt?: number;
  /** Names the code last sent, for the count of its tries (app/http/limits.server.ts). */
  codeId?: string;
}

export interface ResetState {
  step: "email" | "code";
  email?: string;
  sentAt?: number;
  codeId?: string;
}

export interface SessionData {
  /** Random, 128 bits, new at every sign-in: what signing out marks as ended. */
  sid?: string;
  access?: string;
  refresh?: string;
  registration?: RegistrationState;
  reset?: ResetState;
  /** A message for the sign-in page, e.g. after the session expired. */
  authMessage?: string;
}

export type PortalSession = Session<SessionData, SessionData>;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, SessionData>> | undefined;

export function getSessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, SessionData>({
    // Its verified values are remembered: no WebCrypto check per request for the same cookie.
    cookie: rememberVerified(
      createCookie("__session", {
        // A comma list, newest first: old cookies stay valid while secrets rotate.
        secrets: getEnv().SESSION_SECRET.split(",").map((secret) => secret.trim()).filter(Boolean),
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: false,
      }),
    ),
  });
  return storage;
}

export const sessionContext = createContext<PortalSession | null>(null);
/** True when the cookie carried a session that was signed out (here or on another replica). */
export const sessionEndedContext = createContext<boolean>(false);

const endedKey = (sid: string) => `session:ended:${sid}`;
const newSessionId = () => randomBytes(16).toString("base64url");

/**
 * Signs in: a new session id, and nothing of what the session held before
 * (registration or reset state, old tokens) survives: no session fixation.
 */
export function startSignedInSession(session: PortalSession, pair: { access: string; refresh: string }) {
  for (const key of Object.keys(session.data)) session.unset(key as keyof SessionData);
  session.set("sid", newSessionId());
  session.set("access", pair.access);
  session.set("refresh", pair.refresh);
}

/**
 * Signs out: the session id is remembered as ended until the refresh token
 * would have expired (after that the copy is useless anyway), and the
 * session forgets its tokens.
 */
export async function endSession(session: PortalSession) {
  const sid = session.get("sid");
  const refresh = session.get("refresh");
  const expiry = refresh ? tokenExpiry(refresh) : null;
  const ttlMs = expiry ? expiry * 1000 - Date.now() : 0;
  if (sid && ttlMs > 0) await getStore().set(endedKey(sid), "1", ttlMs);
  session.unset("sid");
  session.unset("access");
  session.unset("refresh");
}

/**
 * One store read per request that carries tokens: an ended session loses
 * them before anything could send them to the backend. A signed-in session
 * from before session ids existed gets one now.
 */
async function dropEndedSession(session: PortalSession): Promise<boolean> {
  if (!session.has("access") && !session.has("refresh")) return false;
  const sid = session.get("sid");
  if (!sid) {
    session.set("sid", newSessionId());
    return false;
  }
  if ((await getStore().get(endedKey(sid))) === null) return false;
  session.unset("sid");
  session.unset("access");
  session.unset("refresh");
  return true;
}

export function getSession(context: Readonly<RouterContextProvider>): PortalSession {
  const session = context.get(sessionContext);
  if (!session) throw new Error("The session middleware did not run");
  return session;
}

/**
 * Reads the session before the loaders and actions, and writes it once after
 * them when its data changed. The cookie lives as long as the refresh token
 * (or for the browser session when there is none).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const sessionStorage = getSessionStorage();
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const before = JSON.stringify(session.data);
  context.set(sessionEndedContext, await dropEndedSession(session));
  context.set(sessionContext, session);
  const signedIn = () => Boolean(session.get("access") || session.get("refresh"));
  const wasSignedIn = signedIn();
  let response = await next();
  // Whatever a signed-in user gets (page, .data, resource route, error) is
  // theirs alone: no shared cache or browser history keeps it.
  if (wasSignedIn || signedIn()) response = withHeader(response, "Cache-Control", "private, no-store", "set");
  if (JSON.stringify(session.data) !== before) {
    const { secure } = context.get(requestMetaContext);
    const refreshExpiry = session.get("refresh") ? tokenExpiry(session.get("refresh")!) : null;
    const cookie = await sessionStorage.commitSession(session, {
      secure,
      expires: refreshExpiry ? new Date(refreshExpiry * 1000) : undefined,
    });
    return withHeader(response, "Set-Cookie", cookie);
  }
  return response;
};

/** Adds (or sets) a header even on a response whose headers are immutable. */
export function withHeader(response: Response, name: string, value: string, how: "append" | "set" = "append") {
  try {
    response.headers[how](name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers[how](name, value);
    return copy;
  }
}
