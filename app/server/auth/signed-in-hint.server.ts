/**
 * "This browser was signed in and did not sign out": a cookie beside the
 * session. When the session cookie has expired together with the refresh
 * token, it tells the sign-in page to say that the session expired. It holds
 * nothing else.
 */
import { createCookie } from "react-router";

const signedInHintCookie = createCookie("signed_in", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 30,
});

/** The Set-Cookie value that marks the browser as signed in. */
export function markSignedIn(): Promise<string> {
  return signedInHintCookie.serialize("1");
}

/** The Set-Cookie value that drops the hint: signed out, or told that the session ran out. */
export function forgetSignedIn(): Promise<string> {
  return signedInHintCookie.serialize("", { maxAge: 0 });
}

/** Whether a Cookie header carries the hint. */
export async function hasSignedInHint(cookieHeader: string | null | undefined): Promise<boolean> {
  return Boolean(await signedInHintCookie.parse(cookieHeader ?? null));
}
