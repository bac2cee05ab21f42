import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";

import routes, { fileRoutes, notFoundRoute } from "./routes";
import { guardRule, requireSectionAccess } from "./server/middleware/access.server";
import { buildIndex, type AccessRule } from "./utils/site-map/navigation";
import { siteMap, type SiteEntry } from "./utils/site-map/pages";

interface Served {
  path: string;
  file: string;
  index: boolean;
}

/** Every route with its full path ("/" for the home index), parents included. */
function flatten(list: RouteConfigEntry[], base = ""): Served[] {
  return list.flatMap((entry) => {
    const full = [base, entry.path].filter(Boolean).join("/");
    return [
      { path: `/${full}`, file: entry.file, index: entry.index === true },
      ...flatten(entry.children ?? [], full),
    ];
  });
}

const entries = (list: SiteEntry[]): SiteEntry[] =>
  list.flatMap((entry) => [entry, ...entries(entry.children ?? [])]);

const served = flatten(routes);
const pages = entries(siteMap);
const appDir = path.dirname(new URL(import.meta.url).pathname);

describe("the routes, built from the site map", () => {
  it("serve every entry: by its own module at its own path, or by a pattern entry's module", () => {
    for (const entry of pages) {
      if (entry.module) {
        expect(served.find((route) => route.file === entry.module)?.path, entry.id).toBe(
          entry.path,
        );
      } else {
        const pattern = pages.find(
          (other) => other.module && other.path.includes(":") && matchPath(other.path, entry.path),
        );
        expect(pattern, `${entry.id} has no module and no pattern entry serves it`).toBeDefined();
      }
    }
  });

  it("name no module twice, and each one exists", () => {
    const files = served.map((route) => route.file);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(fs.existsSync(path.join(appDir, file)), file).toBe(true);
  });

  it("route every module in app/routes, and nothing but the site map's entries, the files and the 404", () => {
    const declared = new Set([
      ...pages.flatMap((entry) => [entry.module, entry.layout]).filter(Boolean),
      "routes/_pages.tsx",
      notFoundRoute.file,
      ...fileRoutes.map((route) => route.file),
    ]);
    expect(served.map((route) => route.file).filter((file) => !declared.has(file))).toEqual([]);
    const onDisk = fs
      .readdirSync(path.join(appDir, "routes"), { recursive: true, encoding: "utf8" })
      // A route module is `name.ts(x)`; `name.form.ts`, `name.test.ts` and the like are its companions.
      .filter((file) => /^[^.]+\.tsx?$/.test(path.basename(file)))
      .map((file) => `routes/${file.split(path.sep).join("/")}`);
    expect(onDisk.filter((file) => !served.some((route) => route.file === file))).toEqual([]);
  });

  it("make no page an index route but the home: forms post to the page's own address, never `?index`", () => {
    expect(served.filter((route) => route.index).map((route) => route.path)).toEqual(["/"]);
  });

  it("put every page inside the pages' layout, and only the files before it", () => {
    const top = routes.map((route) => route.file);
    expect(top).toEqual([...fileRoutes.map((route) => route.file), "routes/_pages.tsx"]);
  });
});

/** The route modules, loaded when a test asks (companions and tests left out). */
const modules = import.meta.glob<{ middleware?: unknown[] }>([
  "./routes/**/*.{ts,tsx}",
  "!./routes/**/*.*.{ts,tsx}",
]);

async function guardsOf(file: string): Promise<AccessRule[]> {
  const load = modules[`./${file}`];
  if (!load) throw new Error(`${file} is not a route module`);
  const { middleware = [] } = await load();
  return middleware.flatMap((fn) => guardRule(fn) ?? []);
}

describe("who may open a page", () => {
  // It loads every page's module: about 2 s alone, past Vitest's default 5 s on a busy machine.
  it(
    "is said by its route module's middleware as the site map says it (its menus and the worker read the map)",
    { timeout: 30_000 },
    async () => {
      const files = [...buildIndex().byId.values()].flatMap((entry) => {
        const rule = { access: entry.access, roles: entry.roles };
        const expected = entry.access === "all" && entry.roles.length === 0 ? [] : [rule];
        return [entry.module, entry.layout].flatMap((file) => (file ? [{ file, expected }] : []));
      });
      expect(files.length).toBeGreaterThan(30);
      for (const { file, expected } of files) expect(await guardsOf(file), file).toEqual(expected);
    },
  );

  it("is asked of the site map for a path no page declares: its section's rule", async () => {
    const load = modules[`./${notFoundRoute.file}`]!;
    expect((await load()).middleware).toEqual([requireSectionAccess]);
  });
});
