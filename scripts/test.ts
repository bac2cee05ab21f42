// The one test command (README, CI): the lint (ESLint and Prettier's check), unit tests, the
// backend contract suite and the production build side by side, then the end-to-end suite on that
// build with the Firefox and the WebKit walks beside it. Stops at the first failing stage, and
// gives each stage's wall time and the CPU time it and its children took.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { childrenCpuSeconds } from "./cpu-time";

type Stage = [name: string, command: string, args: string[]];

// The suites do not keep both cores busy (the contract suite runs its files one after another
// against one stand-in): side by side the three ended after 33–35 s here, where the two suites
// took about 30 s and the build 25 s more after them (decisions 041 and 043). Nothing in the first
// two reads the build.
const first: Stage[] = [
  ["unit tests", "npx", ["vitest", "run"]],
  [
    "contract tests (backend stand-in)",
    "npx",
    ["vitest", "run", "--config", "backend/vitest.config.ts"],
  ],
  ["production build", "node", ["scripts/build.js"]],
  ["lint (ESLint, Prettier)", "npm", ["run", "lint"]],
];
const e2e: Stage = [
  "end-to-end tests (Playwright, JavaScript off and on)",
  "npx",
  ["tsx", "scripts/e2e.ts", "--no-build"],
];
// Each engine's walk waits on its browser most of the time (one page at a time, a stack of its
// own), and so does most of the end-to-end suite (its three workers used 475 s of CPU in 600 s on
// two cores): the walks run beside it from its start and end within two minutes, long before its
// production-shape project, which must run alone (decision 048).
const engines: Stage[] = [
  [
    "Firefox walks (Firefox ESR over WebDriver BiDi)",
    "npx",
    ["tsx", "scripts/firefox-smoke.ts", "--no-build"],
  ],
  [
    "WebKit walks (WebKitGTK's MiniBrowser over WebDriver)",
    "npx",
    ["tsx", "scripts/webkit-walk.ts", "--no-build"],
  ],
];

const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);
const childrenCpu = childrenCpuSeconds;
const cpuSince = (since: number) => `${Math.round(childrenCpu() - since)} s of CPU`;
const scratch = mkdtempSync(path.join(tmpdir(), "portal-test-"));

/** Runs in the background, its output in a file (shown when it is done, not between other lines). */
function background(name: string, command: string, args: string[]) {
  const log = path.join(scratch, `${name.replace(/\W+/g, "-")}.log`);
  const output = openSync(log, "w");
  const child = spawn(command, args, { stdio: ["ignore", output, output] });
  const started = Date.now();
  let took = 0;
  const done = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      took = seconds(started);
      resolve(code);
    });
    child.on("error", () => resolve(null));
  });
  return { child, done, took: () => took, output: () => readFileSync(log, "utf8") };
}

// The browser stages' Debian programs install meanwhile: the tests leave the network and the disk to it.
const tools = background("tools", "npx", ["tsx", "scripts/install-tools.ts"]);
const stop = (status: number) => {
  tools.child.kill();
  process.exit(status);
};

const firstStarted = Date.now();
const firstCpu = childrenCpu();
const running = first.map(([name, command, args]) => ({
  name,
  ...background(name, command, args),
}));
let failed = 0;
for (const stage of running) {
  const code = await stage.done;
  console.log(`\n=== ${stage.name} ===\n${stage.output()}`);
  console.log(
    `=== ${stage.name}: ${code === 0 ? "passed" : "FAILED"} (${seconds(firstStarted)} s since the first stage started) ===`,
  );
  if (code !== 0) failed = code ?? 1;
}
console.log(`=== first stages: ${seconds(firstStarted)} s, ${cpuSince(firstCpu)} ===`);
if (failed) stop(failed);

const toolsCode = await tools.done;
const said = tools.output().trim().split("\n");
console.log(
  `\n=== Debian programs for the browser stages: ${toolsCode === 0 ? said.at(-1) : "FAILED (each stage tries its own again)"} (${seconds(started)} s since the start) ===`,
);
if (toolsCode !== 0) console.log(said.slice(-20).join("\n"));

const walksStarted = Date.now();
const walksCpu = childrenCpu();
const walking = engines.map(([name, command, args]) => ({
  name,
  ...background(name, command, args),
}));
{
  const [name, command, args] = e2e;
  console.log(`\n=== ${name} (the walks beside it, their output after it) ===`);
  // Not spawnSync: the walks' ends are read while it runs.
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => resolve(code));
    child.on("error", () => resolve(null));
  });
  console.log(
    `=== ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds(walksStarted)} s ===`,
  );
  if (status !== 0) failed = status ?? 1;
}
for (const stage of walking) {
  const code = await stage.done;
  console.log(`\n=== ${stage.name} ===\n${stage.output()}`);
  console.log(`=== ${stage.name}: ${code === 0 ? "passed" : "FAILED"} in ${stage.took()} s ===`);
  if (code !== 0) failed = code ?? 1;
}
console.log(
  `=== end-to-end tests and walks: ${seconds(walksStarted)} s, ${cpuSince(walksCpu)} ===`,
);
if (failed) stop(failed);
console.log(`\nAll tests passed in ${seconds(started)} s.`);
