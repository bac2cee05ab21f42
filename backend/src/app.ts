/**
 * The HTTP application: the contract's routes under /api/v1/, files under
 * /media/, the stand-in's outbox and stats, and one error shape for every failure.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";

import { Tokens } from "./auth.js";
import type { AppContext } from "./config.js";
import {
  errorResponse,
  installErrorHandlers,
  methodNotAllowed,
  payloadTooLarge,
} from "./errors.js";
import { serveMedia } from "./media.js";
import { accountsRoutes } from "./modules/accounts.js";
import { adminImagesRoutes } from "./modules/admin-images.js";
import { adminPostsRoutes } from "./modules/admin-posts.js";
import { adminUsersRoutes } from "./modules/admin-users.js";
import { registerOutboxRoute } from "./modules/outbox.js";
import { postsRoutes } from "./modules/posts.js";
import { ratesRoutes } from "./modules/rates.js";
import { reportsRoutes } from "./modules/reports.js";
import { registerStatsRoute } from "./modules/stats.js";
import { usersRoutes } from "./modules/users.js";
import { registerRoute, RouteTable } from "./router.js";

export interface CreateAppOptions extends AppContext {
  /** Where unexpected errors are reported (console.error by default). */
  logError?: (error: unknown) => void;
}

/** A request body over 12 MB is refused with 413, as the proxy in front of the real backend does. */
export const MAX_BODY_BYTES = 12 * 1000 * 1000;

export function createApp(options: CreateAppOptions): Hono {
  const app: AppContext = { db: options.db, config: options.config };
  const tokens = new Tokens(app.db, app.config);
  const hono = new Hono();
  const table = new RouteTable();

  installErrorHandlers(hono, options.logError);

  hono.use(
    "/api/*",
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => errorResponse(payloadTooLarge()) }),
  );

  // Django's APPEND_SLASH: a path without its trailing slash that would match with it is redirected.
  hono.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.pathname.endsWith("/") && table.matches(`${url.pathname}/`)) {
      return c.redirect(`${url.pathname}/${url.search}`, 301);
    }
    await next();
  });

  const routes = [
    ...usersRoutes(tokens),
    ...accountsRoutes(),
    ...postsRoutes(),
    ...ratesRoutes(),
    ...reportsRoutes(),
    // Images before `admin/posts/:id/`, which would otherwise take "images" for an id.
    ...adminImagesRoutes(),
    ...adminPostsRoutes(),
    ...adminUsersRoutes(),
  ];
  for (const route of routes) registerRoute(hono, table, app, tokens, route);

  table.add(registerOutboxRoute(hono, app));
  table.add(registerStatsRoute(hono, tokens));

  hono.all("/media/*", (c) => {
    const method = c.req.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method, "GET, HEAD");
    return serveMedia(c, app.config);
  });

  return hono;
}
