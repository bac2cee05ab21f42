/**
 * `.ci/run`, after `npm install`: keeps each named native addon that npm had
 * to compile (better-sqlite3, the stand-in's database) where prebuild-install
 * looks before it downloads one: npm's cache (`_prebuilds`), as the prebuild
 * of that version for this Node, platform and architecture. This network
 * cannot reach GitHub's release files, so without it every clean install
 * compiles SQLite again: about 80 s of one core. A machine with the file
 * unpacks it instead; one without compiles, as before, and keeps the result.
 *
 * Usage: tsx scripts/keep-prebuild.ts better-sqlite3 [other addons…]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

interface PrebuildUtil {
  getDownloadUrl(opts: Record<string, unknown>): string;
  cachedPrebuild(url: string): string;
}

/** Where prebuild-install would find this addon's prebuild (npm's cache, as `npm_config_cache` names it), computed by prebuild-install itself. */
export function cachedPrebuildPath(packageDir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  const rc = (require("prebuild-install/rc") as (pkg: unknown) => Record<string, unknown>)(pkg);
  const util = require("prebuild-install/util") as PrebuildUtil;
  return util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
}

/** Keeps the addon compiled in `packageDir` as its cached prebuild; says what it did. */
export function keepPrebuild(packageDir: string): string {
  const { name } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
    name: string;
  };
  const cached = cachedPrebuildPath(packageDir);
  if (existsSync(cached)) return `${name}: kept already (${cached})`;
  const release = path.join(packageDir, "build", "Release");
  // The addon itself (better-sqlite3: better_sqlite3.node), not what its build makes for its own tests.
  const own = `${name.replace(/^@[^/]+\//, "").replace(/[^a-zA-Z0-9]/g, "_")}.node`;
  const built = existsSync(release)
    ? readdirSync(release).filter((file) => file.endsWith(".node"))
    : [];
  const binaries = built.includes(own) ? [own] : built;
  if (binaries.length === 0) return `${name}: no compiled addon in build/Release, nothing kept`;
  // What a published prebuild holds: the addon under build/Release, packed with tar and gzip.
  mkdirSync(path.dirname(cached), { recursive: true });
  const partial = `${cached}.partial`;
  execFileSync("tar", [
    "-czf",
    partial,
    "-C",
    packageDir,
    ...binaries.map((file) => path.posix.join("build", "Release", file)),
  ]);
  renameSync(partial, cached);
  return `${name}: kept ${binaries.join(", ")} as ${cached}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const name of process.argv.slice(2)) {
    console.log(
      `keep-prebuild: ${keepPrebuild(path.dirname(require.resolve(`${name}/package.json`)))}`,
    );
  }
}
