/**
 * What the site map says about a path, for the code that asks before React
 * Router runs or without it: the service worker (which pages it may keep) and
 * the HTTP edge (which forms take files). Plain functions over pages.ts, no
 * React Router: the worker's bundle stays small. The patterns are compiled
 * from the entries' paths, never written out again.
 */
import { pageOfDataPath } from "~/utils/http/data-request";

import { siteMap, type Access, type SiteEntry } from "./pages";

interface PathEntry {
  id: string;
  path: string;
  /** The whole path (a trailing slash allowed). */
  exact: RegExp;
  /** The path and anything below it. */
  prefix: RegExp;
  access: Access;
  offline: boolean;
  uploads: boolean;
  resource: boolean;
}

/**
 * A parameter named `…Id` is a backend id (digits), any other a slug
 * (`/documents/:slug`): an address that cannot be a page matches no entry.
 */
function segmentSource(segment: string) {
  if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return segment.endsWith("Id") ? "\\d{1,12}" : "[a-z0-9-]{1,64}";
}

function compile(path: string) {
  const source =
    path === "/"
      ? ""
      : path
          .split("/")
          .slice(1)
          .map((segment) => `/${segmentSource(segment)}`)
          .join("");
  return { exact: new RegExp(`^${source}/?$`), prefix: new RegExp(`^${source}(?:/|$)`) };
}

function flatten(entries: SiteEntry[], parent?: PathEntry): PathEntry[] {
  return entries.flatMap((entry) => {
    const own: PathEntry = {
      id: entry.id,
      path: entry.path,
      ...compile(entry.path),
      access: entry.access ?? parent?.access ?? "auth",
      offline: entry.offline ?? parent?.offline ?? false,
      uploads: entry.uploads ?? false,
      resource: entry.resource ?? false,
    };
    return [own, ...flatten(entry.children ?? [], own)];
  });
}

// Compiled on first use: a bundle that never asks (the page's worker registration) drops the site map.
let compiled: PathEntry[] | undefined;

/** Every entry, a named page (`/documents/privacy`) before the pattern that serves it (`/documents/:slug`). */
function entries() {
  if (!compiled) {
    const all = flatten(siteMap);
    compiled = [
      ...all.filter((entry) => !entry.path.includes(":")),
      ...all.filter((entry) => entry.path.includes(":")),
    ];
  }
  return compiled;
}

/** The entry a page path is, if any. */
function entryAt(pathname: string) {
  return entries().find((entry) => entry.exact.test(pathname));
}

/** A page, or a data request's page (`/posts.data` is `/posts`). */
const pageOf = (pathname: string) => pageOfDataPath(pathname) ?? pathname;

/**
 * A public page the service worker may keep a signed-out copy of: an entry
 * marked `offline`, open to anyone, not a resource route.
 */
export function isOfflinePage(pathname: string) {
  const entry = entryAt(pathname);
  return !!entry && entry.offline && entry.access === "all" && !entry.resource;
}

/**
 * A personal area (signed-in or signed-out visitors only) or a resource
 * route, or anything below one: never stored, whatever its answer says.
 */
export function isPersonalPath(pathname: string) {
  const page = pageOf(pathname);
  return entries().some(
    (entry) => (entry.access !== "all" || entry.resource) && entry.prefix.test(page),
  );
}

/** A page whose form takes files (`uploads`), or its data request. */
export function takesFiles(pathname: string) {
  return entryAt(pageOf(pathname))?.uploads ?? false;
}

/** The id of the entry a page path or its data request is (`/resources/logout.data`: `logout`). */
export function entryIdAt(pathname: string) {
  return entryAt(pageOf(pathname))?.id;
}
