/**
 * The backend client: one per request, created by the API middleware. Every
 * backend call of the portal goes through `request`, over one ky instance
 * (https://github.com/sindresorhus/ky), which
 *
 * - sends the bearer token (a `beforeRequest` hook), refreshing it first when
 *   it has expired;
 * - on a 401 refreshes once and retries the call once (an `afterResponse`
 *   hook), and retries nothing else;
 * - shares that one refresh between the loaders of the request, and through
 *   the shared store between concurrent requests, on any replica, that carry
 *   the same refresh token (rotation revokes it after its first use);
 * - gives every call one deadline, reading the body included (a backend
 *   that sends its headers and then trickles the body must not hold a page);
 * - checks every answer against the contract's shape (schemas.ts), once;
 * - turns timeouts, refused connections, 5xx and unreadable or wrongly shaped
 *   bodies into a BackendFailure, and 4xx into an ApiError with the
 *   contract's body.
 */
import { createHash, hkdfSync } from "node:crypto";
import ky from "ky";
import type { z } from "zod";

import { seal, unseal } from "~/server/http/seal.server";
import { metrics } from "~/server/monitoring/metrics.server";
import { getStore, type SharedStore } from "~/server/store/store.server";
import { ApiError, BackendFailure, SessionExpiredError } from "~/utils/api/errors";
import { ApiErrorBodySchema, TokenPairSchema } from "~/utils/api/schemas";
import { isExpired } from "~/utils/api/token-claims";
import type { Query, TokenPair } from "~/utils/api/types";

export interface TokenStore {
  get(): { access?: string; refresh?: string };
  set(pair: TokenPair): void;
  clear(): void;
}

export interface ClientOptions {
  /** The backend's origin (API_URL); paths are under /api/v1/. */
  baseUrl: string;
  timeoutMs: number;
  tokens: TokenStore;
  requestId?: string;
  /** ky's `fetch` option (default: the platform's); the unit tests answer from fake backends through it. */
  fetch?: typeof fetch;
  /** Called with the milliseconds each exchange took, its operation and status (0: no answer). */
  onTiming?: (ms: number, operation: string, status: number) => void;
  /** Called instead of throwing SessionExpiredError (the portal redirects to sign in). */
  onSessionExpired?: (error: SessionExpiredError) => never;
  /** Called instead of throwing BackendFailure (the portal shows an error page). */
  onFailure?: (failure: BackendFailure, operation: string) => never;
  /** Called instead of throwing a 403's ApiError (the portal shows its refusal). */
  onForbidden?: (error: ApiError) => never;
  /** Where concurrent refreshes meet (default: the process's shared store). */
  store?: SharedStore;
}

export interface RequestOptions<T = unknown> {
  /** Public endpoints get no token (an expired one would be refused there). */
  auth?: boolean;
  json?: unknown;
  /** Multipart (the images); sent again as it is after a refresh. */
  body?: FormData;
  headers?: Record<string, string>;
  searchParams?: Query;
  /** The contract's shape of a 2xx answer; without one (204 endpoints) the body is not parsed. */
  schema?: z.ZodType<T>;
}

