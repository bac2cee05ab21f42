/**
 * The session: a signed, httpOnly, SameSite=Lax cookie that holds the backend
 * tokens and the state of multi-step forms. Nothing else keeps state, so any
 * replica can serve any request. Tokens never leave the server: loaders get
 * the decoded user, never the cookie's contents.
 */
import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from "react-router";
import { getEnv } from "~/utils/env.server";
import { requestMetaContext } from "~/utils/request-context";
import { tokenExpiry } from "~/utils/user";

export interface RegistrationState {
  step: "email" | "code" | "profile";
  email?: string;
  code?: number;
  /** When the last code was sent (ms since epoch), for the resend countdown. */
  sentAt?: number;
}

export interface ResetState {
  step: "email" | "code";
  email?: string;
  sentAt?: number;
}

export interface SessionData {
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
    cookie: {
      name: "__session",
      // A comma list, newest first: old cookies stay valid while secrets rotate.
      secrets: getEnv().SESSION_SECRET.split(",").map((secret) => secret.trim()).filter(Boolean),
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
    },
  });
  return storage;
}

export const sessionContext = createContext<PortalSession | null>(null);

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
