/** Pieces shared by the registration and reset actions. */
import type { SubmissionResult } from "@conform-to/react";
import { ApiError } from "~/api/errors";
import { formatCountdown } from "~/utils/countdown";
import type { Refusal } from "~/utils/limits.server";

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * The backend's errors beside the fields they name (`attr`), the rest above
 * the form. A 429 says when a new code can be asked for.
 */
export function replyWithApiError(
  reply: Reply,
  error: ApiError,
  fields: readonly string[],
  t: (key: string, options?: Record<string, unknown>) => string,
  hideFields: string[] = [],
) {
  if (error.status === 429) {
    const seconds = error.retryAfter ?? 60;
    return reply({ formErrors: [t("register.throttled", { time: formatCountdown(seconds) })], hideFields });
  }
  const byField = error.fieldErrors(fields);
  const { "": general = [], ...fieldErrors } = byField;
  return reply({ formErrors: general, fieldErrors, hideFields });
}

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
    default:
      // One text for the account and the client limit: a refusal never tells whether an account exists.
      return t("errors:tooManyLogins", { minutes });
  }
}

/** A refusal's status and, when waiting helps, Retry-After in seconds. */
export function refusalInit(refusal: Refusal): ResponseInit {
  return {
    status: 429,
    headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
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
