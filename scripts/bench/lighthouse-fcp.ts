// What Lighthouse's report says about its own simulated first paint, kept
// apart from the section so that a unit test need not load Lighthouse.

/** The parts of a Lighthouse result read here. */
export interface LighthouseAudits {
  audits: Record<string, { details?: unknown } | undefined>;
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
  const observed = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]
    ?.observedFirstContentfulPaint;
  const requests = (
    lhr.audits["network-requests"]?.details as
      | { items?: { resourceType?: string; priority?: string; networkEndTime?: number; transferSize?: number }[] }
      | undefined
  )?.items;
  if (observed === undefined || !requests) return 0;
  return requests
    .filter((r) => r.resourceType === "Script" && r.priority === "High" && r.networkEndTime !== undefined && r.networkEndTime <= observed)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}
