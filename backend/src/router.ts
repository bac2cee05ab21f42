/**
 * Routes as DRF views: every route authenticates first (per its mode), then
 * picks the handler of the method, or answers 405 with `Allow`. HEAD is GET
 * without a body; OPTIONS answers DRF's metadata.
 */
import type { Context, Hono } from "hono";

import { authorize, type AuthMode, type Tokens } from "./auth.js";
import type { AppContext } from "./config.js";
import { ApiError, errorResponse, methodNotAllowed } from "./errors.js";
import type { UserRow } from "./user-model.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHOD_ORDER: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface RouteContext<U> {
  c: Context;
  app: AppContext;
  user: U;
  /** The `:id` path parameter, when the route has one. */
  id: string;
}

type Handler<U> = (r: RouteContext<U>) => Promise<Response> | Response;
type Handlers<U> = Partial<Record<HttpMethod, Handler<U>>>;

export type RouteDef =
  | { path: string; name: string; auth: "none" | "public"; handlers: Handlers<UserRow | null> }
  | { path: string; name: string; auth: "token" | "admin"; handlers: Handlers<UserRow> };

/** Path patterns of every registered route, for Django's APPEND_SLASH. */
export class RouteTable {
  private readonly patterns: RegExp[] = [];

  add(path: string): void {
    const source = path
      .split("/")
      .map((segment) =>
        segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    this.patterns.push(new RegExp(`^${source}$`));
  }

  matches(path: string): boolean {
    return this.patterns.some((pattern) => pattern.test(path));
  }
}

export function allowHeader(handlers: Partial<Record<HttpMethod, unknown>>): string {
  const methods: string[] = METHOD_ORDER.filter((method) => handlers[method]);
  if (handlers.GET) methods.push("HEAD");
  methods.push("OPTIONS");
  return methods.join(", ");
}

export function registerRoute(
  hono: Hono,
  table: RouteTable,
  app: AppContext,
  tokens: Tokens,
  route: RouteDef,
): void {
  const path = `/api/v1/${route.path}`;
  table.add(path);
  const allow = allowHeader(route.handlers);
  hono.all(path, async (c) => {
    let response: Response;
    try {
      response = await dispatch(c);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response = errorResponse(error);
    }
    // DRF's finalize_response: every answer of a view carries Allow.
    const headers = new Headers(response.headers);
    if (!headers.has("Allow")) headers.set("Allow", allow);
    headers.set("Vary", "Accept");
    const body = response.status === 204 ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, headers });
  });

  async function dispatch(c: Context): Promise<Response> {
    const user = await authorize(tokens, route.auth as AuthMode, c.req.header("authorization"));
    const method = c.req.method.toUpperCase();
    if (method === "OPTIONS") {
      return c.json({
        name: route.name,
        description: "",
        renders: ["application/json"],
        parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      });
    }
    const handler = (route.handlers as Handlers<UserRow | null>)[
      (method === "HEAD" ? "GET" : method) as HttpMethod
    ];
    if (!handler) throw methodNotAllowed(method, allow);
    return handler({ c, app, user, id: c.req.param("id") ?? "" });
  }
}

/** A detail route's integer id, or a 404 as `get_object_or_404` gives. */
export function idOf(r: { id: string }, notFound: () => Error): number {
  if (!/^\d+$/.test(r.id)) throw notFound();
  const id = Number(r.id);
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

export const json = (c: Context, body: unknown, status: 200 | 201 = 200) =>
  c.json(body as object, status);
export const noContent = (c: Context) => c.body(null, 204);
