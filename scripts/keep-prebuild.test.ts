import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { cachedPrebuildPath, keepPrebuild } from "./keep-prebuild";

const require = createRequire(import.meta.url);
const sqliteDir = path.dirname(require.resolve("better-sqlite3/package.json"));
const { version } = require("better-sqlite3/package.json") as { version: string };

describe("keep-prebuild: the compiled addon where prebuild-install looks first", () => {
  let temp: string;
  let cacheBefore: string | undefined;
  beforeEach(() => {
    temp = mkdtempSync(path.join(os.tmpdir(), "keep-prebuild-"));
    cacheBefore = process.env.npm_config_cache;
    process.env.npm_config_cache = path.join(temp, "npm-cache");
  });
  afterEach(() => {
    if (cacheBefore === undefined) delete process.env.npm_config_cache;
    else process.env.npm_config_cache = cacheBefore;
    rmSync(temp, { recursive: true, force: true });
  });

  it("names the file prebuild-install asks for: this version, this Node's ABI, platform and architecture, in npm's cache", () => {
    const cached = cachedPrebuildPath(sqliteDir);
    expect(path.dirname(cached)).toBe(path.join(temp, "npm-cache", "_prebuilds"));
    expect(path.basename(cached)).toMatch(
      new RegExp(
        `^[0-9a-f]{6}-better-sqlite3-v${version.replaceAll(".", "\\.")}-node-v${process.versions.modules}-${process.platform}-${process.arch}\\.tar\\.gz$`,
      ),
    );
  });

  it("packs the addon alone under build/Release, and prebuild-install unpacks it into a fresh copy of the package", async () => {
    const fake = path.join(temp, "package");
    mkdirSync(path.join(fake, "build", "Release"), { recursive: true });
    cpSync(path.join(sqliteDir, "package.json"), path.join(fake, "package.json"));
    // The addon this install compiled (or unpacked), and what its build makes for its own tests.
    cpSync(
      path.join(sqliteDir, "build", "Release", "better_sqlite3.node"),
      path.join(fake, "build", "Release", "better_sqlite3.node"),
    );
    writeFileSync(
      path.join(fake, "build", "Release", "test_extension.node"),
      "its tests' extension",
    );
    expect(keepPrebuild(fake)).toMatch(/^better-sqlite3: kept better_sqlite3\.node as /);
    const cached = cachedPrebuildPath(fake);
    expect(execFileSync("tar", ["-tzf", cached], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "build/Release/better_sqlite3.node",
    ]);
    expect(keepPrebuild(fake)).toMatch(/^better-sqlite3: kept already/);

    // prebuild-install's own download step, as `npm install` runs it: it finds the kept file
    // before asking the network, unpacks it into the package and loads the addon to check it.
    const fresh = path.join(temp, "fresh");
    mkdirSync(fresh);
    const download = require("prebuild-install/download") as (
      url: string,
      opts: Record<string, unknown>,
      cb: (err?: Error) => void,
    ) => void;
    const util = require("prebuild-install/util") as {
      getDownloadUrl(opts: Record<string, unknown>): string;
    };
    const pkg = require(path.join(fake, "package.json")) as Record<string, unknown>;
    const opts = {
      ...(require("prebuild-install/rc") as (pkg: unknown) => Record<string, unknown>)(pkg),
      pkg,
      path: fresh,
    };
    await new Promise<void>((resolve, reject) =>
      download(util.getDownloadUrl(opts), opts, (err) => (err ? reject(err) : resolve())),
    );
    expect(readdirSync(path.join(fresh, "build", "Release"))).toEqual(["better_sqlite3.node"]);
  });

  it("keeps nothing when nothing was compiled", () => {
    const fake = path.join(temp, "package");
    mkdirSync(fake, { recursive: true });
    cpSync(path.join(sqliteDir, "package.json"), path.join(fake, "package.json"));
    expect(keepPrebuild(fake)).toBe(
      "better-sqlite3: no compiled addon in build/Release, nothing kept",
    );
  });
});
