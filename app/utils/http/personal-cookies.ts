/**
 * The cookies that make a request one browser's own: the session's and the
 * flash message's. A signed-out copy (the service worker's) or a shared cache
 * never sees them.
 *
 * The session cookie's name: over HTTPS it carries the `__Host-` prefix:
 * browsers then keep it only if it is Secure, for this host alone, with
 * Path=/, so no sibling subdomain can plant or overwrite it. Over plain http
 * (the demo, the tests) browsers refuse that prefix, so the name stays plain.
 */
export const plainSessionCookie = "__session";
export const hostSessionCookie = "__Host-session";

export const sessionCookieName = (secure: boolean) =>
  secure ? hostSessionCookie : plainSessionCookie;

/** Every name a session may arrive under: what marks a request as personal. */
export const sessionCookieNames = [plainSessionCookie, hostSessionCookie] as const;

/** The flash message's cookie (app/server/toasts/toast.server.ts). */
export const toastCookieName = "__toast";

/** What makes a request one browser's own: its session and its flash message. A signed-out copy or a shared cache never sees them. */
export const personalCookieNames: readonly string[] = [...sessionCookieNames, toastCookieName];

/** Whether one `name=value` of a Cookie header is a personal cookie. */
const isPersonal = (part: string) => personalCookieNames.includes(part.split("=")[0]!.trim());

/** Whether a Cookie header carries a personal cookie. */
export function hasPersonalCookie(header: string | null | undefined) {
  return header ? header.split(";").some(isPersonal) : false;
}

/** The Cookie header without the personal cookies (a signed-out copy's request). */
export function withoutPersonalCookies(header: string) {
  return header
    .split(";")
    .filter((part) => !isPersonal(part))
    .join(";")
    .trim();
}
