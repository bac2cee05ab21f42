/**
 * The portal's HTTP layer: security headers with a per-request CSP nonce,
 * compression, static files, health probes, request logs and metrics around
 * the React Router handler. Bundled by Vite as the server build; server.js
 * runs it and owns the process (listeners, metrics port, SIGTERM drain).
 */
import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";

import { getEnv } from "../app/server/config/env.server";
import { logger } from "../app/server/monitoring/logger.server";
import { metrics, registry } from "../app/server/monitoring/metrics.server";
import { getStore } from "../app/server/store/store.server";
import { PageSchemas } from "../app/utils/api/schemas";
import {
  BackendTime,
  requestMetaContext,
  type RequestMeta,
} from "../app/utils/http/request-context";
import { localeCacheControl } from "../app/utils/i18n/files";
import { clientLeft, createAdmission } from "./admission";
import {
  beforeHeaders,
  bodyLimit,
  finalHeaders,
  isCrossSite,
  isMalformedUrl,
  limitStreamedBody,
  refuse,
  refuseBusy,
  uploadLimit,
} from "./edge";
import { createNonces } from "./nonces";
import { publicCopy, serveRegistration, serveServiceWorker } from "./pwa-endpoints";
import { createRouteMatcher } from "./route-label";

const env = getEnv();

export { logger };

/** What server.js needs to run the process: ports, the listener's timeouts and the drain's timings. */
export const operations = {
  port: env.PORT,
  metricsPort: env.METRICS_PORT,
  shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
  shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
};

let draining = false;

/** SIGTERM (server.js): /readyz turns 503 so the load balancer stops sending, and connections stop being kept. */
export function startDraining() {
  draining = true;
}

