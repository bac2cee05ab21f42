// What Lighthouse's report says about its own simulated first paint, kept
// apart from the section so that a unit test need not load Lighthouse.

/** The parts of a Lighthouse result read here. */
export interface LighthouseAudits {
  audits: Record<string, { details?: unknown } | undefined>;
}

interface MetricsDetails {
  items?: { observedFirstContentfulPaintTs?: number }[];
}

interface NetworkRequestsDetails {
  items?: {
    resourceType?: string;
    priority?: string;
    networkEndTime?: number;
    transferSize?: number;
  }[];
  /** The clock (µs) the requests' times (ms) count from, given to sync them with the metrics'. */
  debugData?: { networkStartTimeTs?: number };
}

/**
 * The bytes (as transferred) of the scripts Lighthouse's simulated first paint
 * counts. A script of High priority that finished downloading before the
 * observed first paint is kept in the simulated one unless the trace shows it
 * evaluated after that paint; a module's evaluation carries no URL in the
 * trace, so a modulepreload that arrived before the paint is always kept
 * (GoogleChrome/lighthouse#17163, open), and the simulation then downloads it
 * on its slow link before painting. Run to run, the same page's scripts arrive
 * before or after its observed first paint (docs/benchmark.md).
 */
export function scriptBytesCountedInFcp(lhr: LighthouseAudits): number {
  const paintTs = (lhr.audits.metrics?.details as MetricsDetails | undefined)?.items?.[0]
    ?.observedFirstContentfulPaintTs;
  const network = lhr.audits["network-requests"]?.details as NetworkRequestsDetails | undefined;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (paintTs === undefined || startTs === undefined || !network?.items) return 0;
  return network.items
    .filter(
      (r) =>
        r.resourceType === "Script" &&
        r.priority === "High" &&
        r.networkEndTime !== undefined &&
        startTs + r.networkEndTime * 1000 <= paintTs,
    )
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}
