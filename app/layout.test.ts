/**
 * The layout explains itself: a name says one job. Two modules of the same
 * name (the `.server` suffix aside) in app/ and server/ would be two jobs
 * under one name, except the route modules a folder of app/routes names by
 * React Router's habit (index, item: the list and the item of that folder).
 */
import fs from "node:fs";
import path from "node:path";
import madge from "madge";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const routeHabits = new Set(["index", "item"]);

function modules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : modules(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)
      ? [relative]
      : [];
  });
}

describe("the layout", () => {
  // What a React Router developer expects, and one place each for server-only and shared code (the worker keeps its own).
  it("keeps app/ to seven folders", () => {
    const folders = fs
      .readdirSync(path.join(root, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([
      "components",
      "locales",
      "pwa",
      "routes",
      "server",
      "styles",
      "utils",
    ]);
  });

  it("keeps server-only modules in app/server, and only them (React Router's entry.server aside)", () => {
    const inServer = (file: string) => file.startsWith(path.join("app", "server") + path.sep);
    const misplaced = modules("app").filter(
      (file) =>
        file !== path.join("app", "entry.server.tsx") &&
        file.includes(".server.") !== inServer(file),
    );
    expect(misplaced).toEqual([]);
  });

  it("gives no two modules the same name for different jobs", () => {
    const byName = new Map<string, string[]>();
    for (const file of [...modules("app"), ...modules("server")]) {
      const name = path
        .basename(file)
        .replace(/\.(ts|tsx)$/, "")
        .replace(/\.server$/, "");
      if (file.startsWith(path.join("app", "routes")) && routeHabits.has(name)) continue;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    const twice = [...byName.entries()].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
  });

  // Arrows point down: routes → components → utils, routes → server → utils; types included (the type is then shared code too).
  it("lets shared code and components import nothing from app/server, not even a type", () => {
    const upward = [
      ...modules(path.join("app", "utils")),
      ...modules(path.join("app", "components")),
      ...modules(path.join("app", "pwa")),
    ].flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(root, file), "utf8")
          .matchAll(/\bfrom\s+"(~\/server\/[^"]+)"/g),
      ].map(([, specifier]) => `${file} → ${specifier}`),
    );
    expect(upward).toEqual([]);
  });

  // A route module is a leaf: what two pages share lives below them (components, lists, format…).
  it("lets nothing but routes.ts and root.tsx import a route module", () => {
    const routeModule = (target: string) =>
      target.startsWith(path.join("app", "routes") + path.sep) && !/\.server$/.test(target);
    const imports = [...modules("app"), ...modules("server")].flatMap((file) => {
      if (file === path.join("app", "routes.ts") || file === path.join("app", "root.tsx"))
        return [];
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return [...text.matchAll(/\bfrom\s+"([^"]+)"/g)].flatMap(([, specifier]) => {
        if (specifier!.includes("+types")) return [];
        const target = specifier!.startsWith("~/")
          ? path.join("app", specifier!.slice(2))
          : specifier!.startsWith(".")
            ? path.join(path.dirname(file), specifier!)
            : null;
        return target && routeModule(target.replace(/\.tsx?$/, ""))
          ? [`${file} → ${specifier}`]
          : [];
      });
    });
    expect(imports).toEqual([]);
  });

  // Type imports included. React Router's generated route types (`./+types/…`) import their route
  // module's type by design: that pair is the framework's, not a cycle of the portal's.
  // It parses every module of app/: under 2 s alone, 7.4 s in a clean clone's first stage beside
  // the build and the contract suite, past Vitest's default 5 s (decision 043).
  it("has no import cycle (madge)", { timeout: 30_000 }, async () => {
    const graph = await madge(path.join(root, "app"), {
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "tsconfig.json"),
      excludeRegExp: [/\.react-router\//, /\.test\.tsx?$/],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    expect(graph.circular()).toEqual([]);
  });

  // A route module's `middleware` export only lists them; its `clientMiddleware` lists the
  // browser's, which are not the server's (app/utils/i18n/route-texts.ts).
  it("keeps every middleware in app/server/middleware", () => {
    const elsewhere = modules("app").filter((file) => {
      if (file.startsWith(path.join("app", "server", "middleware"))) return false;
      return /export (const|function) (?!clientMiddleware\b)\w+Middleware\b/.test(
        fs.readFileSync(path.join(root, file), "utf8"),
      );
    });
    expect(elsewhere).toEqual([]);
  });
});