/** The Prometheus text; the store's state is read when scraped. */
export async function metricsResponse() {
  const state = getStore().state();
  for (const candidate of ["memory", "redis", "degraded"] as const) {
    metrics.storeState.set({ state: candidate }, candidate === state ? 1 : 0);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const routeOf = createRouteMatcher(build.routes);
// Connect to the shared store at start, not on the first use: the first scrape
// (and the first request) would otherwise see Redis still connecting, "degraded".
getStore();

const nextNonce = createNonces();

export const app = express();
app.disable("x-powered-by");
// Behind a load balancer the client and the scheme come in X-Forwarded-* from
// the proxies TRUST_PROXY names; from anyone else those headers count for nothing.
app.set("trust proxy", env.TRUST_PROXY);

app.use((req, res, next) => {
  // Only the trusted proxy names the host (feed links, React Router's
  // request.url); anyone else's X-Forwarded-Host is dropped.
  if (req.headers["x-forwarded-host"] && !app.get("trust proxy fn")(req.socket.remoteAddress, 0)) {
    delete req.headers["x-forwarded-host"];
  }
  const meta: RequestMeta = {
    requestId: String(req.headers["x-request-id"] ?? crypto.randomUUID()).slice(0, 100),
    nonce: nextNonce(),
    startedAt: performance.now(),
    backend: new BackendTime(),
    secure: req.secure,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
  };
  res.locals.meta = meta;
  res.setHeader("X-Request-Id", meta.requestId);
  // A draining replica answers what it is asked, then lets the client reconnect elsewhere.
  if (draining) res.setHeader("Connection", "close");
  setSecurityHeaders(res, meta);
  finalHeaders(req, res, meta);
  res.on("finish", () => observe(req, res, meta));
  next();
});

function setSecurityHeaders(res: express.Response, meta: RequestMeta) {
  const production = env.NODE_ENV === "production";
  const csp = [
    "default-src 'self'",
    // Every inline script carries the nonce; scripts they load are trusted by strict-dynamic.
    `script-src 'nonce-${meta.nonce}' 'strict-dynamic'${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${production ? "" : " ws:"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  );
  if (meta.secure)
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * What only a document obeys: its CSP, who may frame it, its opener, the features it may use
 * (docs/decisions/055). A script, a style, a text file or a raster picture never becomes one,
 * and a first visit on a slow link carries a dozen of them; an SVG (or anything else) can be
 * opened as a document, so it keeps them all. nosniff and the referrer rule stay on every file.
 */
const documentOnlyHeaders = [
  "Content-Security-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
  "Permissions-Policy",
];
const neverADocument = /\.(js|css|json|png|jpe?g|webp|avif|ico|woff2?)(\.br|\.gz)?$/;

function withoutDocumentHeaders(res: http.ServerResponse, file: string) {
  if (!neverADocument.test(file)) return;
  for (const name of documentOnlyHeaders) res.removeHeader(name);
}

/** One log line and the metrics per answered request. */
function observe(req: express.Request, res: express.Response, meta: RequestMeta) {
  const seconds = (performance.now() - meta.startedAt) / 1000;
  // Set on the way by the probes and before React Router; otherwise a file or a refusal.
  const route: string = res.locals.route ?? (/\.\w+$/.test(req.path) ? "static" : "other");
  metrics.requests.inc({ route, method: req.method, status: res.statusCode });
  metrics.requestDuration.observe({ route, method: req.method }, seconds);
  if (route === "/healthz" || route === "/readyz" || route === "/metrics") return;
  const line = {
    requestId: meta.requestId,
    method: req.method,
    path: req.originalUrl.split("?")[0],
    route,
    status: res.statusCode,
    durationMs: Math.round(seconds * 10_000) / 10,
    backendMs: Math.round(meta.backend.ms * 10) / 10,
  };
  // A busy refusal is the portal protecting itself, not a failure: a warning, one a request.
  if (res.locals.busy) logger.warn(line, "refused: busy");
  else if (res.statusCode >= 500) logger.error(line, "request failed");
  else logger.info(line, "request");
}

// Pages, data requests and feeds: brotli for browsers, gzip for the rest.
// Scripts, styles and texts are compressed at build time (below). The busy
// page is not: it is about a kilobyte, written when there is no CPU to spare.
app.use(compression({ filter: (req, res) => !res.locals.busy && compression.filter(req, res) }));

// The service worker's signed-out copies of public pages (server/pwa-endpoints.ts).
app.use(publicCopy);

// A control character in the path or query (a CR or LF, a tab) is never a
// link of ours: a 400 here instead of a 500 deep inside, or a header it breaks.
app.use((req, res, next) => {
  if (isMalformedUrl(req.originalUrl)) {
    return refuse(req, res, 400, "badUrl");
  }
  next();
});

/**
 * The portal takes GET and HEAD, and POST where a route has an action. Any
 * other method (OPTIONS, TRACE, PROPFIND, PUT…) is a 405 with `Allow` here:
 * React Router would run an action for PUT or DELETE, and fail on the rest.
 */
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  if (req.method === "POST") {
    // Where no route takes it, React Router answers 405 itself: the same Allow.
    beforeHeaders(res, () => res.statusCode === 405 && res.setHeader("Allow", "GET, HEAD"));
    return next();
  }
  res.setHeader("Allow", routeOf(req.path).methods.join(", "));
  return refuse(req, res, 405, "methodNotAllowed");
});

// State-changing requests from other sites are refused before anything reads
// them: here, once, for every route React Router serves behind this layer.
app.use((req, res, next) => {
  if (isCrossSite(req)) return refuse(req, res, 403, "crossSite");
  next();
});

/**
 * Request bodies are capped before anything reads them: 64 KB for a form,
 * multipart included, except the one form that takes files (its files are
 * streamed with their own limits, app/server/media/uploads.server.ts). A declared
 * length is checked here; a body without one is counted as it streams.
 */
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const limit = bodyLimit(req.path, req.headers["content-type"]);
  res.locals.bodyLimit = limit;
  const length = req.headers["content-length"];
  if (length !== undefined && !(Number(length) <= limit)) {
    return refuse(req, res, 413, limit === uploadLimit ? "uploadTooLarge" : "formTooLarge");
  }
  next();
});

app.get("/healthz", (_req, res) => {
  res.locals.route = "/healthz";
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  res.locals.route = "/readyz";
  res.set("Cache-Control", "no-store");
  if (draining) return void res.status(503).json({ status: "draining" });
  try {
    const response = await fetch(`${env.API_URL}/api/v1/client/rates/?page_size=1`, {
      signal: AbortSignal.timeout(Math.min(env.API_TIMEOUT_MS, 5000)),
    });
    if (!response.ok) throw new Error(`backend answered ${response.status}`);
    // A proxy's HTML page answers 200 too: ready means the backend speaks the contract.
    if (!PageSchemas.rates.safeParse(await response.json().catch(() => null)).success) {
      throw new Error(
        `backend answered ${response.headers.get("Content-Type") ?? "no content type"}, not a page of rates`,
      );
    }
    // A degraded store (Redis down, memory fallback) still serves pages: reported, not failed.
    res.json({ status: "ok", backend: "ok", store: getStore().state() });
  } catch (error) {
    res.status(503).json({
      status: "unavailable",
      backend: String((error as Error).message),
      store: getStore().state(),
    });
  }
});

/**
 * The metrics on the public port only for a holder of METRICS_TOKEN; for
 * anyone else /metrics is an ordinary page path (React Router's 404).
 */
const metricsAuthorization = env.METRICS_TOKEN ? Buffer.from(`Bearer ${env.METRICS_TOKEN}`) : null;
app.get("/metrics", async (req, res, next) => {
  const given = Buffer.from(req.headers.authorization ?? "");
  if (!metricsAuthorization || given.length !== metricsAuthorization.length) return next();
  if (!crypto.timingSafeEqual(given, metricsAuthorization)) return next();
  res.locals.route = "/metrics";
  const { contentType, body } = await metricsResponse();
  res.set("Cache-Control", "no-store").type(contentType).send(body);
});

if (import.meta.env.PROD) {
  // Hashed assets never change; everything else in public/ may.
  // Served as compressed at build time (.br, .gz) when the browser accepts it.
  const files = (
    dir: string,
    serveStatic: NonNullable<Parameters<typeof expressStaticGzip>[1]>["serveStatic"],
  ) => expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gz"], serveStatic });
  // This build's own files, wherever it lives (build/ is a link to the current
  // one, see scripts/build.js): a newer build never changes what this process serves.
  let server = path.dirname(fileURLToPath(import.meta.url)); // a chunk somewhere under <build>/server/
  while (path.basename(server) !== "server" && path.dirname(server) !== server)
    server = path.dirname(server);
  const client = path.join(server, "..", "client");
  // Hashed: never revalidated, so no validators either.
  app.use(
    "/assets",
    files(path.join(client, "assets"), {
      immutable: true,
      maxAge: "1y",
      etag: false,
      lastModified: false,
      setHeaders: withoutDocumentHeaders,
    }),
  );
  // The browser's texts, built from app/locales (scripts/locale-files.js) with
  // the cache app/routes/resources/locales.ts gives them: a year at this
  // build's version, five minutes at any other address. A name the build has
  // no file for goes on to that route, which answers 404.
  app.use(
    "/locales",
    files(path.join(client, "locales"), {
      cacheControl: false,
      setHeaders(res, file) {
        withoutDocumentHeaders(res, file);
        const version = new URL(res.req.url ?? "", "http://portal").searchParams.get("v");
        res.setHeader("Cache-Control", localeCacheControl(version));
      },
    }),
  );
  app.get("/sw.js", serveServiceWorker(client));
  app.get("/pwa-register.js", serveRegistration(client));
  const publicFiles = files(client, { maxAge: "1h", setHeaders: withoutDocumentHeaders });
  // Pages have no file extension: only paths that look like files cost a disk lookup.
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

// Whatever reaches here is answered by React Router: its route is the label.
app.use((req, res, next) => {
  res.locals.route = routeOf(req.path).label;
  next();
});

const handleRequest = createRequestHandler({
  // The build itself, not a function returning it: given a function, React
  // Router re-creates its route tables on every request (a twentieth of a page).
  build,
  getLoadContext(_req, res) {
    const context = new RouterContextProvider();
    context.set(requestMetaContext, res.locals.meta as RequestMeta);
    return context;
  },
});

// One new request per turn of the event loop: those under way go first, and none waits longer
// than ADMISSION_MAX_WAIT_MS for its turn (server/admission.ts).
const admission = createAdmission({ maxWaitMs: env.ADMISSION_MAX_WAIT_MS });

app.use((req, res, next) => {
  admission.admit(
    () => {
      void handleRequest(req, res, next);
      // The handler has attached its body reader synchronously; now count what streams.
      if (res.locals.bodyLimit) limitStreamedBody(req, res, res.locals.bodyLimit as number);
    },
    () => {
      metrics.busyRefusals.inc();
      res.locals.busy = true;
      refuseBusy(req, res);
    },
    // Its client left while it waited: dropped (neither started nor refused), and no resident is refused behind it.
    () => clientLeft(req),
  );
});
