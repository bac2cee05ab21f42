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
import ky, { type KyInstance } from "ky";
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

/**
 * The client of one request: its tokens, its ky instance, and `request`, which
 * sends a call and reads its answer against the contract. Each part is a named
 * function below, in the order a call meets them.
 */
export function createApiClient(options: ClientOptions) {
  const handlers = handlersOf(options);
  const tokens = requestTokens(options, handlers, (refresh) =>
    exchangeRefresh(send, refresh, handlers),
  );
  const http = createHttp(options, tokens, handlers);

  // A function declaration: the tokens' refresh above sends its exchange through it.
  function send(operation: string, method: string, path: string, init: RequestOptions) {
    return sendWithin(http, options.timeoutMs, handlers, { operation, method, path, init });
  }

  async function request<T>(
    operation: string,
    method: string,
    path: string,
    init: RequestOptions<T> = {},
  ): Promise<T> {
    const answer = await send(operation, method, path, init);
    return readAnswer(operation, answer, init.schema, handlers, options.onForbidden);
  }

  return { request, refreshTokens: tokens.refresh };
}

/**
 * How a call ends when it cannot give its answer, and each exchange's time:
 * the portal's handlers (ClientOptions) run first and throw their own; without
 * them the client's errors are thrown.
 */
interface Handlers {
  /** The session is over: its tokens are cleared. */
  expire(message?: string): never;
  fail(failure: BackendFailure, operation: string): never;
  /** Reports an exchange's time once: the refused one before a retry, then the one answered. */
  timed(call: Call, status: number): void;
}

function handlersOf(options: ClientOptions): Handlers {
  return {
    expire(message) {
      options.tokens.clear();
      const error = new SessionExpiredError(message);
      if (options.onSessionExpired) options.onSessionExpired(error);
      throw error;
    },
    fail(failure, operation) {
      if (options.onFailure) options.onFailure(failure, operation);
      throw failure;
    },
    timed(call, status) {
      if (call.started === undefined) return;
      options.onTiming?.(performance.now() - call.started, call.operation, status);
      call.started = undefined;
    },
  };
}

/** The request's tokens as its calls use them. */
interface Tokens {
  /** The access token to send: refreshed first when it has expired, or the refresh under way. */
  valid(): Promise<string>;
  /** Refreshes the token pair once per request; returns the new access token. */
  refresh(): Promise<string>;
  /** Whether this request has refreshed already (or is refreshing now). */
  refreshed(): boolean;
}

/**
 * The request's one refresh is one promise, shared by its loaders; across
 * requests and replicas the shared store makes it one (sharedExchange).
 */
function requestTokens(
  options: ClientOptions,
  handlers: Handlers,
  exchange: (refresh: string) => Promise<RefreshResult>,
): Tokens {
  let refreshing: Promise<string> | null = null;

  function refresh(): Promise<string> {
    refreshing ??= (async () => {
      const { refresh: refreshToken } = options.tokens.get();
      if (!refreshToken) return handlers.expire("Refresh token is missing.");
      const store = options.store ?? getStore();
      const shared = { store, timeoutMs: options.timeoutMs, exchange, handlers };
      const pair = await sharedExchange(refreshToken, shared);
      options.tokens.set(pair);
      return pair.access;
    })();
    return refreshing;
  }

  async function valid(): Promise<string> {
    if (refreshing) return refreshing;
    const { access, refresh: refreshToken } = options.tokens.get();
    if (!refreshToken) return handlers.expire("Refresh token is missing.");
    if (!access || isExpired(access)) return refresh();
    return access;
  }

  return { valid, refresh, refreshed: () => refreshing !== null };
}

