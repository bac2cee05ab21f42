import { describe, expect, it } from "vitest";

import { pageCount, pageWindow, parseChoice, parseDay, parsePage, withParams } from "./list-query";

describe("list filters from the URL", () => {
  it("accept only real pages", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("3")).toBe(3);
    expect(parsePage("abc")).toBeNull();
    expect(parsePage("0")).toBeNull();
    expect(parsePage("-2")).toBeNull();
    expect(parsePage("99999999999")).toBeNull();
  });

  it("accept only days that exist", () => {
    expect(parseDay("2026-03-12")).toBe("2026-03-12");
    expect(parseDay("2026-02-31")).toBeNull();
    expect(parseDay("12.03.2026")).toBeNull();
    expect(parseDay("")).toBeUndefined();
  });

  it("accept only known choices", () => {
    expect(parseChoice("oldest", ["newest", "oldest"] as const, "newest")).toBe("oldest");
    expect(parseChoice(null, ["newest", "oldest"] as const, "newest")).toBe("newest");
    expect(parseChoice("drop table", ["newest", "oldest"] as const, "newest")).toBeNull();
  });
});

describe("paging", () => {
  it("counts pages", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
    expect(pageCount(24, 12)).toBe(2);
  });

  it("shows the first, the last and the neighbours, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("keeps the other filters in page links", () => {
    expect(withParams("q=вода&page=2", { page: 3 })).toBe("?q=%D0%B2%D0%BE%D0%B4%D0%B0&page=3");
    expect(withParams("q=x&page=2", { page: undefined })).toBe("?q=x");
  });
});
