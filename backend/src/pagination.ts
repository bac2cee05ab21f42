/**
 * DRF's PageNumberPagination (`page`, `page_size` up to 100, default 10) and
 * OrderingFilter, with DRF's links: the request's absolute URL with `page`
 * replaced (or removed for page 1), the query re-encoded with sorted keys as
 * Python's urlencode does.
 */
import type { Context } from "hono";

import { MSG, notFound } from "./errors.js";
import { requestUrl } from "./http.js";

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Python's int() on a string. */
function pythonInt(value: string): number | null {
  const text = value.trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(text)) return null;
  const parsed = Number(text.replace(/_/g, ""));
  return Number.isSafeInteger(parsed) ? parsed : null;
}

const last = (params: URLSearchParams, key: string) => {
  const values = params.getAll(key);
  return values.length ? values[values.length - 1] : undefined;
};

export function pageSizeOf(params: URLSearchParams): number {
  const raw = last(params, "page_size");
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const parsed = pythonInt(raw);
  if (parsed === null || parsed <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(parsed, MAX_PAGE_SIZE);
}

/** Python's urllib.parse.quote_plus. */
function quotePlus(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.\-~]/.test(char)) out += char;
    else if (char === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** DRF's replace_query_param / remove_query_param. */
export function withPage(url: URL, page: number | null): string {
  const groups = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) {
    const list = groups.get(key) ?? [];
    list.push(value);
    groups.set(key, list);
  }
  if (page === null) groups.delete("page");
  else groups.set("page", [String(page)]);
  const keys = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const query = keys
    .flatMap((key) => groups.get(key)!.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
    .join("&");
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * One page of a list: `count` rows in all, `fetch(limit, offset)` reads one
 * page. A page that does not exist (past the end, 0, not a number) is a 404.
 */
export function paginate<T>(
  c: Context,
  count: number,
  fetch: (limit: number, offset: number) => T[],
): Page<T> {
  const url = requestUrl(c);
  const pageSize = pageSizeOf(url.searchParams);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const raw = last(url.searchParams, "page") || "1";
  const number = raw === "last" ? pages : pythonInt(raw);
  if (number === null || number < 1 || number > pages) throw notFound(MSG.invalidPage);
  return {
    count,
    next: number < pages ? withPage(url, number + 1) : null,
    previous: number > 1 ? withPage(url, number === 2 ? null : number - 1) : null,
    results: fetch(pageSize, (number - 1) * pageSize),
  };
}

/**
 * DRF's OrderingFilter: the last `ordering` parameter, comma-separated
 * fields with an optional `-`; unknown fields are dropped; nothing valid
 * means the default. `fields` maps each allowed name to its SQL expression.
 * A final `tiebreak` keeps pages stable.
 */
export function orderBy(
  params: URLSearchParams,
  fields: Record<string, string>,
  defaults: string[],
  tiebreak: string,
): string {
  const raw = last(params, "ordering");
  let terms: string[] = [];
  if (raw) {
    terms = raw
      .split(",")
      .map((term) => term.trim())
      .filter((term) => Object.hasOwn(fields, term.startsWith("-") ? term.slice(1) : term));
  }
  if (!terms.length) terms = defaults;
  const sql = terms.map((term) => {
    const descending = term.startsWith("-");
    return `${fields[descending ? term.slice(1) : term]} ${descending ? "DESC" : "ASC"}`;
  });
  sql.push(`${tiebreak} ASC`);
  return sql.join(", ");
}
