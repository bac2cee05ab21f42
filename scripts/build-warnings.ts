/**
 * Rollup's warnings, minus two that say nothing about the portal's code (the build prints every
 * other one):
 * - `INVALID_ANNOTATION` in node_modules: zod's sources put `@__PURE__` comments where Rollup
 *   cannot use them; Rollup drops the comment and the output is the same.
 * - `EMPTY_BUNDLE` for a resource route (a route module without a component): React Router's
 *   client build still names a chunk for it, with nothing in it. An empty chunk of any other
 *   name (a custom chunk that matched nothing) is still printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface Log {
  code?: string;
  id?: string;
  names?: string[];
}

/** The names of the route modules under `dir` that export no component. */
export function resourceRouteNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    if (!/^export default\b/m.test(source)) names.add(entry.name.replace(/\.tsx?$/, ""));
  }
  return names;
}

/** Rollup's `onwarn`: the two kinds above are left out, everything else goes to `warn`. */
export function portalOnWarn(resourceRoutes: Set<string>) {
  return <T extends Log>(warning: T, warn: (warning: T) => void) => {
    if (
      warning.code === "INVALID_ANNOTATION" &&
      warning.id?.includes(`${path.sep}node_modules${path.sep}`)
    )
      return;
    if (
      warning.code === "EMPTY_BUNDLE" &&
      (warning.names ?? []).length > 0 &&
      warning.names!.every((name) => resourceRoutes.has(name))
    )
      return;
    warn(warning);
  };
}
