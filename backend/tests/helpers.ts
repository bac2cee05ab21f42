/**
 * HTTP helpers of the contract suite. Everything goes through fetch to the
 * API under test (see global-setup.ts); nothing reaches into the stand-in.
 */
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";

export const API = inject("apiUrl");
export const STAND_IN = inject("standIn");
/** The admin flag's name (ADMIN_FLAG of the deployment under test). */
export const FLAG = process.env.CONTRACT_ADMIN_FLAG ?? "is_portal_admin";

export const ADMIN = {
  email: process.env.CONTRACT_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.CONTRACT_ADMIN_PASSWORD ?? "admin12345",
};
export const RESIDENT = {
  email: process.env.CONTRACT_RESIDENT_EMAIL ?? "resident@example.com",
  password: process.env.CONTRACT_RESIDENT_PASSWORD ?? "resident12345",
};

// ---------------------------------------------------------------- shapes

export interface ErrorBody {
  type: "validation_error" | "client_error" | "server_error";
  errors: { code: string; detail: string; attr: string | null }[];
}
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
export interface TokenPair {
  access: string;
  refresh: string;
}
export interface User {
  id: number;
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string | null;
  date_joined: string;
  [flag: string]: unknown;
}
export interface AdminUser extends User {
  full_name: string;
  is_active: boolean;
}
export interface Account {
  id: string;
  address: string;
  customer: string;
  balance: string;
  updated_at: string;
}
export interface Post {
  id: number;
  title: string;
  text: string;
  is_actual: boolean;
  created_at: string;
  updated_at: string;
  images: { id: number; image: string }[];
}
export interface PostImage {
  id: number;
  image: string;
  post: number;
}
export interface Rate {
  id: number;
  name: string;
  value: string;
  unit: string;
  description: string;
  created_at: string;
}
export interface Report {
  id: number;
  name: string;
  year: number;
  description: string;
  file: string | null;
  created_at: string;
}

export const USER_KEYS = [
  "id",
  "email",
  "first_name",
  "middle_name",
  "last_name",
  "phone",
  FLAG,
  "date_joined",
];
export const ADMIN_USER_KEYS = [
  "id",
  "email",
  "full_name",
  "first_name",
  "middle_name",
  "last_name",
  "phone",
  FLAG,
  "is_active",
  "date_joined",
];
export const ACCOUNT_KEYS = ["id", "address", "customer", "balance", "updated_at"];
export const POST_KEYS = ["id", "title", "text", "is_actual", "created_at", "updated_at", "images"];
export const RATE_KEYS = ["id", "name", "value", "unit", "description", "created_at"];
export const REPORT_KEYS = ["id", "name", "year", "description", "file", "created_at"];

/** A well-formed JWT with a wrong signature. */
export const FORGED =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwiZXhwIjo0MTAyNDQ0ODAwLCJpYXQiOjE3MDAwMDAwMDAsImp0aSI6ImFiYyIsInVzZXJfaWQiOjF9.c2lnbmF0dXJlLW5vdC12YWxpZA";

/** ISO 8601 with an offset (or Z) and possibly microseconds. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
export const DECIMAL = /^-?\d+\.\d{2}$/;

// ---------------------------------------------------------------- requests

export interface Response<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: RequestInit["body"];
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  redirect?: RequestInit["redirect"];
}

/** `path` is relative to /api/v1/ unless it starts with a slash or is absolute. */
export function apiUrl(path: string, query?: CallOptions["query"]): string {
  const base = /^https?:\/\//.test(path)
    ? path
    : path.startsWith("/")
      ? `${API}${path}`
      : `${API}/api/v1/${path}`;
  if (!query) return base;
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return `${base}${base.includes("?") ? "&" : "?"}${params}`;
}

export async function call<T = unknown>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Response<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json; charset=utf-8";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body,
    redirect: options.redirect ?? "manual",
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text && (response.headers.get("content-type") ?? "").includes("json"))
    parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export const get = <T = unknown>(path: string, options?: CallOptions) =>
  call<T>("GET", path, options);
export const post = <T = unknown>(path: string, json: unknown, options: CallOptions = {}) =>
  call<T>("POST", path, { ...options, json });

// ---------------------------------------------------------------- checks

/** The contract's error body: status, type, `errors[0].code` and, when given, its attr. */
export function expectError(
  response: Response<unknown>,
  status: number,
  code: string,
  attr?: string | null,
): ErrorBody {
  const body = response.body as ErrorBody;
  expect(response.status, response.text).toBe(status);
  expect(body, response.text).toBeTypeOf("object");
  const type =
    status >= 500 ? "server_error" : status === 400 ? "validation_error" : "client_error";
  expect(body.type).toBe(type);
  expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
  for (const error of body.errors) {
    expect(Object.keys(error).sort()).toEqual(["attr", "code", "detail"]);
    expect(typeof error.detail).toBe("string");
  }
  if (attr === undefined) {
    expect(body.errors[0]!.code).toBe(code);
  } else {
    expect(body.errors, response.text).toContainEqual(expect.objectContaining({ code, attr }));
  }
  return body;
}

/**
 * A validation error on exactly these attrs (in any order), each carrying the
 * code given among its entries: a field may carry more than one (DRF runs
 * every validator of a field and keeps each refusal).
 */
