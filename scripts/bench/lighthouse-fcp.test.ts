import { describe, expect, it } from "vitest";
import { scriptBytesCountedInFcp } from "./lighthouse-fcp";

/** A Lighthouse result with an observed first paint and these requests. */
function lhr(observedFirstContentfulPaint: number | undefined, items: { resourceType: string; priority: string; networkEndTime: number; transferSize: number }[]) {
  return {
    audits: {
      metrics: { details: { items: [{ observedFirstContentfulPaint }] } },
      "network-requests": { details: { items } },
    },
  };
}

describe("scriptBytesCountedInFcp", () => {
  const framework = { resourceType: "Script", priority: "High", networkEndTime: 180, transferSize: 120_000 };
  const shell = { resourceType: "Script", priority: "High", networkEndTime: 260, transferSize: 10_000 };

  it("counts the High-priority scripts that arrived before the observed first paint", () => {
    expect(scriptBytesCountedInFcp(lhr(200, [framework, shell]))).toBe(120_000);
    expect(scriptBytesCountedInFcp(lhr(300, [framework, shell]))).toBe(130_000);
  });

  it("leaves out later scripts, other priorities and other resources", () => {
    expect(scriptBytesCountedInFcp(lhr(150, [framework, shell]))).toBe(0);
    const locale = { resourceType: "Fetch", priority: "Low", networkEndTime: 100, transferSize: 4_000 };
    const lowScript = { ...framework, priority: "Low" };
    const stylesheet = { ...framework, resourceType: "Stylesheet", priority: "VeryHigh" };
    expect(scriptBytesCountedInFcp(lhr(300, [locale, lowScript, stylesheet]))).toBe(0);
  });

  it("reads nothing from a result without the audits", () => {
    expect(scriptBytesCountedInFcp(lhr(undefined, [framework]))).toBe(0);
    expect(scriptBytesCountedInFcp({ audits: {} })).toBe(0);
  });
});
