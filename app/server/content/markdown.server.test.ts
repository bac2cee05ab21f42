import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentVersion, loadMarkdownPage } from "./markdown.server";

describe("content pages in the resident's language", () => {
  it("reads a page's English version from content/en", async () => {
    const page = await loadMarkdownPage("documents/privacy", "en");
    expect(page).toMatchObject({ title: "Privacy policy", lang: "en", fallback: false });
    expect(page!.html).not.toMatch(/[А-Яа-яЁё]{4}/);
  });

  it("falls back to Russian, and says so, where a language has no version", async () => {
    const page = await loadMarkdownPage("about/index", "ykt");
    expect(page).toMatchObject({ title: "О компании", lang: "rus", fallback: true });
    expect(await loadMarkdownPage("about/index", "rus")).toMatchObject({ title: "О компании", lang: "rus", fallback: false });
  });

  it("has an English version of every Russian page", async () => {
    // Russian pages are the .md files under content/, outside the language folders.
    const names = readdirSync("content", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".md") && file.includes("/") && !/^(en|ykt)\//.test(file))
      .map((file) => file.replace(/\.md$/, ""));
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const name of names) {
      expect(await loadMarkdownPage(name, "en"), name).toMatchObject({ lang: "en", fallback: false });
    }
  });

  it("reads a document's edition from the Russian file's front matter, for every language, and never shows the front matter", async () => {
    const version = await documentVersion("documents/consent");
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const lng of ["rus", "en", "ykt"] as const) {
      const page = await loadMarkdownPage("documents/consent", lng);
      expect(page, lng).toMatchObject({ version });
      expect(page!.html, lng).not.toMatch(/version:|^<hr>/);
    }
    expect(await loadMarkdownPage("documents/consent", "rus")).toMatchObject({ title: "Согласие на обработку персональных данных" });
    // Other pages name no edition.
    expect(await loadMarkdownPage("documents/privacy", "rus")).toMatchObject({ version: null });
  });

  it("finds nothing for a missing page or a name that is not a page's", async () => {
    expect(await loadMarkdownPage("about/missing", "en")).toBeNull();
    expect(await loadMarkdownPage("../package", "en")).toBeNull();
  });
});
