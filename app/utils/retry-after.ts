/**
 * "Try again later" answers (429, 503) say when: Retry-After. The Express
 * layer (server/edge.ts) adds a default to any 429 or 503 that has none; an
 * answer that knows better (a rate limiter's remaining block) throws with
 * its own value, and the error boundaries' `headers` pass it on, because
 * React Router keeps only the cookies of a thrown error's headers otherwise.
 */
import { data } from "react-router";

/** A 429 or 503 to throw from a loader, action or middleware, with its Retry-After in seconds. */
export function retryLater(status: 429 | 503, retryAfterSeconds: number, message: string) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return data({ message, retryAfter: seconds }, { status, headers: { "Retry-After": String(seconds) } });
}

/** The `headers` export of a route with an error boundary: a thrown error's Retry-After reaches the response. */
export function errorRetryAfter({ errorHeaders, parentHeaders }: { errorHeaders?: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
