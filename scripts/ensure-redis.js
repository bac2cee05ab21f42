// Finds redis-server for the end-to-end tests of several replicas, or
// installs Debian's package when it can (root with apt-get). Prints where it
// is, or says clearly what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureRedis() {
  const candidates = [process.env.REDIS_SERVER_PATH, "/usr/bin/redis-server", "/usr/local/bin/redis-server"];
  let found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    throw new Error(
      "redis-server is needed for the end-to-end tests of several replicas and was not found. Install it (Debian: `sudo apt-get install -y redis-server`) or set REDIS_SERVER_PATH.",
    );
  }
  console.log("Installing Debian's redis-server for the end-to-end tests (one-off)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execSync("apt-get install -y -q redis-server", { stdio: "inherit", env });
  } catch {
    execSync("apt-get update -q && apt-get install -y -q redis-server", { stdio: "inherit", env, shell: "/bin/bash" });
  }
  found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("apt-get installed redis-server but it is not at /usr/bin/redis-server.");
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureRedis());
}
