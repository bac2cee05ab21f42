// The end-to-end tests: a fresh production build, Chromium, then Playwright
// (JavaScript off and on) against the portal and the backend stand-in
// (and redis-server for the replicas' shared store, nginx for the production shape).
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.js";
import { ensureJava } from "./ensure-java.js";
import { ensureNginx } from "./ensure-nginx.js";
import { ensureRedis } from "./ensure-redis.js";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

process.env.CHROMIUM_PATH = ensureChromium();
// Two portal replicas share a Redis in tests/e2e/replicas.spec.ts.
process.env.REDIS_SERVER_PATH = ensureRedis();
// deploy/nginx.conf in front of two replicas in tests/e2e/production-shape.spec.ts.
process.env.NGINX_PATH = ensureNginx();
// The Nu HTML checker (vnu-jar) in tests/e2e/html.spec.ts.
process.env.JAVA_PATH = ensureJava();
if (!process.argv.includes("--no-build")) run("node", ["scripts/build.js"]);
run("npx", ["playwright", "test", ...process.argv.slice(2).filter((arg) => arg !== "--no-build")]);
