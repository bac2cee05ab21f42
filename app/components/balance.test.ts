import { describe, expect, it } from "vitest";

import { formatters } from "~/utils/format/format";

import { balanceView } from "./balance";

describe("an account's balance as its page shows it", () => {
  const rus = formatters("rus");

  it("a positive balance is owed, its sum written in the page's language", () => {
    expect(balanceView("1520.40", rus)).toEqual({ state: "due", sum: rus.money("1520.40") });
    expect(balanceView("1520.40", formatters("en")).state).toBe("due");
    expect(rus.money("1520.40")).toMatch(/^1\s520,40\s₽$/);
  });

  it("a negative balance was paid in advance, and its sum is written without the minus", () => {
    expect(balanceView("-350.00", rus)).toEqual({ state: "prepaid", sum: rus.money("350") });
  });

  it("zero, or what is not a number, is settled", () => {
    expect(balanceView("0.00", rus)).toEqual({ state: "settled" });
    expect(balanceView("not a sum", rus)).toEqual({ state: "settled" });
  });
});