/** An answer read whole within its call's deadline. */
interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** One call as the hooks see it (ky's `context`): whether it carries the token, and its exchange's start. */
interface Call {
  operation: string;
  auth: boolean;
  /** Set while an exchange is under way: when it was sent. */
  started?: number;
}

/** A refreshed pair is kept this long for requests that carried the old token. */
const refreshResultTtlMs = 10_000;
/** How often a request waiting for another's refresh looks for its result. */
const refreshPollMs = 60;

export function toSearchParams(query: Query | undefined) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  return params;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ClientOptions) {
  let refreshing: Promise<string> | null = null;

  const expire = (message?: string): never => {
    options.tokens.clear();
    const error = new SessionExpiredError(message);
    if (options.onSessionExpired) options.onSessionExpired(error);
    throw error;
  };

  const fail = (failure: BackendFailure, operation: string): never => {
    if (options.onFailure) options.onFailure(failure, operation);
    throw failure;
  };

  /** Reports an exchange's time once: the refused one before a retry, then the one answered. */
  const timed = (call: Call, status: number) => {
    if (call.started === undefined) return;
    options.onTiming?.(performance.now() - call.started, call.operation, status);
    call.started = undefined;
  };

  const http = ky.create({
    prefixUrl: `${options.baseUrl.replace(/\/+$/, "")}/api/v1/`,
    headers: {
      Accept: "application/json",
      ...(options.requestId ? { "X-Request-Id": options.requestId } : {}),
    },
    // ky's timeout ends when the headers arrive; `send` gives each call a signal that also ends the body's read.
    timeout: false,
    // The one retry is the one after a refresh, forced by the hook below; a failed call is never sent again.
    retry: { limit: 1, methods: [], statusCodes: [] },
    // Statuses are read against the contract (`read`): a 4xx carries its error body.
    throwHttpErrors: false,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        async (request, { context }) => {
          const call = context.call as Call;
          // On the retry too: by then the refreshed token.
          if (call.auth) request.headers.set("Authorization", `Bearer ${await validAccess()}`);
          call.started = performance.now();
        },
      ],
      afterResponse: [
        async (_request, { context }, response, { retryCount }) => {
          const call = context.call as Call;
          if (response.status !== 401 || !call.auth) return;
          timed(call, 401);
          // One refresh per request: a 401 after it, or after the retry, ends the session.
          if (retryCount > 0 || refreshing) return expire();
          await refreshTokens();
          return ky.retry({ code: "TOKEN_REFRESHED", delay: 0 });
        },
      ],
    },
  });

  /**
   * The body read whole, or the deadline's error: a backend trickling its body
   * cannot hold the page. fetch's signal alone does not always end the read
   * (about one read in ten went on past it once ky's hooks had cloned the
   * response), so the read is raced against the signal and cancelled.
   */
  function readWithin(response: Response, signal: AbortSignal): Promise<string> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const abort = () => {
        response.body?.cancel().catch(() => {});
        reject(signal.reason as Error);
      };
      signal.addEventListener("abort", abort, { once: true });
      response
        .text()
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", abort));
    });
  }

  /** One call: its exchange (and retry), the body read whole, all within one deadline. */
  async function send(
    operation: string,
    method: string,
    path: string,
    init: RequestOptions,
  ): Promise<Answer> {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const call: Call = { operation, auth: init.auth ?? true };
    try {
      const response = await http(path, {
        method,
        json: init.json,
        body: init.body,
        // An undefined `headers` would drop the instance's (ky merges keys, undefined ones included).
        headers: init.headers ?? {},
        searchParams: toSearchParams(init.searchParams),
        signal: deadline,
        context: { call },
      });
      const answer = {
        status: response.status,
        headers: response.headers,
        text: await readWithin(response, deadline),
      };
      timed(call, answer.status);
      return answer;
    } catch (error) {
      // The hooks' own ends (an expired session, a failed refresh, what the portal throws for them) pass as they are.
      if (
        error instanceof SessionExpiredError ||
        error instanceof BackendFailure ||
        error instanceof Response
      )
        throw error;
      timed(call, 0);
      if (deadline.aborted) {
        return fail(
          new BackendFailure(
            "timeout",
            `${operation}: no complete answer within ${options.timeoutMs} ms`,
          ),
          operation,
        );
      }
      return fail(
        new BackendFailure("unavailable", `${operation}: ${(error as Error).message}`),
        operation,
      );
    }
  }

  /** The backend's answer: a new pair, or refused (the session is over); no answer throws. */
  async function exchange(refresh: string): Promise<RefreshResult> {
    const response = await send("refresh", "POST", "client/users/refresh/", {
      auth: false,
      json: { refresh },
    });
    if (response.status === 200) {
      const pair = TokenPairSchema.safeParse(parseJson(response.text));
      if (pair.success)
        return { ok: true, pair: { access: pair.data.access, refresh: pair.data.refresh } };
      return fail(new BackendFailure("bad-response", "refresh: unreadable token pair"), "refresh");
    }
    if (response.status >= 500) {
      return fail(
        new BackendFailure(
          response.status === 504 ? "timeout" : "unavailable",
          `refresh: backend answered ${response.status}`,
        ),
        "refresh",
      );
    }
    return { ok: false };
  }

  /**
   * One refresh per refresh token across requests and replicas: the first to
   * take the lock exchanges the token and leaves the result in the store;
   * the others wait for it. If the lock vanishes without a result (its holder
   * failed or died), the next waiter takes it and tries itself.
   */
  async function sharedExchange(refresh: string): Promise<TokenPair> {
    const store = options.store ?? getStore();
    const sealed = sealer(refresh);
    const lockKey = `refresh:lock:${sealed.id}`;
    const resultKey = `refresh:result:${sealed.id}`;
    const deadline = Date.now() + options.timeoutMs + 1000;
    const settled = async () => {
      const stored = await store.get(resultKey);
      return stored === null ? null : sealed.open(stored);
    };
    for (;;) {
      let result = await settled();
      if (!result && (await store.setIfAbsent(lockKey, "1", options.timeoutMs + 2000))) {
        // Its holder may have finished between our read and the lock expiring.
        result = await settled();
        if (!result) return exchangeUnderLock(refresh, store, lockKey, resultKey, sealed);
      }
      if (result) {
        if (result.ok) {
          metrics.refreshes.inc({ result: "shared" });
          return result.pair;
        }
        metrics.refreshes.inc({ result: "failed" });
        return expire();
      }
      if (Date.now() > deadline) {
        metrics.refreshes.inc({ result: "failed" });
        return fail(
          new BackendFailure(
            "timeout",
            `refresh: no result from another request within ${options.timeoutMs} ms`,
          ),
          "refresh",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, refreshPollMs));
    }
  }

  async function exchangeUnderLock(
    refresh: string,
    store: SharedStore,
    lockKey: string,
    resultKey: string,
    sealed: Sealer,
  ) {
    let result: RefreshResult;
    try {
      result = await exchange(refresh);
    } catch (error) {
      // No answer: let the next request try the token again.
      await store.delete(lockKey);
      metrics.refreshes.inc({ result: "failed" });
      throw error;
    }
    // Refused ones too, so waiters end their sessions at once. The lock stays
    // until it expires: a late request reads the result instead of reusing the revoked token.
    await store.set(resultKey, sealed.seal(result), refreshResultTtlMs);
    metrics.refreshes.inc({ result: result.ok ? "done" : "failed" });
    return result.ok ? result.pair : expire();
  }

  /** Refreshes the token pair once per request; returns the new access token. */
  function refreshTokens(): Promise<string> {
    refreshing ??= (async () => {
      const { refresh } = options.tokens.get();
      if (!refresh) return expire("Refresh token is missing.");
      const pair = await sharedExchange(refresh);
      options.tokens.set(pair);
      return pair.access;
    })();
    return refreshing;
  }

  async function validAccess(): Promise<string> {
    if (refreshing) return refreshing;
    const { access, refresh } = options.tokens.get();
    if (!refresh) return expire("Refresh token is missing.");
    if (!access || isExpired(access)) return refreshTokens();
    return access;
  }

  async function request<T>(
    operation: string,
    method: string,
    path: string,
    init: RequestOptions<T> = {},
  ): Promise<T> {
    return read(operation, await send(operation, method, path, init), init.schema);
  }

  async function read<T>(operation: string, response: Answer, schema?: z.ZodType<T>): Promise<T> {
    const badResponse = (why: string) =>
      fail(
        new BackendFailure("bad-response", `${operation}: ${why} (${response.status})`),
        operation,
      );
    if (response.status >= 500) {
      const kind =
        response.status === 504
          ? "timeout"
          : response.status === 500
            ? "bad-response"
            : "unavailable";
      return fail(
        new BackendFailure(kind, `${operation}: backend answered ${response.status}`),
        operation,
      );
    }
    const ok = response.status >= 200 && response.status < 300;
    if (ok && (!schema || response.status === 204)) return undefined as T;
    const text = response.text;
    // A proxy may refuse a large body with 413 and any body (the contract allows it).
    if (response.status === 413 && !isJson(response)) throw new ApiError(413, null, operation);
    // Anything else must be the contract's JSON: an HTML page here is not the backend speaking.
    if (!isJson(response))
      return badResponse(
        `unexpected content type ${response.headers.get("Content-Type") ?? "(none)"}`,
      );
    const body = parseJson(text);
    if (body === undefined) return badResponse(text === "" ? "empty body" : "unreadable JSON");
    const parsed = ok ? schema!.safeParse(body) : ApiErrorBodySchema.safeParse(body);
    if (!parsed.success) return badResponse(`unexpected shape: ${describeIssue(parsed.error)}`);
    if (ok) return parsed.data as T;
    const retryAfter = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
    const errorBody = parsed.data as z.infer<typeof ApiErrorBodySchema>;
    const error = new ApiError(
      response.status,
      errorBody,
      operation,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
    if (error.status === 403 && options.onForbidden) options.onForbidden(error);
    throw error;
  }

  return { request, refreshTokens };
}

