/**
 * The session cookie's name. Over HTTPS it carries the `__Host-` prefix:
 * browsers then keep it only if it is Secure, for this host alone, with
 * Path=/, so no sibling subdomain can plant or overwrite it. Over plain http
 * (the demo, the tests) browsers refuse that prefix, so the name stays plain.
 */
export const plainSessionCookie = "__session";
export const hostSessionCookie = "__Host-session";

export const sessionCookieName = (secure: boolean) => (secure ? hostSessionCookie : plainSessionCookie);

/** Every name a session may arrive under: what marks a request as personal. */
export const sessionCookieNames = [plainSessionCookie, hostSessionCookie] as const;
