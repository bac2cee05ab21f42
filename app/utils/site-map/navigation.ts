/**
 * Reading the site map: which entry a path is, who may open it, what the menu
 * shows, the breadcrumbs and the document title. Pure functions shared by the
 * server (access checks) and the client (menu, breadcrumbs).
 */
import { matchPath } from "react-router";

import { BoundedMap } from "~/utils/cache/bounded-map";
import { siteMap, type Access, type Role, type SiteEntry } from "~/utils/site-map/pages";

export interface ResolvedEntry extends Omit<SiteEntry, "children" | "access" | "roles"> {
  access: Access;
  roles: Role[];
  parentId: string | null;
  children: ResolvedEntry[];
}

/** Who may open a page: the site map's `access` and `roles`, inherited and filled in. */
export type AccessRule = Pick<ResolvedEntry, "access" | "roles">;

export interface SessionUserLike {
  role: Role;
}

function resolve(entries: SiteEntry[], parent: ResolvedEntry | null): ResolvedEntry[] {
  return entries.map((entry) => {
    const resolved: ResolvedEntry = {
      ...entry,
      access: entry.access ?? parent?.access ?? "auth",
      roles: entry.roles ?? parent?.roles ?? [],
      parentId: parent?.id ?? null,
      children: [],
    };
    resolved.children = resolve(entry.children ?? [], resolved);
    return resolved;
  });
}

export function buildIndex(tree: SiteEntry[] = siteMap) {
  const roots = resolve(tree, null);
  const byId = new Map<string, ResolvedEntry>();
  const walk = (list: ResolvedEntry[]) => {
    for (const entry of list) {
      byId.set(entry.id, entry);
      walk(entry.children);
    }
  };
  walk(roots);
  return { roots, byId };
}

const index = buildIndex();

export const siteRoots = index.roots;

/**
 * Lookups by path are asked many times per page (menu, breadcrumbs, title,
 * access), and matching compiles patterns: remember recent answers.
 */
const lookups = new BoundedMap<string, ResolvedEntry | undefined>(500);

function remember(key: string, find: () => ResolvedEntry | undefined) {
  if (lookups.has(key)) return lookups.get(key);
  const found = find();
  lookups.set(key, found);
  return found;
}

/**
 * The entry whose path matches the whole pathname, if any: a named page
 * (`/documents/privacy`) before the pattern that serves it (`/documents/:slug`).
 */
export function findEntry(pathname: string, idx = index): ResolvedEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const search = () => {
    let pattern: ResolvedEntry | undefined;
    for (const entry of idx.byId.values()) {
      if (!matchPath({ path: entry.path, end: true }, normalized)) continue;
      if (!/[:*]/.test(entry.path)) return entry;
      pattern ??= entry;
    }
    return pattern;
  };
  return idx === index ? remember(`=${normalized}`, search) : search();
}

/**
 * The entry for a path, or else the deepest entry whose path is a prefix of
 * it: a path nobody declared still gets its section's access rules
 * (`/admin/anything` stays administrators only).
 */
export function findGoverningEntry(pathname: string, idx = index): ResolvedEntry | undefined {
  const exact = findEntry(pathname, idx);
  if (exact) return exact;
  const search = () => {
    let best: ResolvedEntry | undefined;
    for (const entry of idx.byId.values()) {
      if (entry.path === "/") continue;
      if (
        matchPath({ path: entry.path, end: false }, pathname) &&
        (!best || entry.path.length > best.path.length)
      ) {
        best = entry;
      }
    }
    return best;
  };
  return idx === index ? remember(`^${pathname}`, search) : search();
}

/** The entry and its ancestors, top first. */
export function trailOf(entry: ResolvedEntry | undefined, idx = index): ResolvedEntry[] {
  const trail: ResolvedEntry[] = [];
  let current = entry;
  while (current) {
    trail.unshift(current);
    current = current.parentId ? idx.byId.get(current.parentId) : undefined;
  }
  return trail;
}

