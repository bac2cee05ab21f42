// The one test command (README, CI): unit tests, the backend contract suite,
// the end-to-end suite, then the Firefox smoke suite on the build the
// end-to-end stage made. Stops at the first failing stage.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const stages: [name: string, command: string, args: string[]][] = [
  ["unit tests", "npx", ["vitest", "run"]],
  ["contract tests (backend stand-in)", "npx", ["vitest", "run", "--config", "backend/vitest.config.ts"]],
  ["end-to-end tests (Playwright, JavaScript off and on)", "npx", ["tsx", "scripts/e2e.ts"]],
  ["Firefox smoke tests (Firefox ESR over WebDriver BiDi)", "npx", ["tsx", "scripts/firefox-smoke.ts", "--no-build"]],
];
/** The browser stages' programs install while the first two stages run (scripts/install-tools.ts). */
const browserStages = 2;

const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

// Its output goes to a file, not between the unit tests' lines; it is shown if it fails.
const log = path.join(mkdtempSync(path.join(tmpdir(), "portal-tools-")), "install.log");
const output = openSync(log, "w");
const tools = spawn("npx", ["tsx", "scripts/install-tools.ts"], { stdio: ["ignore", output, output] });
const toolsDone = new Promise<number | null>((resolve) => {
  tools.on("exit", (code) => resolve(code));
  tools.on("error", () => resolve(null));
});

for (const [index, [name, command, args]] of stages.entries()) {
  if (index === browserStages) {
    const code = await toolsDone;
    const said = readFileSync(log, "utf8").trim().split("\n");
    console.log(`\n=== Debian programs for the browser stages, beside the tests before: ${code === 0 ? said.at(-1) : "FAILED (each stage tries its own again)"} (${seconds(started)} s since the start) ===`);
    if (code !== 0) console.log(said.slice(-20).join("\n"));
  }
  console.log(`\n=== ${name} ===`);
  const stageStart = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  console.log(`=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${seconds(stageStart)} s ===`);
  if (result.status !== 0) {
    tools.kill();
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll tests passed in ${seconds(started)} s.`);
