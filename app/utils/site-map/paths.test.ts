import { describe, expect, it } from "vitest";

import { isOfflinePage, isPersonalPath, takesFiles } from "./paths";

describe("what the site map says about a path", () => {
  it("knows the pages kept offline, and nothing under them that is not", () => {
    for (const path of [
      "/",
      "/posts",
      "/posts/",
      "/posts/item/12",
      "/rates",
      "/rates/item/3",
      "/about",
      "/about/info",
      "/about/info/item/7",
      "/about/structure",
      "/about/credits",
      "/documents",
      "/documents/privacy",
      "/documents/some-new-rule",
    ]) {
      expect(isOfflinePage(path), path).toBe(true);
    }
    for (const path of [
      "/profile",
      "/profile/accounts",
      "/admin",
      "/admin/posts",
      "/auth",
      "/auth/reset",
      "/posts/create",
      "/posts/feed.xml",
      "/posts.data",
      "/resources/logout",
      "/resources/theme",
      "/media/a.jpg",
      "/rates/item/x",
      "/rates/item/3/x",
      "/documents/Privacy",
      "/offline/rus",
      "//",
    ]) {
      expect(isOfflinePage(path), path).toBe(false);
    }
  });

  it("knows the personal areas, their data requests and whatever lies below them", () => {
    for (const path of [
      "/profile",
      "/profile.data",
      "/profile/accounts/5/detach",
      "/profile/anything",
      "/admin/users",
      "/auth",
      "/auth/reset",
      "/posts/create",
      "/resources/theme",
      "/resources/language.data",
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/posts",
      "/posts/item/3",
      "/about/info",
      "/documents/privacy",
      "/profiles",
      "/authors",
      "/media/a.jpg",
    ]) {
      expect(isPersonalPath(path), path).toBe(false);
    }
  });

  it("knows the forms that take files, and their data requests", () => {
    for (const path of [
      "/admin/posts/12/edit",
      "/admin/posts/12/edit.data",
      "/admin/posts/12/images",
      "/posts/create",
      "/posts/create/",
      "/posts/create.data",
      "/posts/create/_.data",
    ]) {
      expect(takesFiles(path), path).toBe(true);
    }
    for (const path of [
      "/posts/create/x",
      "/posts",
      "/auth",
      "/admin/posts/12/delete",
      "/admin/posts/x/edit",
      "/admin/images",
      "/profile",
    ]) {
      expect(takesFiles(path), path).toBe(false);
    }
  });
});
