/**
 * "Try again later" answers (429, 503) say when: Retry-After. The Express
 * layer (server/edge.ts) adds one to any 429 or 503 that has none: the
 * seconds noted in the request meta by retryLater() (a rate limiter's
 * remaining block), else a default. React Router keeps only the cookies of
 * a thrown error's headers, so the note in the meta is what carries them,
 * for pages and .data requests alike.
 */
import { data, type RouterContextProvider } from "react-router";
import { requestMetaContext } from "./request-context";

/**
 * A 429 or 503 to throw from a loader, action or middleware; the response
 * gets `Retry-After: retryAfterSeconds`. In Express, set the header or
 * res.locals.meta.retryAfter instead.
 */
export function retryLater(context: Readonly<RouterContextProvider>, status: 429 | 503, retryAfterSeconds: number, message: string) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  context.get(requestMetaContext).retryAfter = seconds;
  return data({ message, retryAfter: seconds }, { status, headers: { "Retry-After": String(seconds) } });
}
