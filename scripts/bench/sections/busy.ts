// The busy hour: ten times the soak, straight at one process (the stand-in
// behind it, autocannon on the same cores): 1,000 connections on the soak's
// public pages, then 300 on its signed-in pages, 30 s each (10 s with --quick).
// Every answer comes within 5 s: served, or refused at once with the busy page
// (503, Retry-After; docs/decisions/049). What is served is at least 70 % of
// what the soak's 100 connections were served; /healthz answers throughout;
// memory stays bounded; a page right after the load answers as fast as before.
import os from "node:os";

import { budgets, LIMITS, median, ratio, ratioText, verdict } from "../budgets";
import {
  coresText,
  distribution,
  headerValue,
  lateText,
  otherStatuses,
  probesSummary,
  statusCountsText,
  type Cores,
  type Probe,
} from "../busy-figures";
import type { Run } from "../cannon";
import type { Context } from "../context";
import { endProgress, heading, int, mb, ms, note, pct, progress, table } from "../output";
import { RESIDENT, signIn } from "../portal";
import { cpuMs, machineCpuMs, rssKib, settle } from "../proc";
import { servedPerSecond, soakMix } from "./soak";

/** autocannon's timeout, above the 5 s limit: a late answer is then seen late, not lost as an error. */
const TIMEOUT_SECONDS = 10;
const TIMEOUT_MS = TIMEOUT_SECONDS * 1000;
const PROBE_EVERY_MS = 500;
/** Answers per second, with a decimal when there are few. */
const perSecond = (rate: number) => (rate < 100 ? rate.toFixed(1) : int(rate));
const share = (r: number) => (Number.isFinite(r) ? `${(r * 100).toFixed(0)}%` : "—");

/** Sequential requests of `/` timed before and right after each load. */
const SEQUENTIAL = 5;

const PHASES = [
  { label: "public pages", connections: 1000, signedIn: false },
  { label: "signed in", connections: 300, signedIn: true },
] as const;

interface Phase {
  label: string;
  connections: number;
  run: Run;
  /** 503 answers without Retry-After. */
  withoutRetryAfter: number;
  probes: Probe[];
  /** `/`, one request at a time, right after the load, in order. */
  after: Sequential;
  servedPerSecond: number;
  /** Cores used on average during the load: by the portal, the stand-in, this process (autocannon) and the machine as a whole. */
  cores: Cores;
}

/** Where the machine's CPU goes while `run` runs, in cores used on average. */
async function coresDuring<T>(ctx: Context, run: () => Promise<T>) {
  const { portalPid, backendPid } = ctx.stack;
  const before = {
    portal: cpuMs(portalPid),
    backend: cpuMs(backendPid),
    bench: process.cpuUsage(),
    machine: machineCpuMs(),
  };
  const result = await run();
  const machine = machineCpuMs();
  const of = os.availableParallelism();
  const wall = (machine.total - before.machine.total) / of;
  const bench = process.cpuUsage(before.bench);
  const cores = {
    portal: (cpuMs(portalPid) - before.portal) / wall,
    backend: (cpuMs(backendPid) - before.backend) / wall,
    bench: (bench.user + bench.system) / 1000 / wall,
    machine: (machine.busy - before.machine.busy) / wall,
    of,
  };
  return { result, cores };
}

/** Requests of one address, one at a time: their times, and each as printed. */
interface Sequential {
  /** An answer other than a 200 (or none) counts as the whole timeout. */
  times: number[];
  /** Each time, or what came instead of a page and when. */
  printed: string[];
}

/** `count` requests of `url`, one after the other, each read to its end. */
async function sequential(url: string, count = SEQUENTIAL): Promise<Sequential> {
  const times: number[] = [];
  const printed: string[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.arrayBuffer();
      const took = performance.now() - started;
      const page = response.status === 200;
      times.push(page ? took : TIMEOUT_MS);
      printed.push(page ? ms(took) : `a ${response.status} in ${ms(took)}`);
    } catch {
      times.push(TIMEOUT_MS);
      printed.push(`no answer within ${ms(TIMEOUT_MS)}`);
    }
  }
  return { times, printed };
}

/** Asks for /healthz every half second until stopped; a probe fails past the busy hour's limit. */
function probeHealth(portalUrl: string) {
  const probes: Probe[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const started = performance.now();
    const probe = fetch(`${portalUrl}/healthz`, { signal: AbortSignal.timeout(LIMITS.busyMaxMs) })
      .then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      )
      .then((status) => void probes.push({ status, ms: performance.now() - started }));
    pending.add(probe);
    void probe.finally(() => pending.delete(probe));
  }, PROBE_EVERY_MS);
  return {
    async stop(): Promise<Probe[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return probes;
    },
  };
}

