import { describe, expect, it } from "vitest";

import { scriptBytesCountedInFcp } from "./lighthouse-fcp";

/**
 * A Lighthouse result with these requests and an observed first paint, both in
 * ms: the metrics give the paint on the trace's clock (µs), the requests count
 * from the first one's start, 5 ms after the navigation began.
 */
function lhr(
  observedFirstContentfulPaint: number | undefined,
  items: { resourceType: string; priority: string; networkEndTime: number; transferSize: number }[],
) {
  const navigationTs = 1_000_000_000;
  return {
    audits: {
      metrics: {
        details: {
          items: [
            {
              observedFirstContentfulPaintTs:
                observedFirstContentfulPaint === undefined
                  ? undefined
                  : navigationTs + observedFirstContentfulPaint * 1000,
            },
          ],
        },
      },
      "network-requests": {
        details: { items, debugData: { networkStartTimeTs: navigationTs + 5_000 } },
      },
    },
  };
}

describe("scriptBytesCountedInFcp", () => {
  const framework = {
    resourceType: "Script",
    priority: "High",
    networkEndTime: 180,
    transferSize: 120_000,
  };
  const shell = {
    resourceType: "Script",
    priority: "High",
    networkEndTime: 260,
    transferSize: 10_000,
  };

  it("counts the High-priority scripts that arrived before the observed first paint", () => {
    expect(scriptBytesCountedInFcp(lhr(200, [framework, shell]))).toBe(120_000);
    expect(scriptBytesCountedInFcp(lhr(300, [framework, shell]))).toBe(130_000);
  });

  it("reads the requests' times on the paint's clock", () => {
    // The framework ends 180 ms after the first request, 185 ms after the navigation.
    expect(scriptBytesCountedInFcp(lhr(184, [framework]))).toBe(0);
    expect(scriptBytesCountedInFcp(lhr(185, [framework]))).toBe(120_000);
  });

  it("leaves out later scripts, other priorities and other resources", () => {
    expect(scriptBytesCountedInFcp(lhr(150, [framework, shell]))).toBe(0);
    const locale = {
      resourceType: "Fetch",
      priority: "Low",
      networkEndTime: 100,
      transferSize: 4_000,
    };
    const lowScript = { ...framework, priority: "Low" };
    const stylesheet = { ...framework, resourceType: "Stylesheet", priority: "VeryHigh" };
    expect(scriptBytesCountedInFcp(lhr(300, [locale, lowScript, stylesheet]))).toBe(0);
  });

  it("reads nothing from a result without the audits", () => {
    expect(scriptBytesCountedInFcp(lhr(undefined, [framework]))).toBe(0);
    expect(scriptBytesCountedInFcp({ audits: {} })).toBe(0);
  });
});
