/**
 * Stand-in only, not part of the contract: `GET /__stats/`, counters the
 * portal's end-to-end tests read (how many refreshes the backend answered,
 * to prove that replicas share one).
 */
import type { Hono } from "hono";

import type { Tokens } from "../auth.js";
import { methodNotAllowed } from "../errors.js";
import { allowHeader } from "../router.js";

export function registerStatsRoute(hono: Hono, tokens: Tokens): string {
  const path = "/__stats/";
  hono.all(path, (c) => {
    const method = c.req.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD")
      throw methodNotAllowed(method, allowHeader({ GET: true }));
    return c.json({ ...tokens.stats });
  });
  return path;
}