/** How long the section runs the soak's 100 connections before its loads. */
const baselineSeconds = (ctx: Context) => (ctx.options.quick ? 5 : 10);

/**
 * The 100 connections of the soak for a few seconds: served per second, the reference when the
 * soak did not run. A process that served nothing yet first gets a few seconds of the same load:
 * a cold process serves about a tenth less, and the busy loads' ratio to it would look better.
 */
async function baseline(ctx: Context, cookie: string, cold: boolean): Promise<number> {
  const seconds = baselineSeconds(ctx);
  const mix = (duration: number) =>
    Promise.all([
      soakMix(ctx.stack.portalUrl, 70, duration),
      soakMix(ctx.stack.portalUrl, 30, duration, { cookie }),
    ]);
  if (cold) {
    progress(`warming up: the soak's 100 connections for ${seconds / 2} s…`);
    await mix(seconds / 2);
  }
  progress(`baseline: the soak's 100 connections for ${seconds} s…`);
  const [visitors, residents] = await mix(seconds);
  return servedPerSecond(visitors, seconds) + servedPerSecond(residents, seconds);
}

async function runPhase(
  ctx: Context,
  phase: (typeof PHASES)[number],
  cookie: string,
): Promise<Phase> {
  const duration = ctx.durations.busy;
  progress(`${phase.connections} connections, ${phase.label}, for ${duration} s…`);
  let withoutRetryAfter = 0;
  const health = probeHealth(ctx.stack.portalUrl);
  const { result: run, cores } = await coresDuring(ctx, () =>
    soakMix(ctx.stack.portalUrl, phase.connections, duration, {
      cookie: phase.signedIn ? cookie : undefined,
      samples: true,
      timeoutSeconds: TIMEOUT_SECONDS,
      lateMs: LIMITS.busyMaxMs,
      onResponse: (status, headers) => {
        if (status === 503 && !headerValue(headers, "retry-after")) withoutRetryAfter++;
      },
    }),
  );
  const probes = await health.stop();
  // Right after the load: the first requests meet what the load left behind.
  const after = await sequential(`${ctx.stack.portalUrl}/`);
  return {
    label: phase.label,
    connections: phase.connections,
    run,
    withoutRetryAfter,
    probes,
    after,
    servedPerSecond: (run.byStatus.get(200)?.length ?? 0) / duration,
    cores,
  };
}

function printPhases(phases: Phase[], reference: number, pageBefore: number) {
  const row = (p: Phase, label: string, status: number) => {
    const d = distribution(p.run.byStatus.get(status) ?? []);
    return [
      `${p.label} (${int(p.connections)}c), ${label}`,
      int(d.count),
      ...[d.p50, d.p90, d.p99, d.max].map(ms),
    ];
  };
  table(
    ["load, answers", "count", "p50", "p90", "p99", "max"],
    phases.flatMap((p) => [row(p, "served (200)", 200), row(p, "refused (503)", 503)]),
  );
  console.log();
  table(
    [
      "load",
      "by status",
      "errors (timeouts)",
      "served/s",
      "of the soak's",
      "503 w/o Retry-After",
      "/healthz probes: failed, max",
      "/ after (median of 5)",
    ],
    phases.map((p) => {
      const h = probesSummary(p.probes);
      return [
        `${p.label} (${int(p.connections)}c)`,
        statusCountsText(p.run.byStatus),
        `${int(p.run.failures.count - p.run.non2xx)} (${int(p.run.timeouts)})`,
        perSecond(p.servedPerSecond),
        share(ratio(p.servedPerSecond, reference)),
        int(p.withoutRetryAfter),
        `${h.failed} of ${h.count}, ${ms(h.max)}`,
        `${ms(median(p.after.times))} (${ratioText(ratio(median(p.after.times), pageBefore))})`,
      ];
    }),
  );
}

