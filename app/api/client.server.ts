/**
 * The backend client: one per request, created by the API middleware. Every
 * backend call of the portal goes through `request`, which
 *
 * - sends the bearer token, refreshing it first when it has expired;
 * - on a 401 refreshes once and retries the call once;
 * - shares that one refresh between the loaders of the request, and between
 *   concurrent requests of one browser that carry the same refresh token
 *   (rotation revokes it after its first use);
 * - turns timeouts, refused connections, 5xx and unreadable bodies into a
 *   BackendFailure, and 4xx into an ApiError with the contract's body.
 */
import ky, { TimeoutError } from "ky";
import { isExpired } from "~/utils/user";
import { ApiError, BackendFailure, parseErrorBody, SessionExpiredError } from "./errors";
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

export interface RequestOptions {
  /** Public endpoints get no token (an expired one would be refused there). */
  auth?: boolean;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  searchParams?: Query;
  /** Allows one retry after a refresh (not for streamed bodies). */
  retryable?: boolean;
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
    timeout: options.timeoutMs,
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
    let status = 0;
    try {
      const response = await http(path, {
        method,
        json: init.json,
        body: init.body,
        searchParams: toSearchParams(init.searchParams),
        headers: { ...init.headers, ...(access ? { Authorization: `Bearer ${access}` } : {}) },
        // Streams need this in Node's fetch; harmless otherwise.
        ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as Parameters<typeof http>[1]);
      status = response.status;
      return response;
    } catch (error) {
      if (error instanceof TimeoutError) {
        return fail(new BackendFailure("timeout", `${operation}: no answer within ${options.timeoutMs} ms`), operation);
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

  async function request<T>(operation: string, method: string, path: string, init: RequestOptions = {}): Promise<T> {
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
    return read<T>(operation, response);
  }

  async function read<T>(operation: string, response: Response): Promise<T> {
    const text = await response.text().catch(() => "");
    if (response.ok) {
      if (response.status === 204) return undefined as T;
      if (text === "") return fail(new BackendFailure("bad-response", `${operation}: empty body (${response.status})`), operation);
      try {
        return JSON.parse(text) as T;
      } catch {
        return fail(new BackendFailure("bad-response", `${operation}: unreadable JSON (${response.status})`), operation);
      }
    }
    if (response.status >= 500) {
      const kind = response.status === 504 ? "timeout" : response.status === 500 ? "bad-response" : "unavailable";
      return fail(new BackendFailure(kind, `${operation}: backend answered ${response.status}`), operation);
    }
    const retryAfter = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
    throw new ApiError(response.status, parseErrorBody(text), operation, Number.isFinite(retryAfter) ? retryAfter : null);
  }

  return { request, refreshTokens };
}
