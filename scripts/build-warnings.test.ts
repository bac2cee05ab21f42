import path from "node:path";
import { describe, expect, test } from "vitest";

import { portalOnWarn, resourceRouteNames } from "./build-warnings";

const routes = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../app/routes");

describe("the build's warnings", () => {
  test("resource routes are the route modules without a component", () => {
    const names = resourceRouteNames(routes);
    expect([...names]).toEqual(
      expect.arrayContaining(["feed", "logout", "media", "theme", "post-images"]),
    );
    expect(names.has("login")).toBe(false);
    expect(names.has("home")).toBe(false);
  });

  test("a dependency's misplaced annotation and a resource route's empty chunk are left out; the rest is printed", () => {
    const printed: unknown[] = [];
    const onwarn = portalOnWarn(new Set(["feed"]));
    const warn = (warning: unknown) => void printed.push(warning);
    onwarn(
      {
        code: "INVALID_ANNOTATION",
        id: `${path.sep}x${path.sep}node_modules${path.sep}zod${path.sep}util.js`,
      },
      warn,
    );
    onwarn({ code: "EMPTY_BUNDLE", names: ["feed"] }, warn);
    const kept = [
      { code: "INVALID_ANNOTATION", id: `${path.sep}x${path.sep}app${path.sep}a.ts` },
      { code: "EMPTY_BUNDLE", names: ["framework"] },
      { code: "EMPTY_BUNDLE" },
      { code: "CIRCULAR_DEPENDENCY", id: "x" },
    ];
    for (const warning of kept) onwarn(warning, warn);
    expect(printed).toEqual(kept);
  });
});
