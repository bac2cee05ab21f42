// Lighthouse (its npm package, Debian's Chromium, the default mobile
// emulation) on every public page and on the floor's page, on observed
// metrics: through the bench's throttling proxy on Lighthouse's mobile link,
// three runs each (one with --quick), the median printed and budgeted. One run
// with Lighthouse's default simulated throttling is printed beside.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";

import { chromiumPath } from "../browser";
import { budgets, LIMITS, median, ratio, ratioText, verdict } from "../budgets";
import { BROWSER_LOCALE, type Context } from "../context";
import { scriptBytesCountedInFcp } from "../lighthouse-fcp";
import { endProgress, heading, note, progress, seconds, table } from "../output";
import { publicPages } from "../portal";
import { startThrottlingProxy, type LinkShape, type ThrottlingProxy } from "../throttle";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const LABELS: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};
/** Budgeted at 100 over all pages, beside performance and FCP per page. */
const AT_100: Category[] = ["accessibility", "best-practices", "seo"];

interface Result {
  label: string;
  scores: Record<Category, number>;
  fcp: number;
  /** Total blocking time (ms) and its audit score (0–1). */
  tbt: number;
  tbtScore: number;
  /** Audits that lost points in a budgeted category (last run). */
  failing: string[];
  /** Lighthouse's measure of the machine's speed during the runs (higher is faster). */
  benchmarkIndex: number;
  /** One run with Lighthouse's default simulated throttling, printed only; the KB of scripts its first paint waited for (scriptBytesCountedInFcp). */
  simulated: { performance: number; fcp: number; scriptKbInFcp: number };
}

/**
 * Lighthouse's mobile link (its throttling guide: 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) made by the bench's throttling proxy, as the guide
 * advises for a real throttled load; Lighthouse then applies no network
 * throttling of its own and only its default mobile CPU slowdown (DevTools).
 */
const MOBILE_LINK = throttling.mobileSlow4G;
const DOWN: LinkShape = {
  bytesPerSecond: (MOBILE_LINK.throughputKbps * 1024) / 8,
  oneWayMs: MOBILE_LINK.rttMs / 2,
};
/** The guide's upload; mobileSlow4G holds only DevTools' (0.9 of it). */
const UPLOAD_KBPS = 750;
const UP: LinkShape = {
  bytesPerSecond: (UPLOAD_KBPS * 1024) / 8,
  oneWayMs: MOBILE_LINK.rttMs / 2,
};

const OBSERVED = {
  throttlingMethod: "devtools",
  throttling: {
    rttMs: 0,
    throughputKbps: 0,
    requestLatencyMs: 0,
    downloadThroughputKbps: 0,
    uploadThroughputKbps: 0,
    cpuSlowdownMultiplier: MOBILE_LINK.cpuSlowdownMultiplier,
  },
} as const;

type Mode = "observed" | "simulated";

/** One Lighthouse run of `url` in the Chrome on `port`; a lost trace (NO_NAVSTART, NO_FCP on a busy machine) is tried again, twice at most. */
async function audit(url: string, port: number, mode: Mode) {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(
      url,
      {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: mode === "observed" ? [...CATEGORIES] : ["performance"],
      },
      {
        extends: "lighthouse:default",
        settings: {
          maxWaitForFcp: 60_000,
          maxWaitForLoad: 90_000,
          ...(mode === "observed" ? OBSERVED : {}),
        },
      },
    );
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3)
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
}

type Report = Awaited<ReturnType<typeof audit>>;

/** Audits in a budgeted category that lost points, or that Lighthouse could not compute (a busy machine loses a trace now and then). */
function failingAudits(lhr: Report): string[] {
  const failing: string[] = [];
  for (const id of [...AT_100, "performance" as const]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1)
        failing.push(`${LABELS[id]}: ${ref.id}`);
      else if (ref.weight > 0 && result?.errorMessage)
        failing.push(
          `${LABELS[id]}: ${ref.id} (not computed: ${result.errorMessage.slice(0, 80)})`,
        );
    }
  }
  return failing;
}

const numeric = (lhr: Report, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
/** A category's score out of 100; NaN when Lighthouse could not score it (then left out of a median, and failing alone). */
const categoryScore = (lhr: Report, id: Category) => {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? Number.NaN : Math.round(score * 100);
};
const scoreText = (score: number) => (Number.isFinite(score) ? String(score) : "—");
const tbtText = (r: Result) =>
  Number.isFinite(r.tbtScore)
    ? `${Math.round(r.tbt)} ms (score ${r.tbtScore.toFixed(2)})`
    : "— (not computed)";

/** `count` observed runs of a page through its origin's proxy (their medians), and one simulated run of it direct. */
async function measure(
  label: string,
  origin: { direct: string; proxied: string },
  path: string,
  port: number,
  count: number,
): Promise<Result> {
  const runs: Report[] = [];
  for (let i = 1; i <= count; i++) {
    progress(`Lighthouse: ${label}, observed run ${i} of ${count}…`);
    runs.push(await audit(`${origin.proxied}${path}`, port, "observed"));
  }
  progress(`Lighthouse: ${label}, simulated run…`);
  const simulated = await audit(`${origin.direct}${path}`, port, "simulated");
  return {
    label,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, median(runs.map((lhr) => categoryScore(lhr, id)))]),
    ) as Record<Category, number>,
    fcp: median(runs.map((lhr) => numeric(lhr, "first-contentful-paint"))),
    tbt: median(runs.map((lhr) => numeric(lhr, "total-blocking-time"))),
    tbtScore: median(runs.map((lhr) => lhr.audits["total-blocking-time"]?.score ?? Number.NaN)),
    failing: failingAudits(runs[runs.length - 1]),
    benchmarkIndex: median(runs.map((lhr) => lhr.environment?.benchmarkIndex ?? Number.NaN)),
    simulated: {
      performance: categoryScore(simulated, "performance"),
      fcp: numeric(simulated, "first-contentful-paint"),
      scriptKbInFcp: scriptBytesCountedInFcp(simulated) / 1024,
    },
  };
}

