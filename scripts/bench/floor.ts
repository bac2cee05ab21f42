// The floor: the minimal React Router app in floor/ (same versions, same
// server stack as the portal), built once per change of its sources or of
// package-lock.json, and served on a free port for the run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { freePort } from "../../tests/support/stack.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const floorDir = path.join(here, "floor");
const root = path.resolve(here, "../..");
const buildDir = path.join(floorDir, "build");
const stampFile = path.join(buildDir, "fingerprint.txt");

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== "build" && entry.name !== ".react-router")
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

/** sha256 over the floor's sources and the lock file (the versions it is built with). */
export function floorFingerprint(): string {
  const hash = crypto.createHash("sha256");
  for (const file of [
    ...files(floorDir),
    path.join(root, "scripts/compress/zopfli-gzip.js"),
    path.join(root, "package-lock.json"),
  ]) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Builds floor/ unless its build is of the same sources; returns whether it built. */
export function ensureFloorBuild({ force = false, log = console.log } = {}): boolean {
  const fingerprint = floorFingerprint();
  if (
    !force &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, "utf8").trim() === fingerprint
  )
    return false;
  log("Building the floor (scripts/bench/floor, react-router build)…");
  fs.rmSync(buildDir, { recursive: true, force: true });
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: floorDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`the floor's build failed (exit code ${result.status})`);
  fs.writeFileSync(stampFile, `${fingerprint}\n`);
  return true;
}

export interface Floor {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Serves the built floor on a free port (BENCH_FLOOR_PORT when set, for a machine whose ports are
 * shared out), as the portal is served (NODE_ENV=production).
 */
export async function startFloor(): Promise<Floor> {
  const port = Number(process.env.BENCH_FLOOR_PORT) || (await freePort());
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, "server", "index.js")], {
    cwd: floorDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the floor exited with code ${child.exitCode}`);
    if (Date.now() - started > 30_000) throw new Error(`the floor did not answer at ${url}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
