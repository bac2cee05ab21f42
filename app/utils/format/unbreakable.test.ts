import { describe, expect, it } from "vitest";

import { keepTogetherInHtml, splitUnbreakable } from "./unbreakable";

const wholes = (text: string) =>
  splitUnbreakable(text)
    .filter((piece) => piece.whole)
    .map((piece) => piece.text);

describe("phrases kept on one line", () => {
  it("finds phones, hours, days and values with units", () => {
    expect(wholes("Звоните: +7 (4112) 40-10-01 или 8 (4112) 40-00-00.")).toEqual([
      "+7 (4112) 40-10-01",
      "8 (4112) 40-00-00",
    ]);
    expect(wholes("Пн–Пт 9:00–17:00, перерыв 13:00–14:00")).toEqual([
      "Пн–Пт",
      "9:00–17:00",
      "13:00–14:00",
    ]);
    expect(wholes("ниже −40 °C, по нормативу 4,9 м³ на человека")).toEqual(["−40 °C", "4,9 м³"]);
    expect(wholes("Mon–Fri 9:00–17:00")).toEqual(["Mon–Fri", "9:00–17:00"]);
  });

  it("leaves other text whole and in order", () => {
    const text = "Дом 12, квартира 5 — с 2026 года; перерыв 13:00–14:00.";
    expect(
      splitUnbreakable(text)
        .map((piece) => piece.text)
        .join(""),
    ).toBe(text);
    expect(wholes("Дом 12, квартира 5, 2026 год")).toEqual([]);
  });

  it("wraps phrases in rendered HTML, never inside a tag or an attribute", () => {
    expect(
      keepTogetherInHtml(
        '<p>Звоните <a href="tel:+74112401003">+7 (4112) 40-10-03</a> при −40 °C</p>',
      ),
    ).toBe(
      '<p>Звоните <a href="tel:+74112401003"><span class="nowrap">+7 (4112) 40-10-03</span></a> при <span class="nowrap">−40 °C</span></p>',
    );
    expect(keepTogetherInHtml('<img alt="13:00–14:00">')).toBe('<img alt="13:00–14:00">');
  });
});
