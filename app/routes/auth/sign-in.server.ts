/**
 * Signing in, by the resident's own form or by the portal itself right after
 * the resident set a password (registration, reset): the resident typed their
 * e-mail and password once, and is not asked for them again (WCAG 2.2, 3.3.7).
 */
import { ApiError, BackendFailureResponse } from "~/api/errors";
import { signedInHintCookie } from "~/http/preferences.server";
import { getApi } from "~/middleware/api.server";
import { getSession, startSignedInSession } from "~/middleware/session.server";
import type { RouterContextProvider } from "react-router";

type Context = Readonly<RouterContextProvider>;

/** Tokens for the pair, kept in a new session; the response's headers then mark the browser as signed in. */
export async function signIn(context: Context, credentials: { email: string; password: string }): Promise<ResponseInit> {
  const pair = await getApi(context).users.login(credentials);
  startSignedInSession(getSession(context), pair);
  return { headers: { "Set-Cookie": await signedInHintCookie.serialize("1") } };
}

/**
 * After a password was set: signed in, or null when the backend would not
 * (an account it keeps inactive, the backend gone meanwhile). Then the
 * sign-in page is opened with the e-mail filled in. Not counted as a
 * sign-in try (app/http/limits.server.ts): the portal knows the password is
 * right, nobody is guessing.
 */
export async function signInWithNewPassword(context: Context, credentials: { email: string; password: string }): Promise<ResponseInit | null> {
  try {
    return await signIn(context, credentials);
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof BackendFailureResponse)) throw error;
    getSession(context).flash("authEmail", credentials.email);
    return null;
  }
}
