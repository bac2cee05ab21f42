/**
 * Preference cookies: theme and language. They hold nothing secret, so they
 * are plain cookies; the server reads them to render the right page at once.
 */
import { createCookie } from "react-router";

import { themeSchema, type Theme } from "~/utils/http/theme-schema";

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

/** The theme a Cookie header asks for (its first `theme`); light otherwise. */
export async function themeFromCookies(cookieHeader: string | null | undefined): Promise<Theme> {
  const parsed = themeSchema.safeParse(await themeCookie.parse(cookieHeader ?? null));
  return parsed.success ? parsed.data : "light";
}

export function getTheme(request: Request): Promise<Theme> {
  return themeFromCookies(request.headers.get("Cookie"));
}
