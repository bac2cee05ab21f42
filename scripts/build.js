// The production build, made so that a running portal never has its files
// replaced under it (docs/decisions/010-operations.md):
//
//   1. React Router builds into a new folder, .builds/<time>-<fingerprint>/
//      (react-router.config.ts reads PORTAL_BUILD_DIR);
//   2. the folder gets fingerprint.json: a hash of every build input;
//   3. build/ becomes a symbolic link to it: a new link is made beside it and
//      renamed over build/ (rename(2) is atomic: build/ is always whole);
//   4. the oldest folders go, the newest KEEP_BUILDS stay (a portal started
//      from one of them keeps serving its own assets: server/app.ts finds them
//      next to its own module, not through build/).
//
// `node scripts/build.js` always builds; `--if-changed` only when the sources
// differ from the current build's fingerprint (what `npm start` does).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildServiceWorker } from "./build-sw.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What the build reads. content/ is not here: the portal reads it at run time. */
const INPUTS = [
  "app",
  "server",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "package-lock.json",
  "tsconfig.json",
  "scripts/build-sw.js",
  "scripts/locales-version.js",
  "scripts/chunks",
  "scripts/compress",
  "scripts/build-warnings.ts",
];
const BUILDS = path.join(root, ".builds");
const LINK = path.join(root, "build");
const STAMP = "fingerprint.json";
const KEEP_BUILDS = 3;

/** The sources are here (a checkout); the Docker image has only the build. */
export function hasSources() {
  return (
    fs.existsSync(path.join(root, "app", "routes.ts")) &&
    fs.existsSync(path.join(root, "vite.config.ts"))
  );
}

function listFiles(relative) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(full)
    .filter((name) => name !== ".DS_Store")
    .sort()
    .flatMap((name) => listFiles(path.join(relative, name)));
}

/** sha256 over the names and contents of every build input, in a fixed order. */
export function sourceFingerprint() {
  const hash = crypto.createHash("sha256");
  for (const file of INPUTS.flatMap(listFiles)) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  // The chunking switch changes the build as much as a source does (scripts/chunks).
  hash.update(`PORTAL_CHUNKS=${process.env.PORTAL_CHUNKS ?? ""}`);
  return hash.digest("hex");
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(path.join(LINK, STAMP), "utf8"));
  } catch {
    return null;
  }
}

/** True when build/ was made by this script from sources identical to today's. */
export function buildIsCurrent(fingerprint = sourceFingerprint()) {
  const stamp = readStamp();
  if (!stamp || stamp.fingerprint !== fingerprint) return false;
  // A plain `react-router build` since then rewrote what the stamp vouches for.
  const server = fs.statSync(path.join(LINK, "server", "index.js"), { throwIfNoEntry: false });
  return server?.mtimeMs === stamp.serverMtimeMs;
}

function swapLink(target) {
  const current = fs.lstatSync(LINK, { throwIfNoEntry: false });
  // A build/ folder from a plain `react-router build` is moved aside, once.
  if (current && !current.isSymbolicLink())
    fs.renameSync(LINK, path.join(BUILDS, `${stampName()}-moved`));
  const temporary = `${LINK}.${process.pid}.link`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(root, target), temporary, "junction");
  fs.renameSync(temporary, LINK);
}

function stampName() {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

function prune(current) {
  const folders = fs
    .readdirSync(BUILDS)
    .map((name) => path.join(BUILDS, name))
    .filter((folder) => folder !== current && fs.statSync(folder).isDirectory())
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const folder of folders.slice(KEEP_BUILDS - 1))
    fs.rmSync(folder, { recursive: true, force: true });
}

/** Builds into a new folder and points build/ at it. Throws when the build fails. */
export async function build({ fingerprint = sourceFingerprint(), log = console.log } = {}) {
  fs.mkdirSync(BUILDS, { recursive: true });
  const target = path.join(BUILDS, `${stampName()}-${fingerprint.slice(0, 12)}-${process.pid}`);
  log(`Building the portal into ${path.relative(root, target)}…`);
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", PORTAL_BUILD_DIR: path.relative(root, target) },
  });
  if (result.status !== 0) {
    fs.rmSync(target, { recursive: true, force: true });
    throw new Error(`the production build failed (exit code ${result.status})`);
  }
  const worker = await buildServiceWorker(target);
  log(`service worker: ${worker.count} files precached (${Math.round(worker.size / 1024)} KB)`);
  const serverMtimeMs = fs.statSync(path.join(target, "server", "index.js")).mtimeMs;
  fs.writeFileSync(
    path.join(target, STAMP),
    `${JSON.stringify({ fingerprint, serverMtimeMs, builtAt: new Date().toISOString(), chunks: process.env.PORTAL_CHUNKS || "first-visit" }, null, 2)}\n`,
  );
  swapLink(target);
  prune(target);
  log(`build/ -> ${path.relative(root, target)}`);
}

/** `npm start`: build only when the sources changed since the last build. */
export async function buildIfChanged({ log = console.log } = {}) {
  const fingerprint = sourceFingerprint();
  if (buildIsCurrent(fingerprint)) return false;
  await build({ fingerprint, log });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes("--if-changed")) {
      if (!(await buildIfChanged())) console.log("The build is up to date with the sources.");
    } else {
      await build();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
