/**
 * What the portal checks and fixes at its HTTP edge, before React Router:
 * malformed URLs, requests from other sites, request body sizes, the
 * X-Forwarded-Host of untrusted senders, and the headers every response
 * needs whatever produced it
 * (Secure cookies behind HTTPS, Retry-After on 503 and 429).
 */
import type { IncomingHttpHeaders } from "node:http";
import type express from "express";

import {
  i18nFor,
  requestLanguage,
  type LanguageSource,
} from "../app/server/middleware/i18n.server";
import { escapeHtml } from "../app/utils/format/escape-html";
import { safeRedirect } from "../app/utils/http/redirect";
import type { RequestMeta } from "../app/utils/http/request-context";
import { htmlLang, type Language } from "../app/utils/i18n/config";
import { takesFiles } from "../app/utils/site-map/paths";

/** Forms without files: 64 KB is far more than any of ours sends. */
export const formLimit = 64 * 1024;
/** The image upload: 10 files of 10 MB and their form fields (uploads.server.ts streams them). */
export const uploadLimit = 10 * 10 * 1024 * 1024 + 1024 * 1024;

/**
 * The largest body a request may send: multipart is an upload only where a
 * form takes files (`uploads` in the site map: the admin's post images; .data with JavaScript).
 */
export function bodyLimit(path: string, contentType: string | undefined) {
  const multipart = (contentType ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart && takesFiles(path) ? uploadLimit : formLimit;
}

/**
 * A URL whose path or query holds a control character (raw or percent-encoded),
 * or a percent sign that encodes nothing. Such URLs come from attacks or broken
 * clients, never from our links, and would otherwise reach redirects and headers.
 */
export function isMalformedUrl(url: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return true;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  return /[\u0000-\u001f\u007f]/.test(decoded);
}

/** A Node request's headers (Express's `req.headers`) behind a web Request's getter. */
export function nodeHeaders(headers: IncomingHttpHeaders): LanguageSource {
  return {
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from another site's page. Modern browsers say
 * where a request comes from in Sec-Fetch-Site; older ones send Origin (or
 * at least Referer) on a POST. A request with no browser signal at all is
 * not a browser form from another site.
 */
export function isCrossSite(req: Pick<express.Request, "method" | "headers" | "protocol" | "get">) {
  if (safeMethods.has(req.method.toUpperCase())) return false;
  const { headers } = nodeHeaders(req.headers);
  const own = `${req.protocol}://${req.get("host")}`;
  const site = headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = headers.get("Origin");
  // An opaque origin ("null": a sandboxed frame, a data: page) is never ours.
  if (origin) return origin !== own;
  const referer = headers.get("Referer");
  if (referer && URL.canParse(referer)) return new URL(referer).origin !== own;
  return false;
}

/** A Set-Cookie value with the Secure attribute (behind HTTPS every cookie gets it). */
export function secureCookie(cookie: string) {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/** Seconds a client should wait before trying again, when the answer did not say. */
export const defaultRetryAfter: Record<number, number> = { 429: 60, 503: 30 };

/** Why the edge refuses a request before React Router sees it (unlike app/server/http/limits.server.ts's `Refusal`, a limit). */
export type EdgeRefusal =
  | "badUrl"
  | "crossSite"
  | "methodNotAllowed"
  | "formTooLarge"
  | "uploadTooLarge"
  | "bodyTooLarge"
  | "busy";

/** A refusal's page in one language around its "try again" link, which only the URL changes. */
interface PageParts {
  head: string;
  again: string;
  tail: string;
}

const pageParts = new Map<string, Promise<PageParts>>();

/**
 * The page's texts are read from i18next once per refusal and language: under load the busy page
 * is written a thousand times a second, and its four lookups cost a tenth of its CPU each time.
 */
function partsOf(refusal: EdgeRefusal, language: Language): Promise<PageParts> {
  const key = `${refusal}:${language}`;
  let parts = pageParts.get(key);
  if (!parts) {
    parts = i18nFor(language).then(({ t }) => {
      const title = escapeHtml(t(`errors:edge.${refusal}.title`));
      const text = escapeHtml(t(`errors:edge.${refusal}.text`));
      return {
        head: `<!DOCTYPE html><html lang="${htmlLang[language]}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="refusal" content="${refusal}"><title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;overflow-wrap:break-word;line-height:1.5"><h1>${title}</h1><p>${text}</p><p>`,
        again: escapeHtml(t("errors:edge.again")),
        tail: `<a href="/">${escapeHtml(t("errors:edge.home"))}</a></p></body></html>`,
      };
    });
    pageParts.set(key, parts);
  }
  return parts;
}

/**
 * The page a refusal shows, in the visitor's language (texts in the `errors` locale files, `edge.*`).
 * It names its refusal in a meta tag: a client navigation's data request receives this page as an
 * error's text, and the root's error page tells the refusal by it (app/components/error-page.tsx).
 */
export async function refusalPage(refusal: EdgeRefusal, language: Language, again?: string) {
  const { head, again: againText, tail } = await partsOf(refusal, language);
  const link = again === undefined ? "" : `<a href="${escapeHtml(again)}">${againText}</a> · `;
  return head + link + tail;
}

/**
 * Answers a request the portal will not handle. A body not read yet (a
 * refused upload) is dropped, never read into memory. `again` is where the
 * page's "try again" link leads, for a refusal that passes.
 */
export function refuse(
  req: express.Request,
  res: express.Response,
  status: number,
  refusal: EdgeRefusal,
  again?: string,
) {
  if (res.headersSent) return;
  res.status(status);
  void requestLanguage(nodeHeaders(req.headers))
    .then((language) => refusalPage(refusal, language, again))
    .then((page) => {
      if (!res.headersSent) res.type("html").send(page);
    });
  dropBody(req);
}

/**
 * Too busy to start this request in time: 503 with the busy page at once (its
 * Retry-After is finalHeaders' default for 503), a link to the same address
 * to try again (a path of this site only), never kept by a cache.
 */
export function refuseBusy(req: express.Request, res: express.Response) {
  res.setHeader("Cache-Control", "no-store");
  refuse(req, res, 503, "busy", safeRedirect(req.originalUrl, "/"));
}

/**
 * Stops reading a request body the portal will not use. Whoever was reading
 * it (React Router's request stream) gets an error, never the clean end of a
 * cut body (a cut form could still parse). What the client still sends is
 * read and thrown away, never kept: closing at once would reset a client
 * still sending before it reads the answer, and a keep-alive client reuses
 * the connection. Past 4 MB, or after two seconds of a stalled body, the
 * connection is closed. A request that declares no body (most refusals: a page's GET) has nothing
 * to drop, and gets no timer and no listeners.
 */
export function dropBody(req: express.Request) {
  if (req.complete || req.destroyed || !declaresBody(req)) return;
  req.removeAllListeners("data");
  if (req.listenerCount("error") > 0) req.emit("error", new Error("request body dropped"));
  let dropped = 0;
  const close = () => req.socket?.destroy();
  const timer = setTimeout(close, 2000);
  req.once("end", () => clearTimeout(timer));
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > 4 * 1024 * 1024) {
      clearTimeout(timer);
      close();
    }
  });
  req.resume();
}

/**
 * Whether a request says a body follows: HTTP/1.1 sends one only with a Content-Length or a
 * Transfer-Encoding (RFC 9112, 6.3). Node's parser reads by the same rule.
 */
export function declaresBody(req: Pick<express.Request, "headers">) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Runs `hook` just before the status line and headers go out, whatever writes
 * them (React Router, express.static, a refusal). Node's res.end() without an
 * explicit writeHead calls writeHead too.
 */
export function beforeHeaders(res: express.Response, hook: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!done) {
      done = true;
      if (typeof args[0] === "number") res.statusCode = args[0];
      hook();
    }
    return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * The headers every response gets at the last moment: Secure on each cookie
 * behind HTTPS (the preference and toast cookies are set in many places),
 * and a Retry-After on 503 and 429 that did not set one (an answer that knows
 * when to come back sets its own: app/server/forms/action.server.ts).
 */
export function finalHeaders(req: express.Request, res: express.Response, meta: RequestMeta) {
  beforeHeaders(res, () => {
    if (meta.secure) {
      const cookies = res.getHeader("Set-Cookie");
      if (cookies !== undefined) {
        res.setHeader(
          "Set-Cookie",
          (Array.isArray(cookies) ? cookies : [String(cookies)]).map(secureCookie),
        );
      }
    }
    const retryAfter = defaultRetryAfter[res.statusCode];
    if (retryAfter && !res.getHeader("Retry-After"))
      res.setHeader("Retry-After", String(retryAfter));
  });
  // A body the page never read (a sign-in redirect before an upload) is dropped, not left waiting.
  res.once("finish", () => dropBody(req));
}

/**
 * Counts a body sent without Content-Length (chunked) as it streams and
 * answers 413 the moment it crosses `limit`. With a Content-Length, Node
 * itself never delivers more than declared, and the length was checked.
 * Call after the body's reader is attached: a 'data' listener added earlier
 * would start the flow before anyone reads it.
 */
export function limitStreamedBody(req: express.Request, res: express.Response, limit: number) {
  if (req.headers["content-length"] !== undefined || req.complete) return;
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    req.off("data", count);
    refuse(req, res, 413, "bodyTooLarge");
  };
  req.on("data", count);
}
