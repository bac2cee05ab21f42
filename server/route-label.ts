/**
 * The route a request reached, as a bounded label for the metrics: the
 * pattern of the React Router route it matched ("/posts/item/:postId"),
 * never the raw path — a label per post id or typo would grow the metrics
 * without end. Data requests (/posts.data) count as their page.
 */
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

export function createRouteLabeler(manifest: Record<string, ManifestRoute | undefined>) {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const root = tree(undefined);
  // Paths repeat (the same pages all day): matching once per distinct path is enough.
  const known = new Map<string, string>();

  return function routeLabel(pathname: string): string {
    const cached = known.get(pathname);
    if (cached) return cached;
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(root, page);
    const label = matches
      ? `/${matches
          .map((match) => match.route.path)
          .filter(Boolean)
          .join("/")}`.replace(/\/{2,}/g, "/")
      : "other";
    if (known.size >= 1000) known.clear();
    known.set(pathname, label);
    return label;
  };
}
