// Server speed beside the floor: CPU per rendered request (the figure that
// holds on a busy machine), requests per second at 50 connections, latency at
// one connection, and the portal's own share of a page's latency. Portal and
// floor runs alternate, round after round, so load from elsewhere weighs on both.
import os from "node:os";

import { startPortal } from "../../../tests/support/stack.js";
import {
  budgets,
  GOALS,
  LIMITS,
  percentile,
  ratio,
  ratioText,
  tooBusy,
  verdict,
  withinRatio,
} from "../budgets";
import { cannon, type Target } from "../cannon";
import { withRunning, type Context } from "../context";
import { cpuMsText, endProgress, heading, int, ms, note, progress, table } from "../output";
import { backendAccess, BROWSER_ACCEPT_ENCODING, onPortalLog, RESIDENT, signIn } from "../portal";
import { cpuMs } from "../proc";

interface Measured {
  cpu: number;
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  failures: string[];
}

/** One-connection samples of a target, pooled over the rounds. */
interface Pooled {
  times: number[];
  failures: string[];
}
const pooled = (): Pooled => ({ times: [], failures: [] });

const empty = (): Measured => ({ cpu: 0, requests: 0, seconds: 0, p50: [], p99: [], failures: [] });
const cpuPerRequest = (m: Measured) => (m.requests > 0 ? m.cpu / m.requests : Number.NaN);
const rps = (m: Measured) => (m.seconds > 0 ? m.requests / m.seconds : Number.NaN);
const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One run at 50 connections, adding the server's CPU time to `into`. Only the
 * pages rendered count as requests: a refusal (the busy page) costs little, and
 * counted it would make rendering look cheaper; it fails the run's budget instead.
 */
async function loadedRun(target: Target, pid: number, seconds: number, into: Measured) {
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const run = await cannon({ ...target, connections: 50, duration: seconds });
  into.seconds += (performance.now() - started) / 1000;
  into.cpu += cpuMs(pid) - cpuBefore;
  into.requests += run.total - run.non2xx;
  into.p50.push(run.p50);
  into.p99.push(run.p99);
  if (run.failures.count > 0) into.failures.push(run.failures.text);
}

interface Page {
  label: string;
  target: Target;
  maxRatio?: number;
  /** The ratio rendering aims at, printed beside the limit. */
  goal?: number;
  backends: Target[];
  /** Budgeted: the portal's own share. */
  share: boolean;
}

