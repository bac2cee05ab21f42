/**
 * The floor's server: the portal's stack (server/app.ts, server.js) without
 * the portal: Express, a CSP with a per-request nonce, `compression` as the
 * portal configures it, the build's assets as compressed at build time
 * (express-static-gzip), React Router's Express handler given the build
 * itself. Listens on PORT; the bench reads this process's CPU time.
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";

import { nonceContext } from "./app/nonce";

const app = express();
app.disable("x-powered-by");
app.use((_req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'`,
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
});
app.use(compression());

const client = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "client");
app.use(
  "/assets",
  expressStaticGzip(path.join(client, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    // As the portal serves its hashed assets (server/app.ts): no validators, no document's CSP.
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      etag: false,
      lastModified: false,
      setHeaders: (res) => res.removeHeader("Content-Security-Policy"),
    },
  }),
);
app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
// Lighthouse's SEO audit reads it.
app.get(
  "/robots.txt",
  (_req, res) => void res.type("text/plain").send("User-agent: *\nAllow: /\n"),
);

app.use(
  createRequestHandler({
    build,
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(nonceContext, res.locals.nonce as string);
      return context;
    },
  }),
);

// As server.js runs the portal: its app inside an outer Express server.
const server = express();
server.disable("x-powered-by");
server.use(app);
server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1");