/** The client's one ky instance: its hooks send the token and make the one refresh on a 401. */
function createHttp(options: ClientOptions, tokens: Tokens, handlers: Handlers) {
  return ky.create({
    prefixUrl: `${options.baseUrl.replace(/\/+$/, "")}/api/v1/`,
    headers: {
      Accept: "application/json",
      ...(options.requestId ? { "X-Request-Id": options.requestId } : {}),
    },
    // ky's timeout ends when the headers arrive; `send` gives each call a signal that also ends the body's read.
    timeout: false,
    // The one retry is the one after a refresh, forced by the hook below; a failed call is never sent again.
    retry: { limit: 1, methods: [], statusCodes: [] },
    // Statuses are read against the contract (`readAnswer`): a 4xx carries its error body.
    throwHttpErrors: false,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        async (request, { context }) => {
          const call = context.call as Call;
          // On the retry too: by then the refreshed token.
          if (call.auth) request.headers.set("Authorization", `Bearer ${await tokens.valid()}`);
          call.started = performance.now();
        },
      ],
      afterResponse: [
        async (_request, { context }, response, { retryCount }) => {
          const call = context.call as Call;
          if (response.status !== 401 || !call.auth) return;
          handlers.timed(call, 401);
          // One refresh per request: a 401 after it, or after the retry, ends the session.
          if (retryCount > 0 || tokens.refreshed()) return handlers.expire();
          await tokens.refresh();
          return ky.retry({ code: "TOKEN_REFRESHED", delay: 0 });
        },
      ],
    },
  });
}

/** A call as `request` gives it. */
interface Outgoing {
  operation: string;
  method: string;
  path: string;
  init: RequestOptions;
}

/** One call: its exchange (and retry), the body read whole, all within one deadline. */
async function sendWithin(
  http: KyInstance,
  timeoutMs: number,
  handlers: Handlers,
  { operation, method, path, init }: Outgoing,
): Promise<Answer> {
  const deadline = AbortSignal.timeout(timeoutMs);
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
    handlers.timed(call, answer.status);
    return answer;
  } catch (error) {
    // The hooks' own ends (an expired session, a failed refresh, what the portal throws for them) pass as they are.
    if (
      error instanceof SessionExpiredError ||
      error instanceof BackendFailure ||
      error instanceof Response
    )
      throw error;
    handlers.timed(call, 0);
    return handlers.fail(noAnswer(operation, error, deadline, timeoutMs), operation);
  }
}

/** Why a call has no answer: its deadline passed, or the backend could not be reached. */
function noAnswer(operation: string, error: unknown, deadline: AbortSignal, timeoutMs: number) {
  if (deadline.aborted)
    return new BackendFailure("timeout", `${operation}: no complete answer within ${timeoutMs} ms`);
  return new BackendFailure("unavailable", `${operation}: ${(error as Error).message}`);
}

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

/**
 * An answer read against the contract: a 2xx of the endpoint's schema, a 4xx
 * as an ApiError with the contract's error body, anything else a BackendFailure.
 */