export async function speedSection(ctx: Context) {
  const { speed, warmup, rounds } = ctx.durations;
  heading(
    `2. Server speed beside the floor (${rounds} alternating rounds of ${speed} s at 50 connections)`,
  );
  const encoding = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  // A portal of its own, so that its CPU time is this section's alone.
  const started = await startPortal({ apiUrl: ctx.stack.backendUrl, onLog: onPortalLog });
  await withRunning(started, async (portal) => {
    const portalPid = portal.pid as number;
    const cookie = await signIn(portal.url, RESIDENT);
    const access = await backendAccess(ctx.stack.backendUrl, RESIDENT);
    const bearer = { authorization: `Bearer ${access}` };
    const backend = (path: string, headers: Record<string, string> = {}): Target => ({
      url: ctx.stack.backendUrl,
      path,
      headers,
    });
    const posts = backend("/api/v1/client/posts/?ordering=-created_at&page=1&page_size=12");
    const pages: Page[] = [
      {
        label: "/",
        target: { url: portal.url, path: "/", headers: encoding },
        maxRatio: LIMITS.cpuRatioHome,
        goal: GOALS.cpuRatioHome,
        backends: [],
        share: false,
      },
      {
        label: "/posts",
        target: { url: portal.url, path: "/posts", headers: encoding },
        maxRatio: LIMITS.cpuRatioPosts,
        goal: GOALS.cpuRatioPosts,
        backends: [posts],
        share: true,
      },
      {
        label: "/profile/accounts (signed in)",
        target: { url: portal.url, path: "/profile/accounts", headers: { ...encoding, cookie } },
        maxRatio: LIMITS.cpuRatioAccounts,
        goal: GOALS.cpuRatioAccounts,
        backends: [
          backend("/api/v1/client/users/me/", bearer),
          backend("/api/v1/client/accounts/?ordering=id&page=1&page_size=10", bearer),
        ],
        share: true,
      },
    ];
    const floorTarget: Target = { url: ctx.floor.url, path: "/", headers: encoding };

    // Every answer must be a 200 page before anything is measured.
    for (const target of [floorTarget, ...pages.map((p) => p.target)]) {
      const response = await fetch(`${target.url}${target.path}`, {
        headers: target.headers,
        redirect: "manual",
      });
      if (response.status !== 200)
        throw new Error(`${target.url}${target.path} answered ${response.status}`);
      await response.arrayBuffer();
    }
    progress("warming up…");
    for (const target of [floorTarget, ...pages.map((p) => p.target)])
      await cannon({ ...target, connections: 10, duration: warmup });

    const floorLoaded = empty();
    const loaded = new Map(pages.map((p) => [p.label, empty()]));
    for (let round = 1; round <= rounds; round++) {
      for (const page of pages) {
        progress(`round ${round} of ${rounds}: floor, then ${page.label}…`);
        await loadedRun(floorTarget, ctx.floor.pid, speed, floorLoaded);
        await loadedRun(page.target, portalPid, speed, loaded.get(page.label) as Measured);
      }
    }

    // One connection: latency without queueing, and the Server-Timing header.
    // Measured in alternating rounds like the CPU runs, each target's samples
    // pooled: a moment when the machine runs slower (a shared VM) then weighs
    // on every target alike instead of on whichever page it fell on.
    const oneRound = Math.max(1, Math.round(speed / 2));
    const timingsOf = () => ({ app: [] as number[], backend: [] as number[] });
    const single = async (target: Target, into: Pooled, timings?: ReturnType<typeof timingsOf>) => {
      const run = await cannon({
        ...target,
        connections: 1,
        duration: oneRound,
        samples: true,
        onHeaders: timings
          ? (headers) => {
              const value = headers["server-timing"] ?? "";
              for (const part of value.split(",")) {
                const [name, ...params] = part.trim().split(";");
                const duration = params.find((param) => param.trim().startsWith("dur="));
                if (duration && (name === "app" || name === "backend"))
                  timings[name].push(Number(duration.trim().slice(4)));
              }
            }
          : undefined,
      });
      into.times.push(...run.times);
      if (run.failures.count) into.failures.push(run.failures.text);
    };
    // The 50-connection runs have just loaded the machine themselves: before latency is
    // measured, let the load average settle below the core count (a minute at most), and
    // judge the run by the load then (what else runs here), not by this section's own.
    const cores = os.cpus().length;
    const settleBy = Date.now() + 60_000;
    while (tooBusy(os.loadavg()[0], cores) && Date.now() < settleBy) {
      progress(
        `waiting for the load average (${os.loadavg()[0].toFixed(2)}) to fall below ${cores}…`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const load = os.loadavg()[0];
    const floorPooled = pooled();
    const portalPooled = new Map(pages.map((page) => [page.label, pooled()]));
    const backendPooled = new Map(
      pages.map((page) => [page.label, page.backends.map(() => pooled())]),
    );
    const serverTimings = new Map(pages.map((page) => [page.label, timingsOf()]));
    for (let round = 1; round <= rounds; round++) {
      progress(`one connection, round ${round} of ${rounds}: floor…`);
      await single(floorTarget, floorPooled);
      for (const page of pages) {
        progress(`one connection, round ${round} of ${rounds}: ${page.label}…`);
        await single(
          page.target,
          portalPooled.get(page.label) as Pooled,
          serverTimings.get(page.label),
        );
        // The calls a page makes, run as the portal runs them: side by side; the page waits for the slower.
        const backends = backendPooled.get(page.label) as Pooled[];
        await Promise.all(page.backends.map((b, i) => single(b, backends[i])));
      }
    }
    endProgress();
    const p50 = (m: Pooled) =>
      percentile(
        [...m.times].sort((a, b) => a - b),
        50,
      );
    const floorP50 = p50(floorPooled);
    const singles = new Map(
      pages.map((page) => {
        const timings = serverTimings.get(page.label) as ReturnType<typeof timingsOf>;
        for (const list of Object.values(timings)) list.sort((a, b) => a - b);
        const m = portalPooled.get(page.label) as Pooled;
        return [
          page.label,
          {
            p50: p50(m),
            failures: m.failures,
            app: percentile(timings.app, 50),
            backend: percentile(timings.backend, 50),
          },
        ];
      }),
    );
    const backendP50 = new Map(
      pages
        .filter((page) => page.backends.length > 0)
        .map((page) => [
          page.label,
          Math.max(...(backendPooled.get(page.label) as Pooled[]).map(p50)),
        ]),
    );

    const floorCpu = cpuPerRequest(floorLoaded);
    table(
      [
        "page (rendered)",
        "CPU/req",
        "floor",
        "ratio",
        "limit",
        "goal",
        "50c req/s",
        "floor",
        "ratio",
        "50c p50",
        "50c p99",
        "1c p50",
        "floor 1c p50",
        "ratio",
        "non-2xx/err",
      ],
      pages.map((page) => {
        const m = loaded.get(page.label) as Measured;
        const s = singles.get(page.label);
        return [
          page.label,
          cpuMsText(cpuPerRequest(m)),
          cpuMsText(floorCpu),
          ratioText(ratio(cpuPerRequest(m), floorCpu)),
          page.maxRatio ? `${page.maxRatio}×` : "—",
          page.goal ? `${page.goal}×` : "—",
          int(rps(m)),
          int(rps(floorLoaded)),
          ratioText(ratio(rps(m), rps(floorLoaded))),
          ms(middle(m.p50)),
          ms(Math.max(...m.p99)),
          ms(s?.p50),
          ms(floorP50),
          ratioText(ratio(s?.p50 ?? Number.NaN, floorP50)),
          [...m.failures, ...(s?.failures ?? [])].join("; ") || "0",
        ];
      }),
    );
    note(
      `floor: the minimal React Router app (scripts/bench/floor) on the same stack; its page: ${int(floorLoaded.requests)} requests measured, ` +
        `${cpuMsText(floorCpu)} CPU each, ${int(rps(floorLoaded))} req/s${floorLoaded.failures.length ? `, failures ${floorLoaded.failures.join("; ")}` : ""}.`,
      "CPU/req = the server process's CPU time (all threads: brotli runs on the pool) over the 50-connection runs ÷ pages rendered (2xx);",
      `requests carry a browser's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}); the profile page is signed in as the demo resident.`,
    );

    const busy = tooBusy(load, cores);
    console.log();
    table(
      [
        "page",
        "portal 1c p50",
        "backend 1c p50",
        "portal's own share",
        "ratio to floor's 1c p50",
        "Server-Timing app p50",
        "Server-Timing backend p50",
      ],
      pages.map((page) => {
        const s = singles.get(page.label);
        const backendMs = backendP50.get(page.label) ?? 0;
        return [
          page.label,
          ms(s?.p50),
          `${ms(backendMs)}${page.backends.length > 1 ? ` (${page.backends.length} calls side by side)` : ""}`,
          page.share && s ? ms(s.p50 - backendMs) : "—",
          page.share && s ? ratioText(ratio(s.p50 - backendMs, floorP50)) : "—",
          ms(s?.app),
          ms(s?.backend),
        ];
      }),
    );
    note(
      `own share = portal p50 − backend p50 at 1 connection (${rounds} alternating rounds of ${oneRound} s, samples pooled), the page rendered for the request;`,
      "Server-Timing is taken before the HTML renders.",
      `limits: CPU ${LIMITS.cpuRatioHome}× on /, ${LIMITS.cpuRatioPosts}× on the others, own share ${LIMITS.ownShareRatio}× (they guard against regression);` +
        ` goals: ${GOALS.cpuRatioHome}×, ${GOALS.cpuRatioPosts}×, ${GOALS.ownShareRatio}× (docs/decisions/050).`,
      `Load average ${load.toFixed(2)} on ${cores} core(s)${busy ? ": at or above the core count, so the own-share budget is NOT judged in this run (latency then measures the queue for a core)." : "."}`,
    );

    for (const page of pages) {
      const m = loaded.get(page.label) as Measured;
      const value = cpuPerRequest(m);
      if (page.maxRatio) {
        budgets.add({
          name: `CPU per rendered request, ${page.label}`,
          figure: cpuMsText(value),
          floor: cpuMsText(floorCpu),
          ratio: ratioText(ratio(value, floorCpu)),
          limit: `<= ${page.maxRatio}× floor (goal ${page.goal}×)`,
          verdict: verdict(withinRatio(value, floorCpu, page.maxRatio)),
        });
      }
      if (page.share) {
        const s = singles.get(page.label);
        const share = (s?.p50 ?? Number.NaN) - (backendP50.get(page.label) ?? 0);
        budgets.add({
          name: `Portal's own share at p50, ${page.label}`,
          figure: ms(share),
          floor: ms(floorP50),
          ratio: ratioText(ratio(share, floorP50)),
          limit: `<= ${LIMITS.ownShareRatio}× floor's 1c p50 (goal ${GOALS.ownShareRatio}×)`,
          verdict: busy
            ? "not judged"
            : verdict(withinRatio(share, floorP50, LIMITS.ownShareRatio)),
          reason: busy ? `load ${load.toFixed(2)} ≥ ${cores} cores` : undefined,
        });
      }
    }
    const failures = [...floorLoaded.failures, ...[...loaded.values()].flatMap((m) => m.failures)];
    budgets.add({
      name: "Speed runs: non-2xx / errors",
      figure: failures.join("; ") || "0",
      limit: "0",
      verdict: verdict(failures.length === 0),
    });
  });
}
