// The end-to-end tests: a fresh production build, Chromium, then Playwright
// (JavaScript off and on) against the portal and the backend stand-in.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.js";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

process.env.CHROMIUM_PATH = ensureChromium();
if (!process.argv.includes("--no-build")) run("node", ["scripts/build.js"]);
run("npx", ["playwright", "test", ...process.argv.slice(2).filter((arg) => arg !== "--no-build")]);
