import { describe, expect, it } from "vitest";
import { createRouteLabeler } from "./route-label";

const manifest = {
  root: { id: "root", path: "" },
  "routes/_access": { id: "routes/_access", parentId: "root" },
  "routes/home": { id: "routes/home", parentId: "routes/_access", index: true },
  "routes/posts/index": { id: "routes/posts/index", parentId: "routes/_access", path: "posts", index: true },
  "routes/posts/item": { id: "routes/posts/item", parentId: "routes/_access", path: "posts/item/:postId" },
  "routes/resources/locales": { id: "routes/resources/locales", parentId: "root", path: "locales/:lng/:ns" },
  "routes/not-found": { id: "routes/not-found", parentId: "routes/_access", path: "*" },
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
    expect(label("/_root.data")).toBe("/");
  });

  it("put every unknown path under the catch-all", () => {
    expect(label("/wp-admin/setup.php")).toBe("/*");
    expect(createRouteLabeler({ root: { id: "root", path: "" } })("/nothing/here")).toBe("other");
  });
});
