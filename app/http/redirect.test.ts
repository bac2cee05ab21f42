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

  it("goes to the default without a value", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
  });
});
