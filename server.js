// Starts the portal's HTTP server: Vite's dev middleware in development, the
// built Express app (build/server/index.js) in production. Configuration comes
// from the environment (see README); scripts/start.js prepares the demo.
// This file owns the process's lifetime: the public listener, the metrics
// listener (METRICS_PORT) and the drain on SIGTERM/SIGINT.
import http from "node:http";
import express from "express";

const development = process.env.NODE_ENV !== "production";
const server = express();
server.disable("x-powered-by");

// Requests being answered, for the drain: once the listener is closed, a
// connection whose last answer went out is closed too (keep-alive would hold it).
let inFlight = 0;
let closing = false;
server.use((_req, res, next) => {
  inFlight++;
  res.once("close", () => {
    inFlight--;
    if (closing) setImmediate(() => listener.closeIdleConnections());
  });
  next();
});

/** Run after the portal has stopped serving, before the process exits (scripts/start.js stops the stand-in). */
const shutdownHooks = [];
export function onShutdown(hook) {
  shutdownHooks.push(hook);
}

/** The server module (server/app.ts): the app, its logger, metrics and settings. */
let portal;
let loadPortal;
if (development) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  // Vite would exit on SIGTERM at once: the drain below owns the signal and closes Vite last.
  process.removeAllListeners("SIGTERM");
  onShutdown(() => viteDevServer.close());
  loadPortal = () => viteDevServer.ssrLoadModule("./server/app.ts");
  portal = await loadPortal();
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const source = await loadPortal();
      return await source.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error)
        viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  portal = await import("./build/server/index.js");
  loadPortal = async () => portal;
  server.use(portal.app);
}

const { logger, operations } = portal;

/**
 * Node's defaults hold a request whose body trickles in for 300 s. The whole
 * request must arrive within REQUEST_TIMEOUT_MS and its headers within
 * HEADERS_TIMEOUT_MS (then 408 and the connection closes), checked every
 * second; an idle kept-alive connection stays KEEP_ALIVE_TIMEOUT_MS, longer
 * than the proxy keeps its own, so that the proxy is the one to close it
 * (docs/decisions/011-http-edge.md).
 */
const listener = http.createServer(
  {
    requestTimeout: operations.requestTimeoutMs,
    headersTimeout: operations.headersTimeoutMs,
    keepAliveTimeout: operations.keepAliveTimeoutMs,
    connectionsCheckingInterval: 1000,
  },
  server,
);
listener.listen(operations.port, () => {
  logger.info(
    { port: operations.port, mode: development ? "development" : "production" },
    "portal listening",
  );
});
// A port already taken (another portal, a replica still draining): say so and stop
// cleanly, with the shutdown steps (the demo's stand-in is stopped, not orphaned).
const cannotListen = (port) => (error) => {
  logger.error({ port, err: error.message }, "the portal cannot listen on its port");
  void finish(1);
};
listener.on("error", cannotListen(operations.port));

/**
 * The metrics on a port of their own, for Prometheus inside the private
 * network; never published. Nothing else is served there.
 */
let metricsListener;
if (operations.metricsPort) {
  metricsListener = http.createServer((req, res) => {
    if ((req.method === "GET" || req.method === "HEAD") && req.url?.split("?")[0] === "/metrics") {
      loadPortal()
        .then((current) => current.metricsResponse())
        .then(
          ({ contentType, body }) => {
            res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
            res.end(req.method === "HEAD" ? undefined : body);
          },
          (error) => {
            logger.error({ err: error }, "metrics could not be collected");
            res.writeHead(500).end();
          },
        );
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
  });
  metricsListener.on("error", cannotListen(operations.metricsPort));
  metricsListener.listen(operations.metricsPort, () => {
    logger.info({ port: operations.metricsPort }, "metrics listening");
  });
}

export { logger };

let finishing = false;
async function finish(code) {
  if (finishing) return;
  finishing = true;
  for (const hook of shutdownHooks) {
    try {
      await hook();
    } catch (error) {
      logger.error({ err: error }, "shutdown step failed");
    }
  }
  logger.info({ code }, "portal stopped");
  process.exit(code);
}

/**
 * The drain (docs/decisions/010-operations.md): /readyz answers 503 at once
 * while everything is still served, so the load balancer takes the replica out;
 * after SHUTDOWN_DELAY_MS new connections are refused and idle ones closed;
 * the process exits when the requests in flight are answered, or at
 * SHUTDOWN_TIMEOUT_MS after the signal whatever is left.
 */
let draining = false;
async function drain(signal) {
  if (draining) {
    // A second Ctrl-C in a terminal means now.
    if (signal === "SIGINT") {
      logger.warn({ signal, inFlight }, "second interrupt: stopping at once");
      await finish(1);
    }
    return;
  }
  draining = true;
  const { shutdownDelayMs, shutdownTimeoutMs } = operations;
  logger.info(
    { signal, inFlight, delayMs: shutdownDelayMs, timeoutMs: shutdownTimeoutMs },
    "draining: /readyz answers 503",
  );
  (await loadPortal()).startDraining();
  setTimeout(() => {
    logger.warn({ inFlight }, "shutdown timeout: closing the connections still open");
    listener.closeAllConnections();
    void finish(1);
  }, shutdownTimeoutMs);
  setTimeout(() => {
    logger.info(
      { inFlight },
      "draining: refusing new connections, waiting for the requests in flight",
    );
    metricsListener?.close();
    metricsListener?.closeAllConnections();
    closing = true;
    listener.close(() => void finish(0));
    listener.closeIdleConnections();
  }, shutdownDelayMs);
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => void drain(signal));
}