type RefreshResult = { ok: true; pair: TokenPair } | { ok: false };

interface Sealer {
  /** sha256 of the refresh token: names its keys in the store without revealing it. */
  id: string;
  seal(result: RefreshResult): string;
  open(value: string): RefreshResult | null;
}

/**
 * Encrypts a refresh result with a key derived from the old refresh token
 * (HKDF-SHA256, then the portal's one sealing, AES-256-GCM): the store, and
 * anyone reading it, holds only ciphertext that nobody without the old token can open.
 */
function sealer(refresh: string): Sealer {
  const id = createHash("sha256").update(refresh).digest("hex");
  const key = Buffer.from(hkdfSync("sha256", refresh, "portal refresh result", id, 32));
  return {
    id,
    seal: (result) => seal(JSON.stringify(result), key),
    open(value) {
      const text = unseal(value, [key]);
      if (text === null) return null; // not ours or tampered with: as if there were none
      try {
        const result = JSON.parse(text) as RefreshResult;
        return result.ok === false ||
          (result.ok === true && result.pair?.access && result.pair.refresh)
          ? result
          : null;
      } catch {
        return null;
      }
    },
  };
}

const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

function isJson(response: Answer) {
  return jsonType.test(response.headers.get("Content-Type") ?? "");
}

/** The JSON in a body, or undefined when there is none (JSON itself never gives undefined). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Where an answer left the contract, for the log (never the values: they may be personal). */
function describeIssue(error: z.ZodError) {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid";
}
