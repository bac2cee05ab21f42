// The WebKit walks (tests/webkit): Debian's WebKitGTK MiniBrowser, driven by
// WebKitWebDriver under xvfb-run, against a stack of their own on the production
// build (made here unless --no-build; npm test passes it after the end-to-end stage).
import { spawnSync } from "node:child_process";

import { childrenCpuSeconds } from "./cpu-time";
import { ensureTool } from "./debian-tools";

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

for (const tool of ["webkitDriver", "xvfb", "localeSources"] as const) ensureTool(tool);
const started = Date.now();
if (!process.argv.includes("--no-build")) run("node", ["scripts/build.js"]);
run("npx", [
  "vitest",
  "run",
  "--config",
  "tests/webkit/vitest.config.ts",
  ...process.argv.slice(2).filter((arg) => arg !== "--no-build"),
]);
console.log(
  `WebKit walks: ${Math.round((Date.now() - started) / 1000)} s, ${Math.round(childrenCpuSeconds())} s of CPU.`,
);
