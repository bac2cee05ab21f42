/**
 * Lists read their filters from the URL (GET forms, bookmarkable, no
 * JavaScript needed) and hand them to the backend as the contract names
 * them. Bad values are dropped with a note instead of failing the page.
 */

export function parsePage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}

/** A calendar day as YYYY-MM-DD that really exists (no 2026-02-31). */
export function parseDay(value: string | null): string | null | undefined {
  if (value === null || value === "") return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return value;
}

export function parseChoice<T extends string>(
  value: string | null,
  choices: readonly T[],
  fallback: T,
): T | null {
  if (value === null || value === "") return fallback;
  return (choices as readonly string[]).includes(value) ? (value as T) : null;
}

/** Free text for a "contains" filter: trimmed, bounded. */
export function parseText(value: string | null, max = 100) {
  return (value ?? "").trim().slice(0, max);
}

/** The news filters (title contains, current / archive / all, the order), shared by the news page and the administrators' list of posts. */
const sorts = { newest: "-created_at", oldest: "created_at", title: "title" } as const;
const statuses = { all: undefined, current: "true", archive: "false" } as const;
type Sort = keyof typeof sorts;
type Status = keyof typeof statuses;

/** The post filters from the URL (bad values noted in `ignored`) and the backend query they make. */
export function parsePostFilters(params: URLSearchParams, ignored: string[]) {
  const status =
    parseChoice(params.get("status"), Object.keys(statuses) as Status[], "all") ??
    (ignored.push("status"), "all");
  const sort =
    parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "newest") ??
    (ignored.push("sort"), "newest");
  const q = parseText(params.get("q"));
  return {
    filters: { q, status, sort },
    query: { title__icontains: q, is_actual: statuses[status], ordering: sorts[sort] },
  };
}

/** Total pages for a count (at least one, so an empty list has a page). */
export function pageCount(count: number, pageSize: number) {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page numbers to show: first, last, and a window around the current one; null is a gap. */
export function pageWindow(current: number, total: number, radius = 1): Array<number | null> {
  const pages = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= total) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) result.push(null);
    result.push(page);
  });
  return result;
}

/** The same URL with some parameters changed (undefined or "" removes them). */
export function withParams(
  search: URLSearchParams | string,
  changes: Record<string, string | number | undefined>,
) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}
