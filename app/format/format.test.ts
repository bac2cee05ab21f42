import { describe, expect, it } from "vitest";
import { formatters, machineTime } from "./format";

describe("formatting follows the interface language", () => {
  const iso = "2026-11-20T16:05:44.210398+09:00";

  it("writes dates in the language, in the company's time zone", () => {
    expect(formatters("rus").date(iso)).toBe("20 ноября 2026");
    expect(formatters("en").date(iso)).toBe("20 November 2026");
    // Sakha falls back to Russian formats, as its texts do.
    expect(formatters("ykt").date(iso)).toBe("20 ноября 2026");
    // 23:30 UTC is already the next day in Yakutsk.
    expect(formatters("rus").date("2026-01-08T23:30:00Z")).toBe("9 января 2026");
    expect(formatters("rus").date("not a date")).toBe("");
  });

  it("writes money and counts in the language", () => {
    expect(formatters("rus").money("1520.40")).toBe("1\u00a0520,40\u00a0₽");
    expect(formatters("en").money("54.37")).toBe("RUB\u00a054.37");
    expect(formatters("en").number(12345)).toBe("12,345");
    // What the backend sends that is not a number is shown as given.
    expect(formatters("rus").money("n/a")).toBe("n/a");
    expect(formatters("rus").money("")).toBe("");
  });

  it("keeps at most three fraction digits in machine-readable times", () => {
    expect(machineTime(iso)).toBe("2026-11-20T16:05:44.210+09:00");
    expect(machineTime("2026-11-20T16:05:44Z")).toBe("2026-11-20T16:05:44Z");
  });
});
