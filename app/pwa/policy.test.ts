import { describe, expect, it } from "vitest";

import {
  buildFilesOf,
  isBuildFile,
  languageOfPage,
  leavesPage,
  mayStoreMedia,
  mayStorePage,
  pageLimits,
  pageOfDataRequest,
  pagesRead,
  publicPageOfDataRequest,
  publicPagesRead,
  savedNote,
  titleOf,
  withSavedNote,
  withSavedPages,
  withTheme,
} from "./policy";

const html = (headers: Record<string, string> = {}, status = 200) => ({
  status,
  headers: new Headers({ "Content-Type": "text/html; charset=utf-8", ...headers }),
});
const at = (path: string) => new URL(path, "https://lk.example");

describe("what the service worker may keep", () => {
  it("keeps a signed-out public page, never one answered private or no-store, never a POST or an error", () => {
    expect(mayStorePage("GET", at("/posts?page=2"), html())).toBe(true);
    // Every answer to a signed-in request (app/server/middleware/session.server.ts).
    expect(mayStorePage("GET", at("/posts"), html({ "Cache-Control": "private, no-store" }))).toBe(
      false,
    );
    expect(mayStorePage("GET", at("/posts"), html({ "Cache-Control": "no-store" }))).toBe(false);
    expect(mayStorePage("GET", at("/posts"), html({ "Cache-Control": "max-age=0,private" }))).toBe(
      false,
    );
    expect(mayStorePage("POST", at("/posts"), html())).toBe(false);
    expect(mayStorePage("GET", at("/posts"), html({}, 503))).toBe(false);
    expect(mayStorePage("GET", at("/profile"), html())).toBe(false);
    expect(mayStorePage("GET", at("/posts.data"), html({ "Content-Type": "text/x-script" }))).toBe(
      false,
    );
    expect(mayStorePage("GET", at("/posts"), html({ "Content-Type": "application/json" }))).toBe(
      false,
    );
  });

  it("keeps a /media file only when the server said anyone may", () => {
    expect(
      mayStoreMedia("GET", at("/media/p.jpg"), html({ "Cache-Control": "public, max-age=86400" })),
    ).toBe(true);
    expect(
      mayStoreMedia("GET", at("/media/p.jpg"), html({ "Cache-Control": "private, max-age=60" })),
    ).toBe(false);
    expect(mayStoreMedia("GET", at("/posts"), html({ "Cache-Control": "public" }))).toBe(false);
  });
});

describe("offline, a data request becomes a visit of its page", () => {
  it("drops .data and React Router's _routes, keeps the rest of the query", () => {
    expect(pageOfDataRequest(at("/posts.data?page=2&_routes=routes%2Fposts%2Findex"))).toBe(
      "/posts?page=2",
    );
    expect(pageOfDataRequest(at("/_.data?_routes=root"))).toBe("/");
    expect(pageOfDataRequest(at("/posts/_.data?page=2"))).toBe("/posts/?page=2");
    expect(pageOfDataRequest(at("/posts/item/3.data"))).toBe("/posts/item/3");
    expect(pageOfDataRequest(at("/posts"))).toBeNull();
  });
});

describe("a page read by a link is kept as a loaded page is", () => {
  it("names the public page a data request read, never a personal page or a resource route", () => {
    expect(publicPageOfDataRequest(at("/posts/item/3.data?_routes=routes%2Fposts%2Fitem"))).toBe(
      "/posts/item/3",
    );
    expect(publicPageOfDataRequest(at("/rates.data"))).toBe("/rates");
    expect(publicPageOfDataRequest(at("/_.data"))).toBe("/");
    expect(publicPageOfDataRequest(at("/posts.data?page=2"))).toBe("/posts?page=2");
    for (const path of [
      "/profile.data",
      "/profile/accounts.data",
      "/admin/posts.data",
      "/auth.data",
      "/posts/create.data",
      "/resources/theme.data",
      "/posts",
      "/rates/item/x.data",
    ]) {
      expect(publicPageOfDataRequest(at(path)), path).toBeNull();
    }
  });

  it("lists the public pages a document read before the worker, oldest first, each once", () => {
    const origin = "https://portal.example";
    const read = [
      `${origin}/about`,
      `${origin}/posts.data?_routes=routes%2Fposts`,
      `${origin}/assets/posts-abc.js`,
      `${origin}/profile.data`,
      `${origin}/posts/item/7.data`,
      `${origin}/locales/rus/translation.json?v=1`,
      "https://elsewhere.example/rates",
      `${origin}/about.data`,
      `${origin}/rates`,
    ];
    expect(pagesRead(read, origin)).toEqual([
      "/posts",
      "/assets/posts-abc.js",
      "/profile",
      "/posts/item/7",
      "/locales/rus/translation.json?v=1",
      "/about",
      "/rates",
    ]);
    expect(publicPagesRead(read, origin)).toEqual(["/posts", "/posts/item/7", "/about", "/rates"]);
    expect(publicPagesRead([`${origin}/auth`, `${origin}/profile`], origin)).toEqual([]);
  });

  it("never lists more pages than are kept", () => {
    const origin = "https://portal.example";
    const many = Array.from(
      { length: pageLimits.maxEntries + 5 },
      (_, i) => `${origin}/posts/item/${i + 1}.data`,
    );
    const listed = publicPagesRead(many, origin);
    expect(listed).toHaveLength(pageLimits.maxEntries);
    expect(listed.at(-1)).toBe(`/posts/item/${pageLimits.maxEntries + 5}`);
  });
});

