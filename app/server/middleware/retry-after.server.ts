/**
 * Retry-After on a refused form's answer, whichever route refused it and
 * whether the page or its data was asked for (JavaScript on or off).
 * React Router sends an action's own headers only through its route's
 * `headers` export, so an action says when to come back in the request's
 * context (replyRefused, app/server/forms/action.server.ts) and this
 * middleware of the root writes it on the response.
 */
import { createContext, type MiddlewareFunction } from "react-router";

import { withHeader } from "~/server/http/response.server";

/** Seconds until a refused form may be sent again; null when nothing was refused for a while. */
export const retryAfterContext = createContext<number | null>(null);

export const retryAfterMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const seconds = context.get(retryAfterContext);
  if (!seconds || response.status !== 429) return response;
  return withHeader(response, "Retry-After", String(Math.max(1, Math.ceil(seconds))), "set");
};
