// `npm run bench`: the portal's performance budgets in one run, against its
// production build and the backend stand-in on loopback (a stack of its own on
// free ports, fresh demo data), beside the floor: a minimal React Router app of
// the same versions on the same server stack (scripts/bench/floor). Sections:
// weight, speed, slow network, memory, soak, oversized bodies, replicas,
// Lighthouse, the service worker's install on a slow link, the busy hour (last:
// it heats the process the others measure). Ends with the table of budgets
// (docs/benchmark.md).
//
//   npm run bench -- [--quick] [--strict] [--build] [--only=weight,speed,…]
//     --quick   shorter runs (development)
//     --strict  exit 1 when a budget fails
//     --build   rebuild the portal and the floor even if their builds are current
//     --only    run only these sections
//   BENCH_PORTAL_PORT, BENCH_BACKEND_PORT, BENCH_FLOOR_PORT: the main stack's and the floor's
//   ports (free ones otherwise)
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startStack } from "../../tests/support/stack.js";
import { budgets } from "./budgets";
import {
  durationsFor,
  parseOptions,
  running,
  type Context,
  type Options,
  type Section,
} from "./context";
import { ensureFloorBuild, startFloor } from "./floor";
import { heading, table } from "./output";
import { ADMIN, ensurePortalBuild, firstId, logs, onPortalLog, RESIDENT, signIn } from "./portal";
import { bodiesSection } from "./sections/bodies";
import { busySection } from "./sections/busy";
import { lighthouseSection } from "./sections/lighthouse";
import { memorySection } from "./sections/memory";
import { replicasSection } from "./sections/replicas";
import { slowNetworkSection } from "./sections/slow";
import { soakSection } from "./sections/soak";
import { speedSection } from "./sections/speed";
import { weightSection } from "./sections/weight";
import { workerSection } from "./sections/worker";

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));

const sections: Record<Section, (ctx: Context) => Promise<void>> = {
  weight: weightSection,
  speed: speedSection,
  slow: slowNetworkSection,
  memory: memorySection,
  soak: soakSection,
  bodies: bodiesSection,
  replicas: replicasSection,
  lighthouse: lighthouseSection,
  worker: workerSection,
  busy: busySection,
};

const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main(options: Options): Promise<number> {
  await ensurePortalBuild(options.build);
  ensureFloorBuild({ force: options.build });
  console.log(
    `Portal benchmark${options.quick ? " (--quick)" : ""}: Node ${process.version}, ${os.cpus().length} core(s), load average ${loadText()}` +
      "\nautocannon, the portal, the floor and the stand-in share this machine: budgets are ratios to the floor where they can be.",
  );
  const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const stack = await startStack({
    onPortalLog,
    portalPort: port("BENCH_PORTAL_PORT"),
    backendPort: port("BENCH_BACKEND_PORT"),
  });
  const floor = await startFloor().catch(async (error) => {
    await stack.stop();
    throw error;
  });
  const stop = async () => {
    for (const started of running) await started.stop().catch(() => {});
    await floor.stop();
    await stack.stop();
  };
  // Ctrl-C must not leave the portal, the floor and the stand-in running.
  const interrupted = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(
      `Stack: portal ${stack.portalUrl} (pid ${stack.portalPid}), stand-in ${stack.backendUrl}, floor ${floor.url} (pid ${floor.pid})`,
    );
    const ctx: Context = {
      options,
      durations: durationsFor(options.quick),
      stack: {
        portalUrl: stack.portalUrl,
        backendUrl: stack.backendUrl,
        portalPid: stack.portalPid as number,
        backendPid: stack.backendPid as number,
      },
      floor,
      residentCookie: await signIn(stack.portalUrl, RESIDENT),
      adminCookie: await signIn(stack.portalUrl, ADMIN),
      postId: await firstId(stack.backendUrl, "posts"),
      served: 0,
    };
    for (const [name, run] of Object.entries(sections) as [
      Section,
      (ctx: Context) => Promise<void>,
    ][]) {
      if (options.only.has(name)) await run(ctx);
    }

    heading("Budgets");
    table(["budget", "figure", "floor", "ratio", "limit", "result"], budgets.rows());
    for (const b of budgets.all.filter((x) => x.reason))
      console.log(`  ${b.name}: not judged (${b.reason})`);
    const failed = budgets.failed().length;
    console.log(
      `\n${failed === 0 ? "All judged budgets hold." : `${failed} of ${budgets.all.length} budget(s) FAIL.`}` +
        ` Portal error lines logged in the whole run: ${logs.errors.length}. Load average at the end: ${loadText()}.`,
    );
    return failed;
  } finally {
    await stop();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
}

let options: Options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
try {
  const failed = await main(options);
  process.exit(options.strict && failed > 0 ? 1 : 0);
} catch (error) {
  console.error(`\nThe benchmark crashed: ${error instanceof Error ? error.stack : error}`);
  if (logs.errors.length) console.error(`Portal error lines:\n${logs.errors.slice(-5).join("\n")}`);
  process.exit(2);
}
