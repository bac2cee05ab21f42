/**
 * Redirect targets from users (redirectTo) only ever lead to a path of this
 * site: anything else, "//evil.example" and "/\\evil" included, goes home.
 */
export { safeRedirect } from "remix-utils/safe-redirect";

/** The path and query of a URL, as a redirectTo value for coming back here. */
export function currentPath(url: string | URL) {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return `${parsed.pathname}${parsed.search}`;
}
