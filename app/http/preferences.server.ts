/**
 * Preference cookies: theme and language. They hold nothing secret, so they
 * are plain cookies; the server reads them to render the right page at once.
 */
import { createCookie } from "react-router";
import { z } from "zod";

const yearInSeconds = 60 * 60 * 24 * 365;

export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: yearInSeconds,
});

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: yearInSeconds,
});

export const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  const parsed = themeSchema.safeParse(value);
  return parsed.success ? parsed.data : "light";
}

/**
 * "This browser was signed in and did not sign out." When its session cookie
 * has expired together with the refresh token, this tells the sign-in page
 * to say that the session expired. It holds nothing else.
 */
export const signedInHintCookie = createCookie("signed_in", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 30,
});
