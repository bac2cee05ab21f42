import { describe, expect, it } from "vitest";

import {
  BudgetList,
  GOALS,
  LIMITS,
  median,
  percentile,
  ratio,
  ratioText,
  tooBusy,
  withinExtra,
  withinRatio,
} from "./budgets";

describe("ratios to the floor", () => {
  it("divides by the floor, and has no ratio without one", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeNaN();
    expect(ratioText(ratio(4.67, 2.29))).toBe("2.04×");
    expect(ratioText(Number.NaN)).toBe("—");
  });

  it("holds at the limit and fails above it or without a floor", () => {
    expect(withinRatio(3, 2, 1.5)).toBe(true);
    expect(withinRatio(3.01, 2, 1.5)).toBe(false);
    expect(withinRatio(1, 0, 1.5)).toBe(false);
  });

  it("allows a fixed amount over the floor", () => {
    expect(withinExtra(125 * 1024, 113 * 1024, 12 * 1024)).toBe(true);
    expect(withinExtra(125 * 1024 + 1, 113 * 1024, 12 * 1024)).toBe(false);
    expect(withinExtra(Number.NaN, 113, 12)).toBe(false);
  });
});

describe("statistics", () => {
  it("takes the median of three runs, ignoring a lost one", () => {
    expect(median([1300, 900, 1100])).toBe(1100);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([Number.NaN, 5, 7])).toBe(6);
    expect(median([])).toBeNaN();
  });

  it("reads a percentile from a sorted list", () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(6);
    expect(percentile([1, 2, 3], 99)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("the budget list", () => {
  it("judges latency only below the core count, and fails only what failed", () => {
    expect(tooBusy(1.9, 2)).toBe(false);
    expect(tooBusy(2, 2)).toBe(true);
    const list = new BudgetList();
    list.add({ name: "a", figure: "1", limit: "2", verdict: "ok" });
    list.add({ name: "b", figure: "3", limit: "2", verdict: "FAIL" });
    list.add({ name: "c", figure: "9", limit: "5", verdict: "not judged", reason: "busy" });
    expect(list.failed().map((b) => b.name)).toEqual(["b"]);
    expect(list.rows()[0]).toEqual(["a", "1", "—", "—", "2", "ok"]);
  });
});

describe("the limits in force", () => {
  it("guard today's CPU cost, with the goal printed beside, never above the limit", () => {
    expect([LIMITS.cpuRatioHome, LIMITS.cpuRatioPosts, LIMITS.cpuRatioAccounts]).toEqual([
      2.2, 3.5, 3.5,
    ]);
    expect(LIMITS.ownShareRatio).toBe(3.5);
    for (const key of Object.keys(GOALS) as (keyof typeof GOALS)[])
      expect(GOALS[key]).toBeLessThanOrEqual(LIMITS[key]);
  });

  it("bound the busy hour's answers at 5 s and what it serves at 70 % of the soak's", () => {
    expect(LIMITS.busyMaxMs).toBe(5000);
    expect(LIMITS.busyServedShare).toBe(0.7);
  });
});
