import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";

import { atomFeed, xmlText } from "./atom";

const post = (id: number, title: string, text: string) => ({
  id,
  title,
  text,
  created_at: "2025-01-02T03:04:05Z",
  updated_at: "2025-01-02T03:04:05Z",
});

/**
 * XML 1.0's `Char` production, code point by code point. XMLValidator checks
 * the structure but takes any character (it validates `<a>\x01</a>`).
 */
function onlyXmlChars(xml: string) {
  for (const char of xml) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (!allowed) return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return true;
}

/** What an administrator might paste: every character XML 1.0 refuses, and a few it takes. */
const hostile =
  "a\x01b\x08c\x0bd\x0ce\x00f\x1fg\x7fh\uFFFEi\uFFFFj\uD800k\uDC00l\t\n\r😀 <b>&amp;\"'";

describe("the Atom feed", () => {
  it("is well-formed XML whatever a post holds", () => {
    const xml = atomFeed({
      origin: "https://lk.example.ru",
      title: `Новости\x0b`,
      author: "УК\x01",
      posts: [post(1, hostile, hostile), post(2, "\uFFFF", "\x0c")],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(onlyXmlChars(xml)).toBe(true);
    const feed = new XMLParser({
      ignoreAttributes: false,
      processEntities: true,
      trimValues: false,
    }).parse(xml).feed;
    const [first] = feed.entry;
    // What XML can hold is kept (tab, newlines, DEL, emoji, markup as text); the rest is gone.
    expect(first.title).toBe("abcdefg\x7fhijkl\t\n\n😀 <b>&amp;\"'");
    expect(first.content["#text"]).toBe(first.title);
  });

  it("is checked by a test that catches the characters", () => {
    for (const char of ["\x01", "\x08", "\x0b", "\x0c", "\uFFFE", "\uFFFF", "\uD800", "\uDC00"]) {
      expect(onlyXmlChars(`<a>${char}</a>`)).not.toBe(true);
    }
  });

  it("keeps ordinary text as it is, escaped", () => {
    expect(xmlText("Отключение воды: «ул. Ленина» & <двор>")).toBe(
      "Отключение воды: «ул. Ленина» &amp; &lt;двор&gt;",
    );
  });

  it("carries a rendered text as HTML content, escaped for XML", () => {
    const xml = atomFeed({
      origin: "https://lk.example.ru",
      title: "Новости",
      author: "УК",
      posts: [{ ...post(1, "Т", "**a**"), html: "<p><strong>a</strong> &amp; b</p>\n" }],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const entry = new XMLParser({
      ignoreAttributes: false,
      processEntities: true,
      trimValues: false,
    }).parse(xml).feed.entry;
    expect(entry.content["@_type"]).toBe("html");
    expect(entry.content["#text"]).toBe("<p><strong>a</strong> &amp; b</p>\n");
  });
});
