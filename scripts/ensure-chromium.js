// Finds Chromium for Playwright, or installs Debian's package when it can
// (root with apt-get). Prints where it is, or says clearly what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  let found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    throw new Error(
      "Chromium is needed for the end-to-end tests and was not found. Install it (Debian: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH.",
    );
  }
  console.log("Installing Debian's chromium for the end-to-end tests (one-off)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execSync("apt-get install -y -q chromium", { stdio: "inherit", env });
  } catch {
    execSync("apt-get update -q && apt-get install -y -q chromium", { stdio: "inherit", env, shell: "/bin/bash" });
  }
  found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("apt-get installed chromium but it is not at /usr/bin/chromium.");
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