export function expectFieldErrors(
  response: Response<unknown>,
  expected: Record<string, string>,
): ErrorBody {
  expect(response.status, response.text).toBe(400);
  const body = response.body as ErrorBody;
  expect(body.type).toBe("validation_error");
  const codes: Record<string, string[]> = {};
  for (const error of body.errors) (codes[String(error.attr)] ??= []).push(error.code);
  expect(Object.keys(codes).sort(), response.text).toEqual(Object.keys(expected).sort());
  for (const [attr, code] of Object.entries(expected))
    expect(codes[attr], `${attr}: ${response.text}`).toContain(code);
  return body;
}

export function expectPage<T>(response: Response<Page<T>>): Page<T> {
  expect(response.status, response.text).toBe(200);
  expect(Object.keys(response.body).sort()).toEqual(["count", "next", "previous", "results"]);
  expect(Number.isInteger(response.body.count)).toBe(true);
  expect(Array.isArray(response.body.results)).toBe(true);
  return response.body;
}

export function expectKeys(value: object, keys: string[]): void {
  expect(Object.keys(value).sort()).toEqual([...keys].sort());
}

const collator = new Intl.Collator("ru", { sensitivity: "base" });
/**
 * The first word, lowercased («ё» as «е»): database collations (ICU, glibc's
 * ru_RU, the stand-in's) agree on its order, while they differ on spaces and
 * punctuation after it.
 */
const firstWord = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, "е")
    .match(/[\p{L}\p{N}]+/u)?.[0] ?? "";

/** Checks that `values` are in order (`desc` reversed) under `compare`. */
export function expectSorted<V>(values: V[], compare: (a: V, b: V) => number, desc = false): void {
  for (let index = 1; index < values.length; index++) {
    const order = compare(values[index - 1]!, values[index]!);
    if (desc ? order < 0 : order > 0) {
      throw new Error(
        `not ${desc ? "descending" : "ascending"} at ${index}: ${String(values[index - 1])} / ${String(values[index])}`,
      );
    }
  }
}

/** Text order, collation-agnostic (see firstWord). */
export const byText = (a: string, b: string) => collator.compare(firstWord(a), firstWord(b));
export const byNumber = (a: number, b: number) => a - b;
export const byTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

// ---------------------------------------------------------------- identities

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header, payload] = token.split(".");
  return {
    header: JSON.parse(Buffer.from(header!, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >,
    payload: JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >,
  };
}

export async function login(email: string, password: string): Promise<TokenPair> {
  const response = await post<TokenPair>("client/users/login/", { email, password });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const tokenCache = new Map<string, Promise<string>>();
/** An access token of the demo administrator (one login per test file). */
export function adminToken(): Promise<string> {
  const key = `${ADMIN.email}`;
  if (!tokenCache.has(key))
    tokenCache.set(
      key,
      login(ADMIN.email, ADMIN.password).then((pair) => pair.access),
    );
  return tokenCache.get(key)!;
}
export function residentToken(): Promise<string> {
  const key = `${RESIDENT.email}`;
  if (!tokenCache.has(key))
    tokenCache.set(
      key,
      login(RESIDENT.email, RESIDENT.password).then((pair) => pair.access),
    );
  return tokenCache.get(key)!;
}

/** A short unique marker for names and e-mails of this run. */
export const unique = (prefix = "t") => `${prefix}${randomUUID().replace(/-/g, "").slice(0, 10)}`;
export const uniqueEmail = (prefix = "user") => `${unique(prefix)}@example.com`;

export interface TestUser {
  user: AdminUser;
  email: string;
  password: string;
  token: string;
  refresh: string;
}

/** A fresh user created through the admin API, logged in. */
export async function createUser(overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const password = "Secret-pass-123";
  const response = await post<AdminUser>(
    "admin/users/",
    {
      email,
      password,
      first_name: "Тест",
      last_name: "Тестов",
      middle_name: "Тестович",
      ...overrides,
    },
    { token: await adminToken() },
  );
  expect(response.status, response.text).toBe(201);
  const pair = await login(
    String(overrides.email ?? email),
    String(overrides.password ?? password),
  );
  return {
    user: response.body,
    email: String(overrides.email ?? email),
    password: String(overrides.password ?? password),
    token: pair.access,
    refresh: pair.refresh,
  };
}

/** A post created through the admin API. */
export async function createPost(
  fields: Partial<{ title: string; text: string; is_actual: boolean }> = {},
): Promise<Post> {
  const response = await post<Post>(
    "admin/posts/",
    { title: unique("Пост "), text: "Первый абзац.\n\nВторой абзац.", is_actual: true, ...fields },
    { token: await adminToken() },
  );
  expect(response.status, response.text).toBe(201);
  return response.body;
}

// ---------------------------------------------------------------- outbox (stand-in only)

export interface OutboxEntry {
  email: string;
  code: number;
  purpose: "register" | "reset";
  at: string;
}

/**
 * The codes "sent" to an e-mail, newest first. Only the stand-in has this
 * route; against a real backend these flows need a mailbox (see README).
 */
export async function outbox(email: string): Promise<OutboxEntry[]> {
  const response = await get<OutboxEntry[]>(`/__outbox/`, { query: { email } });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export async function lastCode(email: string, purpose: OutboxEntry["purpose"]): Promise<number> {
  const entry = (await outbox(email)).find((item) => item.purpose === purpose);
  expect(entry, `no ${purpose} code for ${email} in the outbox`).toBeDefined();
  return entry!.code;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