export async function lighthouseSection(ctx: Context) {
  // Three runs and their median; one with --quick (a development run, not a record).
  const count = ctx.options.quick ? 1 : 3;
  heading(
    `8. Lighthouse (mobile, observed through the throttling proxy; ${count === 1 ? "one run" : `median of ${count} runs`} per page)`,
  );
  const pages = await publicPages(ctx.stack.backendUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      "--headless=new",
      `--lang=${BROWSER_LOCALE}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    logLevel: "silent",
  });
  const results: Result[] = [];
  let floor: Result;
  const proxies: ThrottlingProxy[] = [];
  const through = async (direct: string) => {
    const proxy = await startThrottlingProxy(new URL(direct), DOWN, UP);
    proxies.push(proxy);
    return { direct, proxied: proxy.url };
  };
  try {
    const floorOrigin = await through(ctx.floor.url);
    const portalOrigin = await through(ctx.stack.portalUrl);
    floor = await measure("floor /", floorOrigin, "/", chrome.port, count);
    for (const path of pages)
      results.push(await measure(path, portalOrigin, path, chrome.port, count));
  } finally {
    chrome.kill();
    for (const proxy of proxies) await proxy.stop();
  }
  endProgress();
  table(
    [
      "page",
      ...CATEGORIES.map((id) => LABELS[id]),
      "FCP",
      "FCP ratio to floor",
      "TBT (score)",
      "simulated: performance, FCP",
      "script KB in simulated FCP",
    ],
    [floor, ...results].map((r) => [
      r.label,
      ...CATEGORIES.map((id) => scoreText(r.scores[id])),
      seconds(r.fcp),
      r === floor ? "—" : ratioText(ratio(r.fcp, floor.fcp)),
      tbtText(r),
      `${scoreText(r.simulated.performance)}, ${seconds(r.simulated.fcp)}`,
      r.simulated.scriptKbInFcp.toFixed(0),
    ]),
  );
  note(
    `Observed: a mid-range phone's screen and CPU (${MOBILE_LINK.cpuSlowdownMultiplier}× slowdown, DevTools) on Lighthouse's mobile link made by the bench's proxy ` +
      `(${MOBILE_LINK.rttMs} ms round trip, ${(MOBILE_LINK.throughputKbps / 1024).toFixed(1)} Mbit/s down, ${UPLOAD_KBPS} kbit/s up; throttle.ts)` +
      `${count > 1 ? `; medians of ${count} runs` : "; one run each (--quick, not a record)"}. These are budgeted.`,
    "Simulated: one run with Lighthouse's default simulated throttling, printed only. Its KB column: the modulepreloads that arrived before the observed",
    "first paint, which the simulation downloads before it paints though no module blocks a paint (GoogleChrome/lighthouse#17163; docs/benchmark.md).",
  );
  const indexes = [floor, ...results]
    .map((r) => r.benchmarkIndex)
    .filter((i) => Number.isFinite(i));
  if (indexes.length > 0) {
    note(
      `Lighthouse's benchmarkIndex (how fast the machine ran; its throttling assumes about 1000+): ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} in this run.`,
    );
  }
  for (const r of [floor, ...results]) {
    if (r.failing.length > 0) note(`${r.label} loses points on ${r.failing.join(", ")}`);
  }
  for (const r of results) {
    budgets.add({
      name: `Lighthouse performance (observed), ${r.label}`,
      figure: scoreText(r.scores.performance),
      floor: scoreText(floor.scores.performance),
      limit:
        LIMITS.lighthousePerformanceBelowFloor === 0
          ? ">= floor"
          : `>= floor − ${LIMITS.lighthousePerformanceBelowFloor}`,
      verdict: verdict(
        r.scores.performance >= floor.scores.performance - LIMITS.lighthousePerformanceBelowFloor,
      ),
    });
    budgets.add({
      name: `Lighthouse FCP (observed), ${r.label}`,
      figure: seconds(r.fcp),
      floor: seconds(floor.fcp),
      ratio: ratioText(ratio(r.fcp, floor.fcp)),
      limit: "<= floor's",
      verdict: verdict(r.fcp <= floor.fcp),
    });
    budgets.add({
      name: `Lighthouse total blocking time (observed), ${r.label}`,
      figure: tbtText(r),
      floor: tbtText(floor),
      limit: "score >= floor's",
      verdict: verdict(r.tbtScore >= floor.tbtScore),
    });
  }
  for (const id of AT_100) {
    // A score Lighthouse could not compute fails as a low one would.
    const below = results.filter((r) => !(r.scores[id] >= 100));
    const lowest =
      below.find((r) => !Number.isFinite(r.scores[id])) ??
      [...below].sort((a, b) => a.scores[id] - b.scores[id])[0];
    budgets.add({
      name: `Lighthouse ${LABELS[id]}, ${results.length} public pages`,
      figure:
        below.length === 0
          ? "100 on every page"
          : `${scoreText(lowest.scores[id])} min (${lowest.label}), ${below.length} page(s) below`,
      floor: scoreText(floor.scores[id]),
      limit: "100",
      verdict: verdict(below.length === 0),
    });
  }
}
