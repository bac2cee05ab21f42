import { describe, expect, it } from "vitest";

import { i18nFor } from "~/server/middleware/i18n.server";

import { formatters, machineTime, unitLabel } from "./format";

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

  it("writes a tariff's unit in the language, by the locale files", async () => {
    const en = (await i18nFor("en")).t;
    const rus = (await i18nFor("rus")).t;
    const ykt = (await i18nFor("ykt")).t;
    // Every unit the stand-in's tariffs use.
    expect(["м²", "м³", "кВт·ч", "Гкал", "чел."].map((unit) => unitLabel(unit, en))).toEqual([
      "m²",
      "m³",
      "kWh",
      "Gcal",
      "person",
    ]);
    expect(
      en("rates.perUnit", { value: formatters("en").money("21.06"), unit: unitLabel("м²", en) }),
    ).toBe("RUB\u00a021.06 per m²");
    expect(
      en("rates.perUnit", { value: formatters("en").money("312.40"), unit: unitLabel("чел.", en) }),
    ).toBe("RUB\u00a0312.40 per person");
    // Russian keeps the backend's abbreviations; Sakha keeps the SI ones and says its own words.
    expect(["м²", "чел.", "кВт·ч"].map((unit) => unitLabel(unit, rus))).toEqual([
      "м²",
      "чел.",
      "кВт·ч",
    ]);
    expect(["м²", "чел.", "кВт·ч"].map((unit) => unitLabel(unit, ykt))).toEqual([
      "м²",
      "киһи",
      "кВт·ч",
    ]);
    expect(
      ykt("rates.perUnit", {
        value: formatters("ykt").money("312.40"),
        unit: unitLabel("чел.", ykt),
      }),
    ).toBe(`${formatters("ykt").money("312.40")} / киһи`);
    // A unit the files do not list, or one that looks like a key path, is shown as sent.
    expect(unitLabel("пог. м", en)).toBe("пог. м");
    expect(unitLabel(" ", en)).toBe(" ");
    expect(unitLabel("rates:title", en)).toBe("rates:title");
  });
});
