import { describe, expect, it } from "vitest";

import { createRouteLabeler, createRouteMatcher } from "./route-label";

const manifest = {
  root: { id: "root", path: "" },
  "routes/_pages": { id: "routes/_pages", parentId: "root" },
  "routes/home": { id: "routes/home", parentId: "routes/_pages", index: true },
  "routes/posts/index": {
    id: "routes/posts/index",
    parentId: "routes/_pages",
    path: "posts",
    index: true,
  },
  "routes/posts/item": {
    id: "routes/posts/item",
    parentId: "routes/_pages",
    path: "posts/item/:postId",
  },
  "routes/resources/locales": {
    id: "routes/resources/locales",
    parentId: "root",
    path: "locales/:lng/:ns",
  },
  "routes/not-found": { id: "routes/not-found", parentId: "routes/_pages", path: "*" },
};

describe("route labels for the metrics", () => {
  const label = createRouteLabeler(manifest);

  it("are the matched route's pattern, never the raw path", () => {
    expect(label("/")).toBe("/");
    expect(label("/posts")).toBe("/posts");
    expect(label("/posts/item/42")).toBe("/posts/item/:postId");
    expect(label("/posts/item/43")).toBe("/posts/item/:postId");
    expect(label("/locales/ru/translation.json")).toBe("/locales/:lng/:ns");
  });

  it("count a data request as its page", () => {
    expect(label("/posts/item/42.data")).toBe("/posts/item/:postId");
    expect(label("/_.data")).toBe("/");
    expect(label("/posts/_.data")).toBe("/posts");
  });

  it("put every unknown path under the catch-all", () => {
    expect(label("/wp-admin/setup.php")).toBe("/*");
    expect(createRouteLabeler({ root: { id: "root", path: "" } })("/nothing/here")).toBe("other");
  });
});

describe("the methods a path takes", () => {
  const action = () => null;
  const methods = createRouteMatcher({
    ...manifest,
    "routes/auth": { id: "routes/auth", parentId: "routes/_pages", path: "auth" },
    "routes/auth/login": {
      id: "routes/auth/login",
      parentId: "routes/auth",
      index: true,
      module: { action },
    },
    "routes/resources/language": {
      id: "routes/resources/language",
      parentId: "root",
      path: "resources/language",
      module: { action },
    },
    "routes/not-found": {
      id: "routes/not-found",
      parentId: "routes/_pages",
      path: "*",
      module: { action },
    },
  });

  it("are GET and HEAD, and POST where a matched route has an action", () => {
    expect(methods("/posts/item/42").methods).toEqual(["GET", "HEAD"]);
    expect(methods("/auth").methods).toEqual(["GET", "HEAD", "POST"]);
    expect(methods("/auth.data").methods).toEqual(["GET", "HEAD", "POST"]);
    expect(methods("/resources/language").methods).toEqual(["GET", "HEAD", "POST"]);
  });

  it("never count the catch-all's action, which only answers 404", () => {
    expect(methods("/healthz").methods).toEqual(["GET", "HEAD"]);
    expect(methods("/favicon.ico").methods).toEqual(["GET", "HEAD"]);
  });
});
