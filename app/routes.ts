/**
 * The routes, built from the site map (app/utils/site-map/pages.ts): each entry's
 * `module` serves its path, so a page is declared there with its name and
 * place in the menu; who may open it, its module says (its middleware).
 * Only what is not a page is named here.
 */
import {
  index,
  layout,
  prefix,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";

import { siteMap, type SiteEntry } from "./utils/site-map/pages";

/** Files, not pages: outside the site map and the pages' layout; anyone may fetch them. */
export const fileRoutes = [
  route("locales/:lng/:ns", "routes/resources/locales.ts"),
  route("media/*", "routes/resources/media.ts"),
  // Installing the portal and using it offline (docs/decisions/016-offline.md).
  route("manifest.webmanifest", "routes/resources/manifest.ts"),
  route("offline/:lng", "routes/resources/offline.ts"),
];

/** Whatever no entry matches: the 404 page, in the shell. */
export const notFoundRoute = route("*", "routes/not-found.tsx");

/** Every entry below `entry` that has a module, with its path relative to `base`. */
function descendants(entry: SiteEntry, base: string): RouteConfigEntry[] {
  return (entry.children ?? []).flatMap((child) => [
    ...(child.module ? [route(child.path.slice(base.length + 1), child.module)] : []),
    ...descendants(child, base),
  ]);
}

/**
 * A top-level entry is its section: its own page and the pages below it are
 * routes with their full paths, inside its layout (a pathless one) if it has
 * one. Never index routes (the home aside): a form on an index route posts to
 * `/auth?index`, which stays in the address after a refused submission.
 */
function routesOf(entries: SiteEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry): RouteConfigEntry[] => {
    if (entry.path === "/") return entry.module ? [index(entry.module)] : [];
    const segment = entry.path.slice(1);
    const own = entry.module ? [route(segment, entry.module)] : [];
    const section = [...own, ...prefix(segment, descendants(entry, entry.path))];
    return entry.layout ? [layout(entry.layout, section)] : section;
  });
}

export default [
  ...fileRoutes,
  // Every page sits under one layout, whose boundary renders a page's errors in the shell.
  layout("routes/_pages.tsx", [...routesOf(siteMap), notFoundRoute]),
] satisfies RouteConfig;
