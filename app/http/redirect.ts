/**
 * Redirect targets from users (redirectTo) only ever lead to a path of this
 * site: anything else, "//evil.example" and "/\\evil" included, goes home.
 */
import { safeRedirect as pathOnlyRedirect } from "remix-utils/safe-redirect";

/**
 * remix-utils' check, plus: no control character and no whitespace anywhere.
 * Browsers drop tabs and newlines inside a URL, so "/\t/evil.example" passes
 * the "//" check yet leads off-site; a CR or LF would break the Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, defaultRedirect = "/") {
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (typeof to !== "string" || /[\s\u0000-\u001f\u007f-\u009f]/.test(to)) return defaultRedirect;
  return pathOnlyRedirect(to, defaultRedirect);
}

/** The path and query of a URL, as a redirectTo value for coming back here. */
export function currentPath(url: string | URL) {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return `${parsed.pathname}${parsed.search}`;
}
