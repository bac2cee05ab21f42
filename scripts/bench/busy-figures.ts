// The busy hour's figures, kept apart from its section so that they can be
// tested without a running portal.
import { median, percentile } from "./budgets";

export interface Distribution {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Count, p50, p90, p99 and the slowest of some answer times (ms). */
export function distribution(times: number[]): Distribution {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/**
 * When the requests answered later than `limitMs` were sent (seconds into the load): a tail whose
 * requests all left at the load's start is its connections', not the queue's.
 */
export function lateText(label: string, sentAt: number[], limitMs: number): string {
  const limit = `${(limitMs / 1000).toFixed(1)} s`;
  if (sentAt.length === 0) return `${label}: no answer later than ${limit}.`;
  // A request sent as autocannon starts may read a few ms before the clock it is timed from.
  const at = sentAt.map((seconds) => Math.max(0, seconds));
  const first = at.reduce((a, b) => Math.min(a, b)).toFixed(1);
  const last = at.reduce((a, b) => Math.max(a, b)).toFixed(1);
  return `${label}: ${sentAt.length} answer(s) later than ${limit}, their requests sent ${first}–${last} s into the load.`;
}

/** A header of autocannon's answer, whatever the case of its name as the server sent it. */
export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === wanted)
      return Array.isArray(value) ? String(value[0]) : String(value);
  return undefined;
}

/** "200: 3,362; 503: 5,120" for answers by status, the statuses in order. */
export function statusCountsText(byStatus: Map<number, number[]>): string {
  const parts = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, times]) => `${status}: ${times.length.toLocaleString("en-US")}`);
  return parts.join("; ") || "none";
}

/** Statuses that are neither served (200) nor refused as busy (503). */
export function otherStatuses(byStatus: Map<number, number[]>): number {
  let count = 0;
  for (const [status, times] of byStatus)
    if (status !== 200 && status !== 503) count += times.length;
  return count;
}

/** One probe of /healthz: its status (0 when it failed or timed out) and its time. */
export interface Probe {
  status: number;
  ms: number;
}

/** What the probes of /healthz during a load say: how many, how many failed, the slowest and the median. */
export function probesSummary(probes: Probe[]) {
  const times = probes.map((p) => p.ms);
  return {
    count: probes.length,
    failed: probes.filter((p) => p.status !== 200).length,
    median: median(times),
    max: times.length ? Math.max(...times) : Number.NaN,
  };
}

/** Cores used on average during a load: by the portal, the stand-in, the bench's process (autocannon) and the machine as a whole, of `of`. */
export interface Cores {
  portal: number;
  backend: number;
  bench: number;
  machine: number;
  of: number;
}

/** "CPU, public pages: the portal 1.21, the stand-in 0.08, autocannon and the bench 0.55, the rest 0.06 of 2 cores (95 % busy)." */
export function coresText(label: string, c: Cores): string {
  const rest = Math.max(0, c.machine - c.portal - c.backend - c.bench);
  const f = (n: number) => n.toFixed(2);
  return `CPU, ${label}: the portal ${f(c.portal)}, the stand-in ${f(c.backend)}, autocannon and the bench ${f(c.bench)}, the rest ${f(rest)} of ${c.of} cores (${((c.machine / c.of) * 100).toFixed(0)} % busy).`;
}