function readAnswer<T>(
  operation: string,
  response: Answer,
  schema: z.ZodType<T> | undefined,
  handlers: Handlers,
  onForbidden?: (error: ApiError) => never,
): T {
  const badResponse = (why: string) =>
    handlers.fail(
      new BackendFailure("bad-response", `${operation}: ${why} (${response.status})`),
      operation,
    );
  if (response.status >= 500) {
    return handlers.fail(
      new BackendFailure(
        serverFailureKind(response.status),
        `${operation}: backend answered ${response.status}`,
      ),
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
  const error = refusal(operation, response, parsed.data as z.infer<typeof ApiErrorBodySchema>);
  if (error.status === 403 && onForbidden) onForbidden(error);
  throw error;
}

/** A 5xx as the pages tell it: 504 the deadline's page, 500 a backend that broke, the rest unavailable. */
function serverFailureKind(status: number) {
  return status === 504 ? "timeout" : status === 500 ? "bad-response" : "unavailable";
}

/** A 4xx with the contract's error body, and how long to wait when the backend says. */
function refusal(operation: string, response: Answer, body: z.infer<typeof ApiErrorBodySchema>) {
  const retryAfter = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
  return new ApiError(
    response.status,
    body,
    operation,
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

type Send = (
  operation: string,
  method: string,
  path: string,
  init: RequestOptions,
) => Promise<Answer>;

/** The backend's answer: a new pair, or refused (the session is over); no answer throws. */
async function exchangeRefresh(
  send: Send,
  refresh: string,
  handlers: Handlers,
): Promise<RefreshResult> {
  const response = await send("refresh", "POST", "client/users/refresh/", {
    auth: false,
    json: { refresh },
  });
  if (response.status === 200) {
    const pair = TokenPairSchema.safeParse(parseJson(response.text));
    if (pair.success)
      return { ok: true, pair: { access: pair.data.access, refresh: pair.data.refresh } };
    return handlers.fail(
      new BackendFailure("bad-response", "refresh: unreadable token pair"),
      "refresh",
    );
  }
  if (response.status >= 500) {
    return handlers.fail(
      new BackendFailure(
        response.status === 504 ? "timeout" : "unavailable",
        `refresh: backend answered ${response.status}`,
      ),
      "refresh",
    );
  }
  return { ok: false };
}

/** Where the refreshes of one refresh token meet. */
interface SharedRefresh {
  store: SharedStore;
  timeoutMs: number;
  /** Asks the backend; only the holder of the lock does. */
  exchange(refresh: string): Promise<RefreshResult>;
  handlers: Handlers;
}

/** The store's keys of one refresh token, named by its hash. */
interface RefreshKeys {
  lock: string;
  result: string;
}

/**
 * One refresh per refresh token across requests and replicas: the first to
 * take the lock exchanges the token and leaves the result in the store;
 * the others wait for it. If the lock vanishes without a result (its holder
 * failed or died), the next waiter takes it and tries itself.
 */
async function sharedExchange(refresh: string, shared: SharedRefresh): Promise<TokenPair> {
  const { store, timeoutMs, handlers } = shared;
  const sealed = sealer(refresh);
  const keys = { lock: `refresh:lock:${sealed.id}`, result: `refresh:result:${sealed.id}` };
  const deadline = Date.now() + timeoutMs + 1000;
  const settled = async () => {
    const stored = await store.get(keys.result);
    return stored === null ? null : sealed.open(stored);
  };
  for (;;) {
    let result = await settled();
    if (!result && (await store.setIfAbsent(keys.lock, "1", timeoutMs + 2000))) {
      // Its holder may have finished between our read and the lock expiring.
      result = await settled();
      if (!result) return exchangeUnderLock(refresh, shared, keys, sealed);
    }
    if (result) {
      if (result.ok) {
        metrics.refreshes.inc({ result: "shared" });
        return result.pair;
      }
      metrics.refreshes.inc({ result: "failed" });
      return handlers.expire();
    }
    if (Date.now() > deadline) {
      metrics.refreshes.inc({ result: "failed" });
      return handlers.fail(
        new BackendFailure(
          "timeout",
          `refresh: no result from another request within ${timeoutMs} ms`,
        ),
        "refresh",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, refreshPollMs));
  }
}

async function exchangeUnderLock(
  refresh: string,
  { store, exchange, handlers }: SharedRefresh,
  keys: RefreshKeys,
  sealed: Sealer,
) {
  let result: RefreshResult;
  try {
    result = await exchange(refresh);
  } catch (error) {
    // No answer: let the next request try the token again.
    await store.delete(keys.lock);
    metrics.refreshes.inc({ result: "failed" });
    throw error;
  }
  // Refused ones too, so waiters end their sessions at once. The lock stays
  // until it expires: a late request reads the result instead of reusing the revoked token.
  await store.set(keys.result, sealed.seal(result), refreshResultTtlMs);
  metrics.refreshes.inc({ result: result.ok ? "done" : "failed" });
  return result.ok ? result.pair : handlers.expire();
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
