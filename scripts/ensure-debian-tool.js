// Finds a program the tests need (Chromium, redis-server, Java), or installs
// its Debian package when it can (root with apt-get). Returns its path, or
// throws saying clearly what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * @param {{ name: string, debianPackage: string, envVar: string, paths: string[], purpose: string }} tool
 */
export function ensureDebianTool({ name, debianPackage, envVar, paths, purpose }) {
  const candidates = [process.env[envVar], ...paths];
  let found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    throw new Error(
      `${name} is needed ${purpose} and was not found. Install it (Debian: \`sudo apt-get install -y ${debianPackage}\`) or set ${envVar}.`,
    );
  }
  console.log(`Installing Debian's ${debianPackage} ${purpose} (one-off)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execSync(`apt-get install -y -q ${debianPackage}`, { stdio: "inherit", env });
  } catch {
    execSync(`apt-get update -q && apt-get install -y -q ${debianPackage}`, { stdio: "inherit", env, shell: "/bin/bash" });
  }
  found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error(`apt-get installed ${debianPackage} but ${name} is not at ${paths[0]}.`);
  return found;
}
