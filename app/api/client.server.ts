/**
 * The backend client: one per request, created by the API middleware. Every
 * backend call of the portal goes through `request`, which
 *
 * - sends the bearer token, refreshing it first when it has expired;
 * - on a 401 refreshes once and retries the call once;
 * - shares that one refresh between the loaders of the request, and between
 *   concurrent requests of one browser that carry the same refresh token
 *   (rotation revokes it after its first use);
 * - gives every exchange one deadline, reading the body included (a backend
 *   that sends its headers and then trickles the body must not hold a page);
 * - checks every answer against the contract's shape (schemas.ts), once;
 * - turns timeouts, refused connections, 5xx and unreadable or wrongly shaped
 *   bodies into a BackendFailure, and 4xx into an ApiError with the
 *   contract's body.
 */
import ky from "ky";
import type { z } from "zod";
import { isExpired } from "~/utils/user";
import { ApiError, BackendFailure, SessionExpiredError } from "./errors";
import { ApiErrorBodySchema } from "./schemas";
import type { Query, TokenPair } from "./types";

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
  fetch?: typeof fetch;
  /** Called with the milliseconds each backend call took, its operation and status (0: no answer). */
  onTiming?: (ms: number, operation: string, status: number) => void;
  /** Called instead of throwing SessionExpiredError (the portal redirects to sign in). */
  onSessionExpired?: (error: SessionExpiredError) => never;
  /** Called instead of throwing BackendFailure (the portal shows an error page). */
  onFailure?: (failure: BackendFailure, operation: string) => never;
}

export interface RequestOptions<T = unknown> {
  /** Public endpoints get no token (an expired one would be refused there). */
  auth?: boolean;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  searchParams?: Query;
  /** Allows one retry after a refresh (not for streamed bodies). */
  retryable?: boolean;
  /** The contract's shape of a 2xx answer; without one (204 endpoints) the body is not read. */
  schema?: z.ZodType<T>;
}

/** In-flight refreshes by refresh token, kept a few seconds after they settle. */
const sharedRefreshes = new Map<string, Promise<TokenPair>>();
const sharedRefreshTtlMs = 10_000;