export function roleAllowed(entry: Pick<AccessRule, "roles">, role: Role | null) {
  if (entry.roles.length === 0) return true;
  return role !== null && entry.roles.includes(role);
}

export type AccessDecision =
  { kind: "ok" } | { kind: "sign-in" } | { kind: "signed-in" } | { kind: "forbidden" };

/**
 * What the server does with a request under a rule (a route's guard, or an
 * undeclared path's section): serve it, send a signed-out user to sign in,
 * send a signed-in user away from guest pages, or refuse the role. A path
 * in no section is everyone's (it ends in the 404 page).
 */
export function decideAccess(
  entry: AccessRule | undefined,
  user: SessionUserLike | null,
): AccessDecision {
  if (!entry) return { kind: "ok" };
  if (entry.access === "guest") return user ? { kind: "signed-in" } : { kind: "ok" };
  if (entry.access === "auth" && !user) return { kind: "sign-in" };
  if (!roleAllowed(entry, user?.role ?? null)) {
    return user ? { kind: "forbidden" } : { kind: "sign-in" };
  }
  return { kind: "ok" };
}

/** May this user see the entry in a menu? */
export function visibleInMenu(entry: ResolvedEntry, user: SessionUserLike | null) {
  if (entry.hidden || entry.resource) return false;
  if (entry.access === "auth" && !user) return false;
  if (entry.access === "guest" && user) return false;
  return roleAllowed(entry, user?.role ?? null);
}

export function menuEntries(list: ResolvedEntry[], user: SessionUserLike | null) {
  return list.filter((entry) => visibleInMenu(entry, user));
}

/** The section whose sub-menu the left panel shows for a path, if any. */
export function sectionOf(pathname: string, user: SessionUserLike | null) {
  const trail = trailOf(findEntry(pathname));
  const top = trail[0];
  if (!top || !visibleInMenu(top, user)) return undefined;
  return menuEntries(top.children, user).length > 0 ? top : undefined;
}

export interface Crumb {
  name: string;
  /** Undefined for the last crumb, which is the current page. */
  href?: string;
}

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * Breadcrumbs for a path: the trail without the home page. A pattern's
 * params (`:postId`) are filled from the actual path, and the names'
 * placeholders from `params` (a page gives its post's title, say).
 */
export function breadcrumbsFor(
  pathname: string,
  t: Translate,
  params: Record<string, string> = {},
): Crumb[] {
  const entry = findEntry(pathname);
  // A detail page whose data did not load (its 404) has no name to show: "{{title}}" would leak.
  const unnamed = (item: ResolvedEntry) =>
    item.path.includes(":") && /^\s*$|\{\{/.test(t(item.name, params));
  const trail = trailOf(entry).filter(
    (item) => item.path !== "/" && !item.resource && !unnamed(item),
  );
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trail.map((item, position) => {
    const last = position === trail.length - 1;
    const href = last ? undefined : fillPath(item.path, normalized);
    return { name: t(item.name, params), href };
  });
}

/** A pattern's path with the params taken from a longer, concrete path. */
function fillPath(pattern: string, pathname: string) {
  const match = matchPath({ path: pattern, end: false }, pathname);
  return match?.pathnameBase ?? pattern;
}

/**
 * The page's meta description: the page's own text when it gives one (a
 * post's excerpt), else its site-map entry's, placeholders filled as in the
 * breadcrumbs. Undefined for pages without one (error pages).
 */
export function documentDescription(
  pathname: string,
  t: Translate,
  params: Record<string, string> = {},
  own?: string,
): string | undefined {
  if (own?.trim()) return own.trim();
  const entry = findEntry(pathname);
  // A detail page whose data did not load (its error page) has nothing to fill the placeholders with.
  if (!entry?.description || (entry.path.includes(":") && Object.keys(params).length === 0))
    return undefined;
  return t(entry.description, params) || undefined;
}

export function documentTitle(crumbs: Crumb[], productName: string) {
  const names = crumbs.map((crumb) => crumb.name).filter(Boolean);
  return names.length > 0 ? names.join(" | ") : productName;
}
