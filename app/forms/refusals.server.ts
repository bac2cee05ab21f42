/** What a visitor refused by a limit (app/http/limits.server.ts) reads, and the status and header that go with it. */
import type { Refusal } from "~/http/limits.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/** What a refused visitor reads: why, and in how many minutes to come back. */
export function refusalMessage(refusal: Refusal, t: T) {
  const minutes = Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60));
  switch (refusal.limiter) {
    case "code-session":
      return t("errors:codeTriesUsedUp");
    case "code-client":
      return t("errors:tooManyCodeTries", { minutes });
    case "code-requests":
      return t("errors:tooManyCodeRequests", { minutes });
    case "attach-user":
    case "attach-client":
      return t("errors:tooManyAttachTries", { minutes });
    default:
      // One text for the account and the client limit: a refusal never tells whether an account exists.
      return t("errors:tooManyLogins", { minutes });
  }
}

/**
 * A 429 and, when waiting helps, Retry-After in whole seconds: the one way an
 * answer says when to come back, whether the portal's limit or the backend's
 * throttle refused (server/edge.ts adds a default to a 429 or 503 without one).
 */
export function tooManyRequests(retryAfterSeconds: number | null | undefined): ResponseInit {
  return {
    status: 429,
    headers: retryAfterSeconds ? { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } : undefined,
  };
}

/**
 * A route's `headers`: the action's Retry-After reaches the page's response
 * (without JavaScript the refusal is a whole page, not data).
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}
