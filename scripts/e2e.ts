// The end-to-end tests: a fresh production build, Chromium's headless shell,
// then Playwright (JavaScript off and on) against the portal and the backend
// stand-in (and redis-server for the replicas' shared store, nginx for the
// production shape, Java for the Nu checker).
import { spawnSync } from "node:child_process";

import { ensureTool } from "./debian-tools";

/** Playwright's headless build; where Debian's package cannot be had, the whole browser runs the same tests, more slowly. */
function headlessChromium() {
  try {
    return ensureTool("chromiumHeadlessShell");
  } catch (error) {
    console.warn(
      `${(error as Error).message}\nThe end-to-end tests run in the whole Chromium instead.`,
    );
    return ensureTool("chromium");
  }
}

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

process.env.CHROMIUM_HEADLESS_SHELL_PATH = headlessChromium();
// Two portal replicas share a Redis in tests/e2e/replicas.spec.ts.
process.env.REDIS_SERVER_PATH = ensureTool("redis");
// deploy/nginx.conf in front of two replicas in tests/e2e/production-shape.spec.ts.
process.env.NGINX_PATH = ensureTool("nginx");
// The Nu HTML checker (vnu-jar) in tests/e2e/html.spec.ts.
process.env.JAVA_PATH = ensureTool("java");
if (!process.argv.includes("--no-build")) run("node", ["scripts/build.js"]);
run("npx", ["playwright", "test", ...process.argv.slice(2).filter((arg) => arg !== "--no-build")]);
