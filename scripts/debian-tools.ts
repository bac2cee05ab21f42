// The programs the test and bench scripts run beside Node, each from its Debian
// package: found where Debian puts it (or where its variable says), installed
// with apt-get when missing and the user is root, or named with what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface DebianTool {
  name: string;
  debianPackage: string;
  /** The variable that names another copy; it is looked at first. */
  envVar: string;
  /** Where the package puts the program, the likeliest first. */
  paths: string[];
  purpose: string;
}

export const debianTools = {
  chromium: {
    name: "Chromium",
    debianPackage: "chromium",
    envVar: "CHROMIUM_PATH",
    paths: ["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    purpose: "for the benchmark's page loads, Lighthouse and the icons' rendering",
  },
  // Playwright's own choice for headless tests: Chromium's engine without the browser around it.
  chromiumHeadlessShell: {
    name: "Chromium's headless shell",
    debianPackage: "chromium-headless-shell",
    envVar: "CHROMIUM_HEADLESS_SHELL_PATH",
    paths: ["/usr/bin/chromium-headless-shell"],
    purpose: "for the end-to-end tests",
  },
  firefox: {
    name: "Firefox",
    debianPackage: "firefox-esr",
    envVar: "FIREFOX_PATH",
    paths: ["/usr/bin/firefox-esr", "/usr/bin/firefox"],
    purpose: "for the Firefox smoke tests",
  },
  // It depends on libwebkit2gtk-4.1-0, whose MiniBrowser it drives (tests/webkit/webkit.ts).
  webkitDriver: {
    name: "WebKitWebDriver",
    debianPackage: "webkit2gtk-driver",
    envVar: "WEBKIT_DRIVER_PATH",
    paths: ["/usr/bin/WebKitWebDriver"],
    purpose: "for the WebKit walks",
  },
  // WebKitGTK has no headless mode: MiniBrowser draws on a virtual X server.
  xvfb: {
    name: "xvfb-run",
    debianPackage: "xvfb",
    envVar: "XVFB_RUN_PATH",
    paths: ["/usr/bin/xvfb-run"],
    purpose: "for the WebKit walks",
  },
  // localedef's sources: WebKitGTK takes its language from the C library's locale.
  localeSources: {
    name: "the C library's locale sources",
    debianPackage: "locales",
    envVar: "LOCALE_SOURCES_PATH",
    paths: ["/usr/share/i18n/locales/ru_RU"],
    purpose: "for the WebKit walks in Russian",
  },
  java: {
    name: "Java",
    debianPackage: "default-jre-headless",
    envVar: "JAVA_PATH",
    paths: ["/usr/bin/java"],
    purpose: "for the Nu HTML checker in the end-to-end tests",
  },
  nginx: {
    name: "nginx",
    debianPackage: "nginx",
    envVar: "NGINX_PATH",
    paths: ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"],
    purpose: "for the end-to-end test of the production shape",
  },
  redis: {
    name: "redis-server",
    debianPackage: "redis-server",
    envVar: "REDIS_SERVER_PATH",
    paths: ["/usr/bin/redis-server", "/usr/local/bin/redis-server"],
    purpose: "for the end-to-end tests of several replicas",
  },
} satisfies Record<string, DebianTool>;

export type DebianToolName = keyof typeof debianTools;

/** What finding and installing touch, replaceable in the tests. */
export interface System {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  canInstall(): boolean;
  /** Runs a shell command; throws when it fails. */
  run(command: string): void;
}

const realSystem: System = {
  env: process.env,
  exists: existsSync,
  canInstall: () =>
    typeof process.getuid === "function" &&
    process.getuid() === 0 &&
    existsSync("/usr/bin/apt-get"),
  run: (command) =>
    execSync(command, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      shell: "/bin/bash",
    }),
};

/** The program's path if it is there, without installing anything. */
export function findTool(name: DebianToolName, system: System = realSystem): string | undefined {
  const tool: DebianTool = debianTools[name];
  return [system.env[tool.envVar], ...tool.paths].find(
    (candidate): candidate is string => Boolean(candidate) && system.exists(candidate!),
  );
}

function aptInstall(packages: string[], system: System) {
  try {
    system.run(`apt-get install -y -q ${packages.join(" ")}`);
  } catch {
    // A fresh machine's package lists may predate the package.
    system.run(`apt-get update -q && apt-get install -y -q ${packages.join(" ")}`);
  }
}

/** The program's path, installing its package first when it is missing and can be installed. */
export function ensureTool(name: DebianToolName, system: System = realSystem): string {
  const found = findTool(name, system);
  if (found) return found;
  const tool: DebianTool = debianTools[name];
  if (!system.canInstall()) {
    throw new Error(
      `${tool.name} is needed ${tool.purpose} and was not found. Install it (Debian: \`sudo apt-get install -y ${tool.debianPackage}\`) or set ${tool.envVar}.`,
    );
  }
  console.log(`Installing Debian's ${tool.debianPackage} ${tool.purpose} (one-off)…`);
  aptInstall([tool.debianPackage], system);
  const installed = findTool(name, system);
  if (!installed)
    throw new Error(
      `apt-get installed ${tool.debianPackage} but ${tool.name} is not at ${tool.paths[0]}.`,
    );
  return installed;
}

/**
 * Installs the missing ones of these programs in one apt-get run and returns the packages it
 * named. Does nothing without root or apt-get: each stage's `ensureTool` then says what is
 * missing. Throws when apt-get fails; each stage's `ensureTool` then tries its own package again.
 */
export function installTools(names: DebianToolName[], system: System = realSystem): string[] {
  const packages = names
    .filter((name) => !findTool(name, system))
    .map((name) => debianTools[name].debianPackage);
  if (packages.length === 0 || !system.canInstall()) return [];
  aptInstall(packages, system);
  return packages;
}
