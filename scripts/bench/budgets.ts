// The budgets a run is judged by. Most are ratios to the floor (the minimal
// React Router app measured in the same run), so they hold on a busy machine
// as on a quiet one; the rest are absolute limits.

export type Verdict = "ok" | "FAIL" | "not judged";

export interface Budget {
  name: string;
  /** The portal's figure, as printed. */
  figure: string;
  /** The floor's figure, when the budget compares with it. */
  floor?: string;
  /** The portal's figure over the floor's (or its difference), when compared. */
  ratio?: string;
  limit: string;
  verdict: Verdict;
  /** Why a budget is not judged. */
  reason?: string;
}

/**
 * The limits in force, as docs/decisions/032-performance-budgets.md states them
 * (set by 006 and 023). A limit the code cannot meet stays failing; it never
 * moves to let a run pass.
 */
export const LIMITS = {
  /** CPU per rendered request, times the floor's. */
  cpuRatioHome: 1.5,
  cpuRatioPosts: 2,
  cpuRatioAccounts: 2,
  /** First-visit JavaScript, gzip, over the floor's, every public page (006). */
  firstVisitJsExtraBytes: 30 * 1024,
  htmlCssBytes: 40 * 1024,
  blockingCss: 1,
  /** The portal's own share of a page's latency at one connection, times the floor's p50 there (006). */
  ownShareRatio: 1.5,
  slowFcpMs: 1200,
  formUsableMs: 3000,
  /** Lighthouse performance at least the floor's in the same run, and its total blocking time scored no lower. */
  lighthousePerformanceBelowFloor: 0,
  /** Lighthouse first contentful paint, in ms (006's limit, which 023 keeps). */
  lighthouseFcpMs: 1300,
  memoryGrowth: 0.2,
  bodiesRssMb: 50,
  /** The soak's 100 connections: every request answered, none slower than this, p99 of each mix within soakP99Ms. */
  soakMaxMs: 5000,
  soakP99Ms: 2000,
} as const;

export const ratioText = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "—");

/** value ÷ floor; NaN when the floor is missing or zero. */
export function ratio(value: number, floor: number): number {
  return floor > 0 && Number.isFinite(floor) ? value / floor : Number.NaN;
}

/** A figure within `maxRatio` times the floor's (a missing figure fails). */
export function withinRatio(value: number, floor: number, maxRatio: number): boolean {
  const r = ratio(value, floor);
  return Number.isFinite(r) && r <= maxRatio;
}

/** A figure at most `extra` above the floor's. */
export function withinExtra(value: number, floor: number, extra: number): boolean {
  return Number.isFinite(value) && Number.isFinite(floor) && value - floor <= extra;
}

export const verdict = (ok: boolean): Verdict => (ok ? "ok" : "FAIL");

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value at percentile `p` of an already sorted list (nearest rank below). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]
    : Number.NaN;
}

/** Whether the machine is too busy to judge latency budgets: load average at or above the core count. */
export function tooBusy(loadAverage: number, cores: number): boolean {
  return loadAverage >= cores;
}

export class BudgetList {
  readonly all: Budget[] = [];

  add(budget: Budget) {
    this.all.push(budget);
  }

  failed(): Budget[] {
    return this.all.filter((b) => b.verdict === "FAIL");
  }

  rows() {
    return this.all.map((b) => [
      b.name,
      b.figure,
      b.floor ?? "—",
      b.ratio ?? "—",
      b.limit,
      b.verdict,
    ]);
  }
}

export const budgets = new BudgetList();
