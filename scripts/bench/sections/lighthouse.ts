// Lighthouse (its npm package, Debian's Chromium, the default mobile
// emulation and throttling) on every public page and on the floor's page,
// three runs each (one with --quick); the median is printed and budgeted.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { chromiumPath } from "../browser";
import { budgets, LIMITS, median, ratio, ratioText, verdict } from "../budgets";
import { BROWSER_LOCALE, type Context } from "../context";
import { scriptBytesCountedInFcp } from "../lighthouse-fcp";
import { endProgress, heading, note, progress, seconds, table } from "../output";
import { publicPages } from "../portal";

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
  /** KB of scripts the simulated first paint waited for, per run (scriptBytesCountedInFcp). */
  scriptKbInFcp: number[];
}

/** One Lighthouse run of `url` in the Chrome on `port`; a lost trace (NO_NAVSTART, NO_FCP on a busy machine) is tried again, twice at most. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      {
        extends: "lighthouse:default",
        settings: { maxWaitForFcp: 60_000, maxWaitForLoad: 90_000 },
      },
    );
    const lhr = runner?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3)
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
}

async function measure(label: string, url: string, port: number, count: number): Promise<Result> {
  const runs: Awaited<ReturnType<typeof audit>>[] = [];
  for (let i = 1; i <= count; i++) {
    progress(`Lighthouse: ${label}, run ${i} of ${count}…`);
    runs.push(await audit(url, port));
  }
  const last = runs[runs.length - 1];
  const failing: string[] = [];
  for (const id of [...AT_100, "performance" as const]) {
    for (const ref of last.categories[id]?.auditRefs ?? []) {
      const result = last.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1)
        failing.push(`${LABELS[id]}: ${ref.id}`);
    }
  }
  return {
    label,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        median(runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))),
      ]),
    ) as Record<Category, number>,
    fcp: median(
      runs.map((lhr) => lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
    ),
    tbt: median(runs.map((lhr) => lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN)),
    tbtScore: median(runs.map((lhr) => lhr.audits["total-blocking-time"]?.score ?? Number.NaN)),
    failing,
    benchmarkIndex: median(runs.map((lhr) => lhr.environment?.benchmarkIndex ?? Number.NaN)),
    scriptKbInFcp: runs.map((lhr) => scriptBytesCountedInFcp(lhr) / 1024),
  };
}

export async function lighthouseSection(ctx: Context) {
  // Three runs and their median; one with --quick (a development run, not a record).
  const count = ctx.options.quick ? 1 : 3;
  heading(
    `8. Lighthouse (mobile, default throttling; ${count === 1 ? "one run" : `median of ${count} runs`} per page)`,
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
  try {
    floor = await measure("floor /", `${ctx.floor.url}/`, chrome.port, count);
    for (const path of pages)
      results.push(await measure(path, `${ctx.stack.portalUrl}${path}`, chrome.port, count));
  } finally {
    chrome.kill();
  }
  endProgress();
  table(
    [
      "page",
      ...CATEGORIES.map((id) => LABELS[id]),
      "FCP",
      "FCP ratio to floor",
      "TBT (score)",
      "script KB in FCP, per run",
    ],
    [floor, ...results].map((r) => [
      r.label,
      ...CATEGORIES.map((id) => r.scores[id]),
      seconds(r.fcp),
      r === floor ? "—" : ratioText(ratio(r.fcp, floor.fcp)),
      `${Math.round(r.tbt)} ms (${r.tbtScore.toFixed(2)})`,
      r.scriptKbInFcp.map((kb) => kb.toFixed(0)).join(", "),
    ]),
  );
  note(
    `Lighthouse simulates a mid-range phone on a slow 4G link${count > 1 ? `; the figures are medians of ${count} runs` : "; one run each (--quick): not a record"}.`,
  );
  note(
    "script KB in FCP: the modulepreloads that arrived before the observed first paint; Lighthouse's simulation downloads them before it paints, " +
      "though no module blocks a paint (GoogleChrome/lighthouse#17163; docs/benchmark.md).",
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
      name: `Lighthouse performance, ${r.label}`,
      figure: String(r.scores.performance),
      floor: String(floor.scores.performance),
      limit:
        LIMITS.lighthousePerformanceBelowFloor === 0
          ? ">= floor"
          : `>= floor − ${LIMITS.lighthousePerformanceBelowFloor}`,
      verdict: verdict(
        r.scores.performance >= floor.scores.performance - LIMITS.lighthousePerformanceBelowFloor,
      ),
    });
    budgets.add({
      name: `Lighthouse FCP, ${r.label}`,
      figure: seconds(r.fcp),
      floor: seconds(floor.fcp),
      ratio: ratioText(ratio(r.fcp, floor.fcp)),
      limit: `<= ${seconds(LIMITS.lighthouseFcpMs)}`,
      verdict: verdict(r.fcp <= LIMITS.lighthouseFcpMs),
    });
    budgets.add({
      name: `Lighthouse total blocking time, ${r.label}`,
      figure: `${Math.round(r.tbt)} ms (score ${r.tbtScore.toFixed(2)})`,
      floor: `${Math.round(floor.tbt)} ms (score ${floor.tbtScore.toFixed(2)})`,
      limit: "score >= floor's",
      verdict: verdict(r.tbtScore >= floor.tbtScore),
    });
  }
  for (const id of AT_100) {
    const below = results.filter((r) => r.scores[id] < 100);
    const lowest = [...results].sort((a, b) => a.scores[id] - b.scores[id])[0];
    budgets.add({
      name: `Lighthouse ${LABELS[id]}, ${results.length} public pages`,
      figure:
        below.length === 0
          ? "100 on every page"
          : `${lowest.scores[id]} min (${lowest.label}), ${below.length} page(s) below`,
      floor: String(floor.scores[id]),
      limit: "100",
      verdict: verdict(below.length === 0),
    });
  }
}
