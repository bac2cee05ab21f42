// What a busy refusal costs the portal's process in CPU: a stack whose admission waits 50 ms at
// most, first a few connections that are all served (the CPU of a served page), then a flood
// that is mostly refused; the flood's CPU less its served pages' is the refusals'. The CPU is
// the process's, every thread (brotli and gzip run on libuv's pool), from /proc/<pid>/stat.
//
//   nice -n 10 npx tsx scripts/bench/refusal-cpu.ts [--connections=300] [--seconds=15] [--plain]
//
// --plain sends autocannon's bare headers, as the bench's busy section does; otherwise a
// browser's (Accept: text/html, Accept-Encoding with br, Accept-Language).
import os from "node:os";

import { startStack } from "../../tests/support/stack.js";
import { cannon, type Run } from "./cannon";
import { cpuMs, settle } from "./proc";
import { SOAK_MIX } from "./sections/soak";

const BROWSER = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36",
};

function option(name: string, fallback: number) {
  const arg = process.argv.find((each) => each.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
}

const count = (run: Run, status: number) => run.byStatus.get(status)?.length ?? 0;
const load = () =>
  os
    .loadavg()
    .map((each) => each.toFixed(2))
    .join(" ");

async function measure(url: string, pid: number, connections: number, seconds: number) {
  const headers = process.argv.includes("--plain") ? {} : BROWSER;
  const before = cpuMs(pid);
  const run = await cannon({
    url,
    connections,
    duration: seconds,
    samples: true,
    // Longer than the flood: a started request is served and counted, never given up on.
    timeoutSeconds: 60,
    requests: SOAK_MIX.public.map((path) => ({ path, headers })),
  });
  return { cpu: cpuMs(pid) - before, served: count(run, 200), refused: count(run, 503), run };
}

const connections = option("connections", 300);
const seconds = option("seconds", 15);

const stack = await startStack({
  portalEnv: {
    ADMISSION_MAX_WAIT_MS: "50",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  },
  portalPort: option("port", 3561),
  backendPort: option("backend-port", 8561),
  // The log lines are written (the portal's cost) and read here, but not printed.
  onPortalLog: () => {},
});
try {
  const pid = stack.portalPid!;
  await measure(stack.portalUrl, pid, 4, 3);
  await settle(1000);
  console.log(`load average before: ${load()}`);
  const calm = await measure(stack.portalUrl, pid, 4, 8);
  const perServed = calm.served > 0 ? calm.cpu / calm.served : 0;
  await settle(1000);
  const flood = await measure(stack.portalUrl, pid, connections, seconds);
  console.log(`load average after: ${load()}`);
  const perRefused = (flood.cpu - flood.served * perServed) / flood.refused;
  console.log(
    JSON.stringify({
      headers: process.argv.includes("--plain") ? "plain" : "browser",
      calm: { served: calm.served, refused: calm.refused, cpuMs: calm.cpu, perServed },
      flood: {
        connections,
        seconds,
        served: flood.served,
        refused: flood.refused,
        others: flood.run.total - flood.served - flood.refused,
        errors: flood.run.failures.text,
        cpuMs: flood.cpu,
        refusedPerSecond: flood.refused / seconds,
      },
      cpuMsPerRefusal: Number(perRefused.toFixed(3)),
    }),
  );
} finally {
  await stack.stop();
}
