import { describe, expect, test } from "vitest";

import { ensureTool, findTool, installTools, type System } from "./debian-tools";

/** A machine with these files, this environment, and apt-get when root: what it ran is in `commands`. */
function machine({
  files = [] as string[],
  env = {} as Record<string, string>,
  root = true,
  failFirstInstall = false,
  installs = [] as string[],
} = {}) {
  const present = new Set(files);
  const commands: string[] = [];
  const system: System = {
    env,
    exists: (path) => present.has(path),
    canInstall: () => root,
    run: (command) => {
      commands.push(command);
      if (failFirstInstall && commands.length === 1) throw new Error("E: Unable to locate package");
      for (const path of installs) present.add(path);
    },
  };
  return { system, commands };
}

describe("finding a program", () => {
  test("the variable's copy comes first, then the package's paths in order", () => {
    const { system } = machine({
      files: ["/opt/redis", "/usr/bin/redis-server", "/usr/local/bin/redis-server"],
      env: { REDIS_SERVER_PATH: "/opt/redis" },
    });
    expect(findTool("redis", system)).toBe("/opt/redis");
    expect(
      findTool(
        "redis",
        machine({ files: ["/usr/local/bin/redis-server", "/usr/bin/redis-server"] }).system,
      ),
    ).toBe("/usr/bin/redis-server");
  });

  test("a variable naming a missing file is passed over", () => {
    const { system } = machine({
      files: ["/usr/bin/firefox-esr"],
      env: { FIREFOX_PATH: "/nowhere/firefox" },
    });
    expect(findTool("firefox", system)).toBe("/usr/bin/firefox-esr");
  });

  test("nothing found is undefined, and nothing is installed", () => {
    const { system, commands } = machine();
    expect(findTool("nginx", system)).toBeUndefined();
    expect(commands).toEqual([]);
  });
});

describe("ensuring a program", () => {
  test("one that is there is not installed again", () => {
    const { system, commands } = machine({ files: ["/usr/bin/chromium-headless-shell"] });
    expect(ensureTool("chromiumHeadlessShell", system)).toBe("/usr/bin/chromium-headless-shell");
    expect(commands).toEqual([]);
  });

  test("root installs the Debian package, then finds it", () => {
    const { system, commands } = machine({ installs: ["/usr/bin/java"] });
    expect(ensureTool("java", system)).toBe("/usr/bin/java");
    expect(commands).toEqual(["apt-get install -y -q default-jre-headless"]);
  });

  test("package lists too old for the package are updated once, then it is installed", () => {
    const { system, commands } = machine({ failFirstInstall: true, installs: ["/usr/sbin/nginx"] });
    expect(ensureTool("nginx", system)).toBe("/usr/sbin/nginx");
    expect(commands).toEqual([
      "apt-get install -y -q nginx",
      "apt-get update -q && apt-get install -y -q nginx",
    ]);
  });

  test("without root it says what to install and which variable to set", () => {
    const { system, commands } = machine({ root: false });
    expect(() => ensureTool("firefox", system)).toThrow(
      "Firefox is needed for the Firefox smoke tests and was not found. Install it (Debian: `sudo apt-get install -y firefox-esr`) or set FIREFOX_PATH.",
    );
    expect(commands).toEqual([]);
  });

  test("a package that installs nothing where it should is an error, not a missing path later", () => {
    const { system } = machine();
    expect(() => ensureTool("chromium", system)).toThrow(
      "apt-get installed chromium but Chromium is not at /usr/bin/chromium.",
    );
  });
});

describe("installing the test stages' programs ahead", () => {
  test("the missing ones in one apt-get run; the ones there are not named", () => {
    const { system, commands } = machine({
      files: ["/usr/sbin/nginx"],
      installs: ["/usr/bin/java", "/usr/bin/redis-server"],
    });
    expect(installTools(["nginx", "java", "redis"], system)).toEqual([
      "default-jre-headless",
      "redis-server",
    ]);
    expect(commands).toEqual(["apt-get install -y -q default-jre-headless redis-server"]);
    expect(findTool("java", system)).toBe("/usr/bin/java");
  });

  test("old package lists are updated once", () => {
    const { system, commands } = machine({ failFirstInstall: true });
    installTools(["firefox"], system);
    expect(commands).toEqual([
      "apt-get install -y -q firefox-esr",
      "apt-get update -q && apt-get install -y -q firefox-esr",
    ]);
  });

  test("nothing missing, or no root: nothing runs", () => {
    const there = machine({ files: ["/usr/bin/firefox-esr"] });
    expect(installTools(["firefox"], there.system)).toEqual([]);
    const notRoot = machine({ root: false });
    expect(installTools(["firefox", "nginx"], notRoot.system)).toEqual([]);
    expect([...there.commands, ...notRoot.commands]).toEqual([]);
  });
});
