import { describe, expect, it } from "vitest";

import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeRedirect("/profile/accounts?page=2")).toBe("/profile/accounts?page=2");
  });

  it.each([
    ["//evil.example", "protocol-relative"],
    ["/\\evil.example", "backslash"],
    ["https://evil.example/", "absolute"],
    ["/\t/evil.example", "tab (browsers drop it: //evil.example)"],
    ["/\n/evil.example", "line feed"],
    ["/a\r\nSet-Cookie: x=1", "header injection"],
    ["/ /evil.example", "space"],
    ["/\u00a0/evil.example", "no-break space"],
    ["/\u0000", "NUL"],
    ["/\u007f", "DEL"],
    [" /profile", "leading space"],
    ["", "empty"],
  ])("refuses %j (%s)", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("percent-encodes what a Location header cannot carry as it is, and leaves what is encoded alone", () => {
    expect(safeRedirect("/д")).toBe("/%D0%B4");
    expect(safeRedirect("/новости?q=дом#низ")).toBe(
      "/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8?q=%D0%B4%D0%BE%D0%BC#%D0%BD%D0%B8%D0%B7",
    );
    expect(safeRedirect("/%D0%B4?a=%2F")).toBe("/%D0%B4?a=%2F");
    expect(safeRedirect("/\ud800")).toBe("/%EF%BF%BD");
    for (const to of ["/д", "/профиль?x=ё", "/\ud800x", "/a\u2028b"]) {
      expect(() => new Headers({ Location: safeRedirect(to) })).not.toThrow();
    }
  });

  it("goes to the default without a value", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});
