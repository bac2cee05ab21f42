// 100 connections for a minute (10 s with --quick): visitors and signed-in
// residents side by side; no failure, no error logged, memory flat.
import { budgets, LIMITS, verdict } from "../budgets";
import { cannon, type CannonOptions, type Run } from "../cannon";
import type { Context } from "../context";
import { cpuMsText, heading, int, mb, ms, note, pct, table } from "../output";
import { logs, RESIDENT, signIn } from "../portal";
import { cpuMs, rssKib } from "../proc";

/** The soak's two mixes: visitors on four public pages, residents signed in on two of theirs. */
export const SOAK_MIX = {
  public: ["/", "/posts", "/rates", "/about"],
  signedIn: ["/profile/accounts", "/profile"],
} as const;

export interface MixOptions extends Pick<CannonOptions, "samples" | "timeoutSeconds" | "lateMs"> {
  /** The session cookie: the signed-in mix, with it; the public mix without. */
  cookie?: string;
  /** Called with every answer's status and headers. */
  onResponse?: (status: number, headers: Record<string, string>) => void;
}

/** One of the soak's mixes at `connections` for `duration` seconds. */
export function soakMix(
  portalUrl: string,
  connections: number,
  duration: number,
  { cookie, onResponse, ...options }: MixOptions = {},
): Promise<Run> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return cannon({
    ...options,
    url: portalUrl,
    connections,
    duration,
    headers,
    requests: (cookie ? SOAK_MIX.signedIn : SOAK_MIX.public).map((path) => ({
      path,
      ...(cookie && { headers }),
      ...(onResponse && {
        onResponse: (
          status: number,
          _body: string,
          _context: unknown,
          responseHeaders: Record<string, string>,
        ) => onResponse(status, responseHeaders),
      }),
    })) as CannonOptions["requests"],
  });
}

/** Answers served with a 2xx per second of a run `duration` seconds long. */
export const servedPerSecond = (run: Run, duration: number) => (run.total - run.non2xx) / duration;

export async function soakSection(ctx: Context) {
  const duration = ctx.durations.soak;
  heading(`5. Soak (100 connections for ${duration} s)`);
  const { portalUrl, portalPid: pid } = ctx.stack;
  const cookie = await signIn(portalUrl, RESIDENT);
  const errorsBefore = logs.errors.length;
  const stderrBefore = logs.stderr.length;
  const before = rssKib(pid);
  const cpuBefore = cpuMs(pid);
  // RSS every second: 100 open connections grow the heap once (buffers, more
  // requests in flight), so the flat check starts once the soak is under way.
  const warmAt = Math.max(2, Math.round(duration * 0.15));
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssKib(pid)), 1000);
  const [visitors, residents] = await Promise.all([
    soakMix(portalUrl, 70, duration),
    soakMix(portalUrl, 30, duration, { cookie }),
  ]);
  const cpuUsed = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  const end = rssKib(pid);
  const warm = samples[warmAt - 1] ?? before;
  const peak = Math.max(...samples, end);
  const errorLines = logs.errors.slice(errorsBefore);
  const stderrLines = logs.stderr.slice(stderrBefore);
  const row = (label: string, run: Run) => [
    label,
    int(run.total),
    int(run.rps),
    ms(run.p50),
    ms(run.p99),
    ms(run.max),
    run.failures.text,
  ];
  table(
    ["mix", "requests", "req/s", "p50", "p99", "max", "non-2xx/errors"],
    [
      row("public: / /posts /rates /about (70c)", visitors),
      row("signed in: /profile/accounts /profile (30c)", residents),
    ],
  );
  const total = visitors.total + residents.total;
  ctx.served += total;
  ctx.soakServedPerSecond =
    servedPerSecond(visitors, duration) + servedPerSecond(residents, duration);
  const failed = visitors.failures.count + residents.failures.count;
  const growth = end / warm - 1;
  note(
    `total requests: ${int(total)}, ${int(ctx.soakServedPerSecond)} served (2xx) per second; non-2xx/errors: ${failed}; portal CPU ${cpuMsText(cpuUsed / total)} per request`,
    `error lines logged by the portal: ${errorLines.length}; other stderr lines: ${stderrLines.length}`,
    ...[...errorLines, ...stderrLines].slice(0, 5).map((line) => `  ${line.slice(0, 300)}`),
    `RSS: ${mb(before)} before, ${mb(warm)} after ${warmAt} s, ${mb(peak)} peak, ${mb(end)} at the end` +
      ` (end vs ${warmAt} s: ${pct(growth)}; end vs before: ${pct(end / before - 1)})`,
  );
  budgets.add({
    name: "Soak: non-2xx / errors",
    figure: `${failed} of ${int(total)}${failed ? ` (${visitors.failures.text}; ${residents.failures.text})` : ""}`,
    limit: "0",
    verdict: verdict(failed === 0),
  });
  // A timed-out request has no latency: it counts among the failures above.
  for (const [label, run] of [
    ["signed out", visitors],
    ["signed in", residents],
  ] as const) {
    budgets.add({
      name: `Soak: p99 / slowest, ${label}`,
      figure: `${ms(run.p99)} / ${ms(run.max)}`,
      limit: `p99 <= ${ms(LIMITS.soakP99Ms)}, none over ${ms(LIMITS.soakMaxMs)}`,
      verdict: verdict(
        run.p99 <= LIMITS.soakP99Ms && run.max <= LIMITS.soakMaxMs && run.failures.count === 0,
      ),
    });
  }
  budgets.add({
    name: "Soak: error lines logged",
    figure: String(errorLines.length),
    limit: "0",
    verdict: verdict(errorLines.length === 0),
  });
  budgets.add({
    name: `Soak: RSS flat (${warmAt} s in → end)`,
    figure: `${mb(warm)} → ${mb(end)} (${pct(growth)})`,
    limit: `within ${LIMITS.memoryGrowth * 100}%`,
    verdict: verdict(Math.abs(growth) <= LIMITS.memoryGrowth),
  });
}
