/**
 * What can go wrong with a backend call, in the portal's terms.
 *
 * - `ApiError`: the backend answered 4xx with the contract's error body (a
 *   proxy's 413 may carry none). Pages say it through
 *   app/server/api/refusal-texts.server.ts (the resident's language).
 * - `BackendFailure`: the backend is down (503), too slow (504) or broke
 *   (5xx, garbage, an answer outside the contract: 502): a page cannot be built, so loaders let it become the
 *   friendly error page, and actions say so in the form.
 * - `SessionExpiredError`: the refresh failed; the user must sign in again.
 * - `BackendFailureResponse`: a `BackendFailure` as the portal throws it from
 *   a loader or an action (app/server/middleware/api.server.ts): a Response React
 *   Router renders as the friendly error page with its status; an action's
 *   replyRefused (app/server/forms/action.server.ts) recognises it by its class.
 * - `BackendRefusalResponse`: the backend's 403 (the token's user may not do
 *   this, e.g. an administrator whose rights were taken away while signed in):
 *   the 403 page, or a refusal inside a form; never an unexpected error.
 */
import type { ApiErrorBody, ApiErrorItem } from "./types";

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly operation: string;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    body: ApiErrorBody | null,
    operation: string,
    retryAfter: number | null = null,
  ) {
    super(`${operation}: backend answered ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.operation = operation;
    this.retryAfter = retryAfter;
  }

  get errors(): ApiErrorItem[] {
    return this.body?.errors ?? [];
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  /** The detail at `index`, then the first one, then `fallback`. */
  detail(index = 0, fallback = ""): string {
    return this.errors[index]?.detail || this.errors[0]?.detail || fallback;
  }
}

export type FailureKind = "unavailable" | "timeout" | "bad-response";

export class BackendFailure extends Error {
  readonly kind: FailureKind;
  readonly status: number;

  constructor(kind: FailureKind, message: string) {
    super(message);
    this.name = "BackendFailure";
    this.kind = kind;
    this.status = kind === "timeout" ? 504 : kind === "unavailable" ? 503 : 502;
  }
}

export class SessionExpiredError extends Error {
  constructor(message = "Сессия истекла. Пожалуйста, войдите снова.") {
    super(message);
    this.name = "SessionExpiredError";
  }
}

export function requiredParameterError(name: string, operation: string) {
  return new Error(`Required parameter ${name} was null or undefined when calling ${operation}.`);
}

/**
 * A backend failure thrown past a loader or an action: React Router renders a
 * thrown Response in the error boundary with its status (503, 504 or 502) and
 * its JSON body (`message`: the failure's kind; `requestId`, which the page
 * shows). Forms catch it by its class and say it inside the form instead.
 */
export class BackendFailureResponse extends Response {
  readonly failure: BackendFailure;

  constructor(failure: BackendFailure, requestId: string) {
    super(JSON.stringify({ message: failure.kind, requestId }), {
      status: failure.status,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    this.failure = failure;
  }
}

/**
 * The backend's 403 thrown past a loader or an action: the 403 page ("access
 * denied") with the request id; forms say it inside the form instead.
 */
export class BackendRefusalResponse extends Response {
  readonly error: ApiError;

  constructor(error: ApiError, requestId: string) {
    super(JSON.stringify({ message: "forbidden", requestId }), {
      status: 403,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    this.error = error;
  }
}
