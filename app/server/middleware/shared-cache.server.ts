/**
 * Signed-out public pages may be kept briefly by a shared cache: the proxy of
 * the production shape (deploy/nginx.conf, docs/decisions/037-shared-cache-for-public-pages.md).
 * The portal alone says which answers: a shared cache keeps nothing it was
 * not told it may keep.
 */
import type { MiddlewareFunction } from "react-router";

import { getEnv } from "~/server/config/env.server";
import { withHeader } from "~/server/http/response.server";
import { pageOfDataPath } from "~/utils/http/data-request";
import { hasPersonalCookie } from "~/utils/http/personal-cookies";
import { isOfflinePage, isPersonalPath } from "~/utils/site-map/paths";

/**
 * What a signed-out page depends on besides its address: the language (the
 * `lng` cookie, else Accept-Language), the theme (its cookie) and Save-Data
 * (`/posts`). A cache that knows only HTTP keeps them apart by these.
 */
const sharedVary = ["Accept-Language", "Cookie"];

/**
 * Whether an answer may be kept by a shared cache: a page (or its data
 * request) the site map marks `offline`, as anyone sees it (no session, no
 * flash message, no credentials), answered 200 with nothing of its own to
 * set (no cookie) and no caching rule of its own (a signed-in answer is
 * `private, no-store`: session.server.ts).
 */
export function mayShare(request: Request, response: Response) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (
    response.status !== 200 ||
    response.headers.has("Cache-Control") ||
    response.headers.has("Set-Cookie")
  )
    return false;
  if (hasPersonalCookie(request.headers.get("Cookie")) || request.headers.has("Authorization"))
    return false;
  const { pathname } = new URL(request.url);
  return isOfflinePage(pageOfDataPath(pathname) ?? pathname) && !isPersonalPath(pathname);
}

/**
 * Marks what `mayShare` allows for `PUBLIC_PAGE_CACHE_SECONDS`: fresh that long
 * in a shared cache (`s-maxage`), never reused by a browser without asking
 * again (`max-age=0, must-revalidate`: a resident who signs in next must not
 * see the signed-out copy).
 */
export const sharedCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  let response = await next();
  const seconds = getEnv().PUBLIC_PAGE_CACHE_SECONDS;
  if (seconds === 0 || !mayShare(request, response)) return response;
  response = withHeader(
    response,
    "Cache-Control",
    `public, max-age=0, s-maxage=${seconds}, must-revalidate`,
    "set",
  );
  for (const name of sharedVary) response = withHeader(response, "Vary", name);
  return response;
};
