/**
 * A micro-cache for pages seen signed out: the same HTML for everyone with
 * the same URL, language and theme, kept for a second (PAGE_CACHE_MS).
 *
 * Why: the home page and the news are what residents open in a crowd (an
 * outage notice, say), signed out, and rendering them is the portal's main
 * cost. For a second, every visitor after the first gets the page without a
 * render. Anything personal is never stored: a request carrying the session
 * or a flash message is not served from the cache, and only a 200 without
 * Set-Cookie is stored. The CSP nonce is per response: it is swapped for a
 * placeholder on the way in and for the new request's nonce on the way out.
 * Each replica keeps its own copy for a second; nothing depends on it.
 */
import type express from "express";
import { metrics } from "~/monitoring/metrics.server";
import { BoundedMap } from "~/cache/bounded-map";
import { hasSignedInHint, themeFromCookies } from "~/http/preferences.server";
import { languageFromCookies } from "~/middleware/i18n.server";

interface CachedPage {
  body: string;
  contentType: string;
  expires: number;
  /** The page's own Vary (Save-Data on the news list), sent again with each hit. */
  vary: string;
}

const NONCE_SLOT = "\u0000nonce\u0000";

/**
 * Cookies that make a page personal (the session, the flash message): never
 * cached, never served from the cache. Prefixed names too, so the session
 * cookie stays personal under `__Host-`; any occurrence counts, first or not.
 */
const PERSONAL_COOKIE = /^(__session|__toast|__Host-.*|__Secure-.*)$/;

function hasPersonalCookie(header: string | undefined) {
  return (header ?? "").split(";").some((part) => PERSONAL_COOKIE.test(part.split("=")[0].trim()));
}

/**
 * What a signed-out render reads from the cookies, read by the very functions
 * the render calls (language, theme, the "was signed in" hint): the key can
 * never differ from the page stored under it, whatever duplicate or broken
 * cookies a client sends.
 */
async function renderedPreferences(header: string | undefined) {
  const [lng, theme, hint] = await Promise.all([languageFromCookies(header), themeFromCookies(header), hasSignedInHint(header)]);
  return `lng=${lng};theme=${theme};signed_in=${hint ? 1 : 0}`;
}

type KeyedRequest = Pick<express.Request, "method" | "path" | "originalUrl" | "protocol" | "host" | "headers">;

/** The cache key of a request, or null when its page must be rendered for it alone. */
export async function pageCacheKey(req: KeyedRequest): Promise<string | null> {
  if (req.method !== "GET") return null;
  // Pages only: not data requests (.data), files, resource routes or media.
  if (/\.\w+$/.test(req.path) || /^\/(resources|media|assets)\//.test(req.path)) return null;
  if (hasPersonalCookie(req.headers.cookie)) return null;
  if (req.headers.authorization) return null;
  // The host as React Router sees it: Express's req.host is the trusted proxy's
  // X-Forwarded-Host (TRUST_PROXY), else the Host header. Anyone else's
  // X-Forwarded-Host neither keys nor poisons the cache.
  // Save-Data changes some pages (the news list's thumbnails, app/routes/posts/index.tsx; they send Vary: Save-Data).
  const saveData = /^\s*on\s*$/i.test(String(req.headers["save-data"] ?? "")) ? "\nsave-data" : "";
  return `${req.protocol}://${req.host}${req.originalUrl}\n${await renderedPreferences(req.headers.cookie)}${saveData}`;
}

export function createPageCache({ ttlMs, maxEntries = 200 }: { ttlMs: number; maxEntries?: number }) {
  const pages = new BoundedMap<string, CachedPage>(maxEntries);

  const middleware: express.RequestHandler = (req, res, next) => {
    if (ttlMs <= 0) return next();
    pageCacheKey(req).then((key) => (key ? serve(key, req, res, next) : next()), next);
  };

  function serve(key: string, req: express.Request, res: express.Response, next: express.NextFunction) {
    const nonce: string = res.locals.meta.nonce;
    // A hard reload (Cache-Control: no-cache) gets a fresh render, which is then kept.
    const fresh = /no-cache/i.test(`${req.headers["cache-control"] ?? ""} ${req.headers.pragma ?? ""}`);
    const hit = fresh ? undefined : pages.get(key);
    if (hit && hit.expires > Date.now()) {
      metrics.pageCache.inc({ result: "hit" });
      res.setHeader("X-Page-Cache", "hit");
      res.setHeader("Content-Type", hit.contentType);
      if (hit.vary) res.setHeader("Vary", hit.vary);
      res.setHeader("Server-Timing", 'cache;desc="page cache hit"');
      res.status(200).send(hit.body.split(NONCE_SLOT).join(nonce));
      return;
    }
    if (hit) pages.delete(key);
    metrics.pageCache.inc({ result: "miss" });
    res.setHeader("X-Page-Cache", "miss");

    // Keep a copy of what React Router writes, and store it if it may be shared.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else chunks.push(Buffer.from(String(chunk), (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      if (res.statusCode === 200 && !res.getHeader("Set-Cookie") && contentType.startsWith("text/html")) {
        const body = Buffer.concat(chunks).toString("utf8");
        pages.set(key, { body: body.split(nonce).join(NONCE_SLOT), contentType, expires: Date.now() + ttlMs, vary: String(res.getHeader("Vary") ?? "") });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  }

  return { middleware, size: () => pages.size };
}
