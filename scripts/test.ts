// The one test command (README, CI): unit tests, the backend contract suite,
// the end-to-end suite, then the Firefox smoke suite on the build the
// end-to-end stage made. Stops at the first failing stage.
import { spawnSync } from "node:child_process";

const stages: [name: string, command: string, args: string[]][] = [
  ["unit tests", "npx", ["vitest", "run"]],
  ["contract tests (backend stand-in)", "npx", ["vitest", "run", "--config", "backend/vitest.config.ts"]],
  ["end-to-end tests (Playwright, JavaScript off and on)", "npx", ["tsx", "scripts/e2e.ts"]],
  ["Firefox smoke tests (Firefox ESR over WebDriver BiDi)", "npx", ["tsx", "scripts/firefox-smoke.ts", "--no-build"]],
];

const started = Date.now();
for (const [name, command, args] of stages) {
  console.log(`\n=== ${name} ===`);
  const stageStart = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  console.log(`=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - stageStart) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nAll tests passed in ${Math.round((Date.now() - started) / 1000)} s.`);
