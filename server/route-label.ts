/**
 * The route a request reached, as a bounded label for the metrics: the
 * pattern of the React Router route it matched ("/posts/item/:postId"),
 * never the raw path — a label per post id or typo would grow the metrics
 * without end. Data requests (/posts.data, /_.data for "/") count as their page.
 * And the methods a path takes (`Allow`): GET and HEAD everywhere, POST
 * where a matched route has an action.
 */
import { matchRoutes, type RouteObject } from "react-router";

import { pageOfDataPath } from "../app/utils/http/data-request";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  /** The route's module in a server build: only whether it has an action is read. */
  module?: { action?: unknown };
}

type Matched = { label: string; methods: readonly string[] };

const readOnly = ["GET", "HEAD"] as const;
const withActions = ["GET", "HEAD", "POST"] as const;

export function createRouteLabeler(manifest: Record<string, ManifestRoute | undefined>) {
  const match = createRouteMatcher(manifest);
  return (pathname: string) => match(pathname).label;
}

/** The route a path reaches: its label and the methods it takes. */
export function createRouteMatcher(manifest: Record<string, ManifestRoute | undefined>) {
  const routes = Object.values(manifest).filter(
    (route): route is ManifestRoute => route !== undefined,
  );
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: tree(route.id),
            },
      );
  const root = tree(undefined);
  // Paths repeat (the same pages all day): matching once per distinct path is enough.
  const known = new Map<string, Matched>();
  const byId = new Map(routes.map((route) => [route.id, route]));

  return function routeOf(pathname: string): Matched {
    const cached = known.get(pathname);
    if (cached) return cached;
    const page = pageOfDataPath(pathname) ?? pathname;
    const matches = matchRoutes(root, page);
    const label = matches
      ? `/${matches
          .map((match) => match.route.path)
          .filter(Boolean)
          .join("/")}`.replace(/\/{2,}/g, "/")
      : "other";
    // Any matched route with an action, not only the deepest: a POST without
    // ?index goes to the layout. The catch-all's action only answers 404.
    const posts =
      matches?.some(
        (match) =>
          match.route.path !== "*" && byId.get(match.route.id!)?.module?.action !== undefined,
      ) ?? false;
    const matched = { label, methods: posts ? withActions : readOnly };
    if (known.size >= 1000) known.clear();
    known.set(pathname, matched);
    return matched;
  };
}
