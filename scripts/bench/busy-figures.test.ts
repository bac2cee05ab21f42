import { describe, expect, it } from "vitest";

import {
  coresText,
  distribution,
  headerValue,
  lateText,
  otherStatuses,
  probesSummary,
  statusCountsText,
} from "./busy-figures";

describe("the busy hour's figures", () => {
  it("gives the count, p50, p90, p99 and the slowest of unsorted times", () => {
    const times = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(distribution(times)).toEqual({ count: 100, p50: 51, p90: 91, p99: 100, max: 100 });
    expect(distribution([]).count).toBe(0);
    expect(distribution([]).max).toBeNaN();
  });

  it("says when the requests answered too late were sent, or that none was", () => {
    expect(lateText("public pages", [0.08, 0.02, 0.11], 5000)).toBe(
      "public pages: 3 answer(s) later than 5.0 s, their requests sent 0.0–0.1 s into the load.",
    );
    expect(lateText("signed in", [], 5000)).toBe("signed in: no answer later than 5.0 s.");
    expect(lateText("public pages", [-0.004, -0.001], 5000)).toBe(
      "public pages: 2 answer(s) later than 5.0 s, their requests sent 0.0–0.0 s into the load.",
    );
  });

  it("finds a header whatever the case the server wrote it in", () => {
    expect(headerValue({ "Retry-After": "1" }, "retry-after")).toBe("1");
    expect(headerValue({ "set-cookie": ["a=1", "b=2"] }, "Set-Cookie")).toBe("a=1");
    expect(headerValue({ "content-type": "text/html" }, "retry-after")).toBeUndefined();
  });

  it("counts answers by status, and those neither served nor refused as busy", () => {
    const byStatus = new Map([
      [503, [1, 2, 3]],
      [200, [4, 5]],
      [500, [6]],
    ]);
    expect(statusCountsText(byStatus)).toBe("200: 2; 500: 1; 503: 3");
    expect(statusCountsText(new Map())).toBe("none");
    expect(otherStatuses(byStatus)).toBe(1);
    expect(otherStatuses(new Map([[200, [1]]]))).toBe(0);
  });

  it("says how many probes of /healthz failed, and the slowest", () => {
    expect(
      probesSummary([
        { status: 200, ms: 5 },
        { status: 0, ms: 5000 },
        { status: 200, ms: 7 },
      ]),
    ).toEqual({ count: 3, failed: 1, median: 7, max: 5000 });
    expect(probesSummary([]).failed).toBe(0);
  });

  it("splits the cores a load used between the portal, the stand-in, the bench and the rest", () => {
    expect(
      coresText("public pages", { portal: 1.214, backend: 0.08, bench: 0.55, machine: 1.9, of: 2 }),
    ).toBe(
      "CPU, public pages: the portal 1.21, the stand-in 0.08, autocannon and the bench 0.55, the rest 0.06 of 2 cores (95 % busy).",
    );
  });
});
