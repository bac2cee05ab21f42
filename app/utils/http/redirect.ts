/**
 * Redirect targets from users (redirectTo) only ever lead to a path of this
 * site: anything else, "//evil.example" and "/\\evil" included, goes home.
 */
import { safeRedirect as pathOnlyRedirect } from "remix-utils/safe-redirect";

/**
 * remix-utils' check, plus: no control character and no whitespace anywhere.
 * Browsers drop tabs and newlines inside a URL, so "/\t/evil.example" passes
 * the "//" check yet leads off-site; a CR or LF would break the Location header.
 * The path comes back percent-encoded as a browser would send it ("/д" is
 * "/%D0%B4"): a Location header holds bytes, and Node refuses a raw Cyrillic
 * letter in it.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  defaultRedirect = "/",
) {
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (typeof to !== "string" || /[\s\u0000-\u001f\u007f-\u009f]/.test(to)) return defaultRedirect;
  const path = pathOnlyRedirect(to, defaultRedirect);
  const base = "http://portal.invalid";
  try {
    const url = new URL(path, base);
    // Resolved against a placeholder origin, a path of this site stays on it; anything else goes to the default.
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : defaultRedirect;
  } catch {
    return defaultRedirect;
  }
}

/** The path and query of a URL, as a redirectTo value for coming back here. */
export function currentPath(url: string | URL) {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return `${parsed.pathname}${parsed.search}`;
}
