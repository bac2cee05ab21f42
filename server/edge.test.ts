import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type express from "express";
import { describe, expect, it } from "vitest";

import {
  bodyLimit,
  declaresBody,
  dropBody,
  formLimit,
  isCrossSite,
  isMalformedUrl,
  refusalPage,
  secureCookie,
  uploadLimit,
} from "./edge";

describe("the edge", () => {
  it("allows a multipart body of upload size only on the image upload", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimit("/admin/posts/12/edit", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/admin/posts/12/edit.data", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/admin/posts/12/images", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/posts/create", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/posts/create.data", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/posts/create/_.data", multipart)).toBe(uploadLimit);
    expect(bodyLimit("/posts/create/x", multipart)).toBe(formLimit);
    expect(bodyLimit("/posts", multipart)).toBe(formLimit);
    expect(bodyLimit("/auth", multipart)).toBe(formLimit);
    expect(bodyLimit("/admin/posts/12/delete", multipart)).toBe(formLimit);
    expect(bodyLimit("/admin/posts/x/edit", multipart)).toBe(formLimit);
    expect(bodyLimit("/admin/posts/12/edit", "application/x-www-form-urlencoded")).toBe(formLimit);
    expect(bodyLimit("/admin/posts/12/edit", undefined)).toBe(formLimit);
  });

  it("finds control characters in a path or query, raw or encoded, and broken escapes", () => {
    expect(isMalformedUrl("/posts?page=2&q=%D0%B4%D0%BE%D0%BC")).toBe(false);
    expect(isMalformedUrl("/a%20b")).toBe(false);
    for (const url of [
      "/a%0ab",
      "/a%0Db",
      "/auth?redirectTo=/a%0ab",
      "/media/posts/a%0d%0ab.png",
      "/?q=%09",
      "/%00",
      "/%7f",
      "/a\tb",
      "/%zz",
      "/%E0%A4%A",
    ]) {
      expect(isMalformedUrl(url), url).toBe(true);
    }
  });

  it("tells a request that sends a body from one that sends none", () => {
    expect(declaresBody({ headers: {} })).toBe(false);
    expect(declaresBody({ headers: { "content-length": "0" } })).toBe(false);
    expect(declaresBody({ headers: { "content-length": "12" } })).toBe(true);
    expect(declaresBody({ headers: { "transfer-encoding": "chunked" } })).toBe(true);
  });

  it("drops only a body that is coming: a page's GET gets no timer and no listener", () => {
    const request = (headers: Record<string, string>) => {
      const req = new IncomingMessage(new Socket());
      req.headers = headers;
      return req as express.Request;
    };
    const get = request({ host: "portal.example" });
    dropBody(get);
    expect(get.listenerCount("data") + get.listenerCount("end")).toBe(0);
    const post = request({ host: "portal.example", "content-length": "70000" });
    dropBody(post);
    expect(post.listenerCount("data")).toBe(1);
    expect(post.listenerCount("end")).toBe(1);
    post.emit("end");
  });

  it("adds Secure to a cookie once", () => {
    expect(secureCookie("lng=ru; Path=/; HttpOnly")).toBe("lng=ru; Path=/; HttpOnly; Secure");
    expect(secureCookie("__session=x; Path=/; Secure; SameSite=Lax")).toBe(
      "__session=x; Path=/; Secure; SameSite=Lax",
    );
    expect(secureCookie("a=b; secure")).toBe("a=b; secure");
  });
});

describe("refusals in the visitor's language", () => {
  it("writes the page in that language", async () => {
    expect(await refusalPage("badUrl", "en")).toContain("<h1>Invalid page address</h1>");
    expect(await refusalPage("badUrl", "en")).toContain('lang="en"');
    expect(await refusalPage("formTooLarge", "rus")).toContain("<h1>Слишком большой запрос</h1>");
    expect(await refusalPage("badUrl", "en")).not.toContain("Try again");
  });

  it("writes the busy page in each language, with the way back to the same address", async () => {
    for (const [language, lang, title, again] of [
      ["rus", "ru", "Сайт сейчас перегружен", "Попробовать ещё раз"],
      ["en", "en", "The site is busy right now", "Try again"],
      ["ykt", "sah", "Саайт билигин туолан турар", "Өссө боруобалааҥ"],
    ] as const) {
      const page = await refusalPage("busy", language, '/posts?page=2&q="<x>"');
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain('<meta name="refusal" content="busy">');
      expect(page).toContain(`<title>${title}`);
      expect(page).toContain(`<h1>${title}`);
      expect(page).toContain(`<a href="/posts?page=2&amp;q=&quot;&lt;x&gt;&quot;">${again}`);
      expect(page).toMatch(/ · <a href="\/">[^<]+<\/a><\/p><\/body><\/html>$/);
      // The texts are read once; every page after is the same but for its link.
      expect(await refusalPage("busy", language, "/rates")).toBe(
        page.replace("/posts?page=2&amp;q=&quot;&lt;x&gt;&quot;", "/rates"),
      );
    }
  });

  it("refuses a state-changing request another site's page sent, by the browser's signals", () => {
    const request = (method: string, headers: Record<string, string>) => ({
      method,
      headers,
      protocol: "https",
      get: (() => "portal.example") as never,
    });
    const crossSite = (method: string, headers: Record<string, string>) =>
      isCrossSite(request(method, headers));
    expect(crossSite("POST", { "sec-fetch-site": "cross-site" })).toBe(true);
    expect(crossSite("POST", { "sec-fetch-site": "same-site" })).toBe(true);
    expect(crossSite("POST", { "sec-fetch-site": "same-origin" })).toBe(false);
    expect(crossSite("POST", { "sec-fetch-site": "none" })).toBe(false);
    expect(crossSite("POST", { origin: "https://evil.example" })).toBe(true);
    expect(crossSite("POST", { origin: "null" })).toBe(true);
    expect(crossSite("POST", { origin: "https://portal.example" })).toBe(false);
    expect(crossSite("POST", { referer: "https://evil.example/form.html" })).toBe(true);
    expect(crossSite("POST", { referer: "https://portal.example/auth" })).toBe(false);
    expect(crossSite("POST", {})).toBe(false);
    expect(crossSite("GET", { "sec-fetch-site": "cross-site" })).toBe(false);
    expect(crossSite("HEAD", { origin: "https://evil.example" })).toBe(false);
  });
});
