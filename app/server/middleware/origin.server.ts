/**
 * Refuses state-changing requests from other sites. Modern browsers say
 * where a request comes from in Sec-Fetch-Site; older ones send Origin (or
 * at least Referer) on a POST. A request that names another origin is
 * refused with 403 before any action runs.
 */
import { data, type MiddlewareFunction } from "react-router";

import { getI18n } from "~/server/middleware/i18n.server";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossOrigin(request: Request) {
  return isCrossOriginRequest(
    request.method,
    (name) => request.headers.get(name),
    new URL(request.url).origin,
  );
}

/** The same check on any request: its method, a header getter and this site's origin. */
export function isCrossOriginRequest(
  method: string,
  header: (name: string) => string | null,
  own: string,
) {
  if (safeMethods.has(method.toUpperCase())) return false;
  const site = header("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = header("Origin");
  if (origin && origin !== "null") return origin !== own;
  if (origin === "null") return true;
  const referer = header("Referer");
  if (referer && URL.canParse(referer)) return new URL(referer).origin !== own;
  // No browser signal at all: not a browser form from another site.
  return false;
}

export const originMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (isCrossOrigin(request)) {
    const { t } = getI18n(context);
    throw data({ message: t("errors:edge.crossSite.title") }, { status: 403 });
  }
  return next();
};
