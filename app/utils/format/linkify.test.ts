import { describe, expect, it } from "vitest";

import { linkify } from "./linkify";

describe("web addresses in a post's text", () => {
  it("become links; the rest stays text", () => {
    expect(linkify("Подробнее: https://uk.example.ru/news/1 — ждём вас.")).toEqual([
      { text: "Подробнее: " },
      { text: "https://uk.example.ru/news/1", href: "https://uk.example.ru/news/1" },
      { text: " — ждём вас." },
    ]);
  });

  it("leave sentence punctuation and quotes outside the link", () => {
    expect(linkify("Сайт (https://gis.example/ru).").map((piece) => piece.href ?? null)).toEqual([
      null,
      "https://gis.example/ru",
      null,
    ]);
    expect(linkify("«https://a.example/x», и http://b.example/y?z=1!")).toEqual([
      { text: "«" },
      { text: "https://a.example/x", href: "https://a.example/x" },
      { text: "», и " },
      { text: "http://b.example/y?z=1", href: "http://b.example/y?z=1" },
      { text: "!" },
    ]);
    expect(linkify("https://ru.wikipedia.org/wiki/Якутск_(город)").at(0)?.href).toBe(
      "https://ru.wikipedia.org/wiki/Якутск_(город)",
    );
  });

  it("never turn markup or other schemes into links", () => {
    expect(
      linkify('<a href="javascript:alert(1)">x</a> javascript:alert(1) ftp://x.example'),
    ).toEqual([
      { text: '<a href="javascript:alert(1)">x</a> javascript:alert(1) ftp://x.example' },
    ]);
    expect(linkify("")).toEqual([]);
  });
});