export function clearSharedRefreshes() {
  sharedRefreshes.clear();
}

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
  const http = ky.create({
    prefixUrl: `${options.baseUrl.replace(/\/+$/, "")}/api/v1/`,
    // ky's timeout ends at the headers; send() keeps one deadline for the body too.
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch,
    headers: options.requestId ? { "X-Request-Id": options.requestId } : undefined,
  });

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

  async function send(operation: string, method: string, path: string, init: RequestOptions, access?: string) {
    const started = performance.now();
    const deadline = AbortSignal.timeout(options.timeoutMs);
    let status = 0;
    try {
      const response = await http(path, {
        method,
        json: init.json,
        body: init.body,
        searchParams: toSearchParams(init.searchParams),
        headers: { ...init.headers, ...(access ? { Authorization: `Bearer ${access}` } : {}) },
        signal: deadline,
        // Streams need this in Node's fetch; harmless otherwise.
        ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as Parameters<typeof http>[1]);
      const whole = await readWithin(response, deadline);
      status = response.status;
      return whole;
    } catch (error) {
      if (deadline.aborted) {
        return fail(new BackendFailure("timeout", `${operation}: no complete answer within ${options.timeoutMs} ms`), operation);
      }
      return fail(new BackendFailure("unavailable", `${operation}: ${(error as Error).message}`), operation);
    } finally {
      options.onTiming?.(performance.now() - started, operation, status);
    }
  }

  async function exchange(refresh: string): Promise<TokenPair> {
    const response = await send("refresh", "POST", "client/users/refresh/", { json: { refresh } });
    if (response.status === 200) {
      const pair = (await response.json().catch(() => null)) as TokenPair | null;
      if (pair?.access && pair.refresh) return pair;
      return fail(new BackendFailure("bad-response", "refresh: unreadable token pair"), "refresh");
    }
    if (response.status >= 500) {
      return fail(new BackendFailure(response.status === 504 ? "timeout" : "unavailable", `refresh: backend answered ${response.status}`), "refresh");
    }
    return expire();
  }

  /** Refreshes the token pair once per request; returns the new access token. */
  function refreshTokens(): Promise<string> {
    refreshing ??= (async () => {
      const { refresh } = options.tokens.get();
      if (!refresh) return expire("Refresh token is missing.");
      let shared = sharedRefreshes.get(refresh);
      if (!shared) {
        shared = exchange(refresh);
        sharedRefreshes.set(refresh, shared);
        const forget = () => setTimeout(() => sharedRefreshes.delete(refresh), sharedRefreshTtlMs).unref?.();
        shared.then(forget, () => sharedRefreshes.delete(refresh));
      }
      const pair = await shared;
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

  async function request<T>(operation: string, method: string, path: string, init: RequestOptions<T> = {}): Promise<T> {
    const auth = init.auth ?? true;
    let access = auth ? await validAccess() : undefined;
    let response = await send(operation, method, path, init, access);
    if (response.status === 401 && auth) {
      const alreadyRefreshed = refreshing !== null;
      if (alreadyRefreshed || init.retryable === false) return expire();
      access = await refreshTokens();
      response = await send(operation, method, path, init, access);
      if (response.status === 401) return expire();
    }
    return read(operation, response, init.schema);
  }

  async function read<T>(operation: string, response: Response, schema?: z.ZodType<T>): Promise<T> {
    const badResponse = (why: string) =>
      fail(new BackendFailure("bad-response", `${operation}: ${why} (${response.status})`), operation);
    if (response.status >= 500) {
      const kind = response.status === 504 ? "timeout" : response.status === 500 ? "bad-response" : "unavailable";
      return fail(new BackendFailure(kind, `${operation}: backend answered ${response.status}`), operation);
    }
    if (response.ok && (!schema || response.status === 204)) return undefined as T;
    const text = await response.text();
    // A proxy may refuse a large body with 413 and any body (the contract allows it).
    if (response.status === 413 && !isJson(response)) throw new ApiError(413, null, operation);
    // Anything else must be the contract's JSON: an HTML page here is not the backend speaking.
    if (!isJson(response)) return badResponse(`unexpected content type ${response.headers.get("Content-Type") ?? "(none)"}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return badResponse(text === "" ? "empty body" : "unreadable JSON");
    }
    const parsed = response.ok ? schema!.safeParse(body) : ApiErrorBodySchema.safeParse(body);
    if (!parsed.success) return badResponse(`unexpected shape: ${describeIssue(parsed.error)}`);
    if (response.ok) return parsed.data as T;
    const retryAfter = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
    const errorBody = parsed.data as z.infer<typeof ApiErrorBodySchema>;
    throw new ApiError(response.status, errorBody, operation, Number.isFinite(retryAfter) ? retryAfter : null);
  }

  return { request, refreshTokens };
}

const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

function isJson(response: Response) {
  return jsonType.test(response.headers.get("Content-Type") ?? "");
}

/** Where an answer left the contract, for the log (never the values: they may be personal). */
function describeIssue(error: z.ZodError) {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "invalid";
}

/**
 * The whole body, read before `deadline`: a fetch given the signal aborts the
 * read itself; the race covers one that ignores it. Buffered into a new
 * Response so callers read it as before.
 */
async function readWithin(response: Response, deadline: AbortSignal): Promise<Response> {
  if (!response.body) return response;
  const reader = response.body.getReader();
  const stop = () => void reader.cancel(deadline.reason).catch(() => {});
  if (deadline.aborted) stop();
  deadline.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } finally {
    deadline.removeEventListener("abort", stop);
  }
  if (deadline.aborted) throw deadline.reason;
  const nullBody = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(nullBody ? null : Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
