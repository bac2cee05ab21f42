// autocannon runs, summarised: requests per second, latency, failures.
import autocannon from "autocannon";

import { percentile } from "./budgets";

export interface Failures {
  count: number;
  text: string;
}

export interface Run {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  /** The slowest response (ms). */
  max: number;
  failures: Failures;
  /** Every response time, sorted (with `samples`): runs can be pooled. */
  times: number[];
  /** The same, by status code (with `samples`). */
  byStatus: Map<number, number[]>;
  /** Requests autocannon gave up on after its timeout. */
  timeouts: number;
  /** Answers with a status other than 2xx. */
  non2xx: number;
  /** For each answer slower than `lateMs` (with `samples`): when its request was sent, in seconds into the run. */
  lateSentAt: number[];
}

export interface Target {
  url: string;
  path?: string;
  headers?: Record<string, string>;
}

/** Non-2xx answers and errors of a run ("0" when clean). */
export function describeFailures(result: autocannon.Result, timeoutSeconds = 20): Failures {
  const parts: string[] = [];
  const stats =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats ?? {};
  for (const [code, { count }] of Object.entries(stats)) {
    if (!code.startsWith("2")) parts.push(`${count}×${code}`);
  }
  // autocannon counts timeouts among the errors.
  if (result.errors)
    parts.push(
      `${result.errors} error(s)${result.timeouts ? `, ${result.timeouts} of them timeouts (> ${timeoutSeconds} s)` : ""}`,
    );
  return { count: result.non2xx + result.errors, text: parts.length ? parts.join(" ") : "0" };
}

export interface CannonOptions extends Target {
  connections: number;
  duration?: number;
  amount?: number;
  requests?: autocannon.Request[];
  /** Keep every response time (autocannon's own histogram has 1 ms resolution, too coarse at 1 connection). */
  samples?: boolean;
  /** Called with each response's headers (flat array name, value, name, value…). */
  onHeaders?: (headers: Record<string, string>) => void;
  /** How long a request may take before autocannon counts it a timeout (an error). */
  timeoutSeconds?: number;
  /** An answer slower than this (ms) has its request's sending time kept (`lateSentAt`). */
  lateMs?: number;
}

export async function cannon(options: CannonOptions): Promise<Run> {
  const {
    url,
    path = "/",
    headers = {},
    connections,
    duration,
    amount,
    requests,
    samples,
    onHeaders,
    timeoutSeconds = 20,
    lateMs = Infinity,
  } = options;
  const settings: autocannon.Options = {
    url: url + path,
    connections,
    headers,
    timeout: timeoutSeconds,
  };
  // autocannon validates what is present: either a duration or an amount.
  if (amount !== undefined) settings.amount = amount;
  else settings.duration = duration;
  if (requests) settings.requests = requests;
  else if (onHeaders) {
    settings.requests = [
      {
        path,
        onResponse: (
          _status: number,
          _body: string,
          _context: unknown,
          responseHeaders: Record<string, string>,
        ) => onHeaders(responseHeaders),
      } as autocannon.Request,
    ];
  }
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon(settings) as unknown as autocannon.Instance &
    Promise<autocannon.Result>;
  const started = performance.now();
  const times: number[] = [];
  const byStatus = new Map<number, number[]>();
  const lateSentAt: number[] = [];
  if (samples)
    instance.on(
      "response",
      (_client: unknown, status: number, _bytes: number, responseTime: number) => {
        times.push(responseTime);
        if (responseTime > lateMs)
          lateSentAt.push((performance.now() - responseTime - started) / 1000);
        const list = byStatus.get(status) ?? [];
        list.push(responseTime);
        byStatus.set(status, list);
      },
    );
  const result = await instance;
  times.sort((a, b) => a - b);
  for (const list of byStatus.values()) list.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: samples ? percentile(times, 50) : result.latency.p50,
    p99: samples ? percentile(times, 99) : result.latency.p99,
    max: samples ? (times.at(-1) ?? Number.NaN) : result.latency.max,
    failures: describeFailures(result, timeoutSeconds),
    times,
    byStatus,
    timeouts: result.timeouts ?? 0,
    non2xx: result.non2xx,
    lateSentAt,
  };
}
