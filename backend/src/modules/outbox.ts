/** Stand-in only: `GET /__outbox/?email=...`, the codes "sent" to an e-mail, newest first. */
import type { Hono } from "hono";
import { z } from "zod";

import type { AppContext } from "../config.js";
import { methodNotAllowed } from "../errors.js";
import { readOutbox } from "../outbox.js";
import { allowHeader } from "../router.js";

const QUERY = z.object({ email: z.string().optional() });

export function registerOutboxRoute(hono: Hono, app: AppContext): string {
  const path = "/__outbox/";
  hono.all(path, (c) => {
    const method = c.req.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD")
      throw methodNotAllowed(method, allowHeader({ GET: true }));
    const query = QUERY.parse({ email: new URL(c.req.url).searchParams.get("email") ?? undefined });
    return c.json(readOutbox(app.config, query.email || undefined));
  });
  return path;
}