function judgePhase(p: Phase, reference: number, pageBefore: number) {
  const after = median(p.after.times);
  const errors = p.run.failures.count - p.run.non2xx;
  const slowest = p.run.max;
  const name = `Busy hour, ${int(p.connections)} connections, ${p.label}`;
  budgets.add({
    name: `${name}: slowest answer, errors`,
    figure: `${ms(slowest)}, ${errors} error(s) (${p.run.timeouts} timeouts)`,
    limit: `<= ${ms(LIMITS.busyMaxMs)}, no error`,
    verdict: verdict(slowest <= LIMITS.busyMaxMs && errors === 0),
  });
  budgets.add({
    name: `${name}: served (200) per second`,
    figure: perSecond(p.servedPerSecond),
    floor: `${perSecond(reference)} (soak's)`,
    ratio: ratioText(ratio(p.servedPerSecond, reference)),
    limit: `>= ${LIMITS.busyServedShare * 100}% of the soak's 100 connections`,
    verdict: verdict(p.servedPerSecond >= LIMITS.busyServedShare * reference),
  });
  const others = otherStatuses(p.run.byStatus);
  budgets.add({
    name: `${name}: refusals`,
    figure: `${int(p.run.byStatus.get(503)?.length ?? 0)} × 503, ${p.withoutRetryAfter} without Retry-After, ${others} other status(es)`,
    limit: "503 with Retry-After, nothing else",
    verdict: verdict(p.withoutRetryAfter === 0 && others === 0),
  });
  const health = probesSummary(p.probes);
  budgets.add({
    name: `${name}: /healthz during the load`,
    figure: `${health.count - health.failed} of ${health.count} answered 200, slowest ${ms(health.max)}`,
    limit: `every probe 200 within ${ms(LIMITS.busyMaxMs)}`,
    verdict: verdict(health.count > 0 && health.failed === 0),
  });
  budgets.add({
    name: `${name}: / right after (median of ${SEQUENTIAL})`,
    figure: ms(after),
    floor: `${ms(pageBefore)} before`,
    ratio: ratioText(ratio(after, pageBefore)),
    limit: `<= ${LIMITS.busyAfterRatio}× before`,
    verdict: verdict(ratio(after, pageBefore) <= LIMITS.busyAfterRatio),
  });
}

export async function busySection(ctx: Context) {
  heading(
    `10. Busy hour (ten times the soak: ${PHASES.map((p) => `${int(p.connections)} connections, ${p.label}`).join("; then ")}; ${ctx.durations.busy} s each)`,
  );
  const { portalUrl, portalPid: pid } = ctx.stack;
  const cookie = await signIn(portalUrl, RESIDENT);
  const fromSoak = ctx.soakServedPerSecond !== undefined;
  // The soak's load first, in every run: a busy hour comes on top of ordinary traffic, and the RSS
  // "before" is then a working process's, not what an idle one shrank to after the sections before.
  const warm = await baseline(ctx, cookie, !fromSoak);
  const reference = ctx.soakServedPerSecond ?? warm;
  await settle(2000);
  const before = await sequential(`${portalUrl}/`);
  const pageBefore = median(before.times);
  const rssBefore = rssKib(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKib(pid))), 1000);
  const phases: Phase[] = [];
  try {
    for (const phase of PHASES) phases.push(await runPhase(ctx, phase, cookie));
  } finally {
    clearInterval(sampler);
  }
  await settle(2000);
  const rssAfter = rssKib(pid);
  rssPeak = Math.max(rssPeak, rssAfter);
  endProgress();
  printPhases(phases, reference, pageBefore);
  note(
    `reference: ${perSecond(reference)} answers served (2xx) per second at 100 connections, ${fromSoak ? "the soak's in this run (section 5)" : "a short run of the soak's mix in this section, after a warm-up (the soak did not run)"}; the soak's mix for ${baselineSeconds(ctx)} s just before the loads: ${perSecond(warm)} per second;`,
    `autocannon's timeout ${TIMEOUT_SECONDS} s, so an answer later than ${ms(LIMITS.busyMaxMs)} is seen; /healthz probed every ${PROBE_EVERY_MS} ms;`,
    `RSS: ${mb(rssBefore)} before, ${mb(rssPeak)} peak, ${mb(rssAfter)} 2 s after the loads (${pct(rssAfter / rssBefore - 1)}).`,
    ...phases.map((p) => lateText(p.label, p.run.lateSentAt, LIMITS.busyMaxMs)),
    ...phases.map((p) => coresText(p.label, p.cores)),
    `/ one request at a time (median of ${SEQUENTIAL} judged): before the loads ${before.printed.join(", ")}; ${phases.map((p) => `right after the ${p.label} ${p.after.printed.join(", ")}`).join("; ")} (an answer other than a page counts as ${ms(TIMEOUT_MS)}).`,
  );
  for (const p of phases) {
    ctx.served += p.run.total;
    judgePhase(p, reference, pageBefore);
  }
  budgets.add({
    name: "Busy hour: RSS after the loads",
    figure: `${mb(rssBefore)} → ${mb(rssAfter)} (peak ${mb(rssPeak)})`,
    ratio: ratioText(ratio(rssAfter, rssBefore)),
    limit: `<= ${LIMITS.busyRssRatio}× before`,
    verdict: verdict(ratio(rssAfter, rssBefore) <= LIMITS.busyRssRatio),
  });
}
