/**
 * The service worker's server side (docs/decisions/016-offline.md): /sw.js, /pwa-register.js and the public copies.
 *
 * - /sw.js, this build's worker (scripts/build-sw.js), never kept by a cache
 *   without asking (`no-cache`), so that a new build reaches residents. The
 *   offline pages it precaches show the company's contacts, which come from
 *   the environment: their revision is a hash of the worker and those values,
 *   so changed contacts make a new worker that fetches them again. It is
 *   compressed once, at brotli's best (a browser downloads it beside the
 *   page it opens next: docs/benchmark.md, section 9).
 * - a request with `X-Portal-Public-Copy: 1` is answered as a signed-out
 *   visitor would be: the worker keeps only such copies of public pages,
 *   never the resident's own page.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type express from "express";

import { publicCopyHeader } from "~/pwa/policy";

import { getPublicConfig } from "../app/server/config/env.server";
import { withoutPersonalCookies } from "../app/utils/http/personal-cookies";

const configRevisionSlot = "__PORTAL_CONFIG_REVISION__";

/** The worker as served: this build's file with the offline pages' revision filled in. */
export function serviceWorkerSource(built: string, config: unknown = getPublicConfig()) {
  const revision = crypto
    .createHash("sha256")
    .update(built)
    .update(JSON.stringify(config))
    .digest("hex")
    .slice(0, 16);
  return built.split(configRevisionSlot).join(revision);
}

/** The worker in each encoding a client may ask for, at each one's best (once per process: it changes only with the build). */
export function encodedServiceWorker(source: string) {
  const identity = Buffer.from(source);
  return {
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    identity,
  };
}

export function serveServiceWorker(clientDir: string): express.RequestHandler {
  let encoded: ReturnType<typeof encodedServiceWorker> | null | undefined;
  return (req, res, next) => {
    if (encoded === undefined) {
      const file = path.join(clientDir, "sw.js");
      encoded = fs.existsSync(file)
        ? encodedServiceWorker(serviceWorkerSource(fs.readFileSync(file, "utf8")))
        : null;
    }
    if (encoded === null) return next();
    res.locals.route = "/sw.js";
    // Brotli whenever accepted, at quality 11 once (the compression middleware's quality 4 on each request: 13.2 KB, not 11.6).
    const encoding = req.acceptsEncodings("br") || req.acceptsEncodings("gzip") || "identity";
    res.set({
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
      Vary: "Accept-Encoding",
    });
    // Set here, the compression middleware leaves the body as it is.
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.send(req.method === "HEAD" ? undefined : encoded[encoding as keyof typeof encoded]);
  };
}

/**
 * /pwa-register.js, the registration the document's starter loads (app/pwa/starter.ts):
 * an address without a hash, so revalidated each time (`no-cache`, an ETag answers 304).
 */
export function serveRegistration(clientDir: string): express.RequestHandler {
  let source: string | null | undefined;
  return (req, res, next) => {
    if (source === undefined) {
      const file = path.join(clientDir, "pwa-register.js");
      source = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
    }
    if (source === null) return next();
    res.locals.route = "/pwa-register.js";
    res.set({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
    res.send(req.method === "HEAD" ? undefined : source);
  };
}

export const publicCopy: express.RequestHandler = (req, _res, next) => {
  if (req.method === "GET" && req.get(publicCopyHeader) === "1") {
    const cookie = req.headers.cookie ? withoutPersonalCookies(req.headers.cookie) : "";
    if (cookie) req.headers.cookie = cookie;
    else delete req.headers.cookie;
    delete req.headers.authorization;
  }
  next();
};