describe("the saved copy and the offline page", () => {
  const page =
    '<!DOCTYPE html><html lang="en" data-lng="en" dir="ltr"><head><title>News &amp; notices | Portal</title></head><body><main>…</main></body></html>';

  it("reads a page's title and language", () => {
    expect(titleOf(page)).toBe("News & notices | Portal");
    expect(languageOfPage(page)).toBe("en");
    expect(languageOfPage("<html><body></body></html>")).toBe("rus");
  });

  it("says when the copy was saved, in the page's language, at the end of the body", () => {
    const saved = new Date("2026-11-25T05:04:00Z");
    const rus = withSavedNote(page, savedNote("rus", saved, "Asia/Yakutsk"));
    expect(rus).toContain("Сохранённая копия от 25.11.2026, 14:04");
    expect(rus.indexOf("data-saved-note")).toBeLessThan(rus.indexOf("</body>"));
    expect(rus.indexOf("data-saved-note")).toBeGreaterThan(rus.indexOf("</main>"));
    expect(savedNote("en", saved, "Asia/Yakutsk")).toContain("Saved copy from 25/11/2026, 14:04");
    expect(savedNote("ykt", saved, "Asia/Yakutsk")).toContain("25.11.2026, 14:04");
  });

  it("lists the saved pages, newest first, escaped; keeps its own words when there are none", () => {
    const offline = '<body><ul data-saved-pages=""><li>None yet</li></ul></body>';
    const listed = withSavedPages(
      offline,
      [
        { url: "/posts", title: "News", savedAt: new Date("2026-11-25T01:00:00Z") },
        {
          url: "/posts/item/1?x=<b>",
          title: "<script>",
          savedAt: new Date("2026-11-25T02:00:00Z"),
        },
      ],
      "rus",
      "Asia/Yakutsk",
    );
    expect(listed).toContain(
      '<li><a href="/posts/item/1?x=&lt;b&gt;">&lt;script&gt;</a> <small>25.11.2026, 11:00</small></li><li><a href="/posts">News</a>',
    );
    expect(listed).not.toContain("None yet");
    expect(withSavedPages(offline, [], "rus")).toBe(offline);
  });

  it("takes the resident's theme", () => {
    expect(withTheme("<html><body>x</body></html>", "dark")).toBe(
      '<html><body class="dark">x</body></html>',
    );
    expect(withTheme("<html><body>x</body></html>", "light")).toBe("<html><body>x</body></html>");
  });
});

describe("when a waiting version may take over", () => {
  const page = "https://lk.example/profile/accounts?page=2";
  const link = (
    href: string,
    more: Partial<{ target: string; download: boolean; popup: boolean }> = {},
  ) => ({ href, target: "", download: false, popup: false, ...more });

  it("at a link to another page of the portal", () => {
    for (const href of [
      "/",
      "/posts",
      "https://lk.example/profile/accounts",
      "/profile/accounts?page=3",
      "/posts#top",
    ]) {
      expect(leavesPage(link(href), page), href).toBe(true);
    }
    expect(leavesPage(link("/posts", { target: "_self" }), page)).toBe(true);
  });

  it("not at a place on this page, a dialog, another site, another tab or a download", () => {
    expect(leavesPage(link("#main"), page)).toBe(false);
    expect(leavesPage(link("/profile/accounts?page=2#attach"), page)).toBe(false);
    expect(leavesPage(link("/profile/accounts/1000000001/detach", { popup: true }), page)).toBe(
      false,
    );
    expect(leavesPage(link("https://pay.example/"), page)).toBe(false);
    expect(leavesPage(link("tel:+74112401003"), page)).toBe(false);
    expect(leavesPage(link("mailto:info@sever-kvartal.ru"), page)).toBe(false);
    expect(leavesPage(link("/posts", { target: "_blank" }), page)).toBe(false);
    expect(leavesPage(link("/media/rates.pdf", { download: true }), page)).toBe(false);
  });
});

describe("the build's files a saved page needs offline", () => {
  it("are the hashed files and the versioned texts, nothing that changes at the same address", () => {
    expect(isBuildFile(at("/assets/root-79izajs2.js"))).toBe(true);
    expect(isBuildFile(at("/locales/rus/translation.json?v=ea9fb8d0e520"))).toBe(true);
    for (const path of [
      "/locales/rus/translation.json",
      "/posts",
      "/media/a.jpg",
      "/sw.js",
      "/pwa-register.js",
      "/offline/rus",
      "/posts.data",
    ]) {
      expect(isBuildFile(at(path)), path).toBe(false);
    }
  });

  it("are what the page loads: its links and sprite, once each, not every route its manifest names", () => {
    const page = [
      '<link rel="stylesheet" href="/assets/app-B3.css"/>',
      '<link rel="modulepreload" href="/assets/root-79.js" nonce="n"/>',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/rus/translation.json?v=ea9f"/>',
      '<svg><use href="/assets/sprite-D2.svg#menu"></use></svg><svg><use href="/assets/sprite-D2.svg#x"></use></svg>',
      '<script>window.__reactRouterManifest={"module":"/assets/home-D3.js"}</script>',
      '<a href="/posts">News</a><link rel="preload" href="/locales/rus/errors.json"/>',
    ].join("");
    expect(buildFilesOf(page, "https://portal.example").sort()).toEqual(
      [
        "/assets/app-B3.css",
        "/assets/root-79.js",
        "/assets/sprite-D2.svg",
        "/locales/rus/translation.json?v=ea9f",
      ].sort(),
    );
  });
});
