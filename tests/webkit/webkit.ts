/**
 * Debian's WebKitGTK: WebKitWebDriver (webkit2gtk-driver) starts the MiniBrowser
 * that libwebkit2gtk-4.1-0 installs, under xvfb-run (WebKitGTK has no headless
 * mode), and WebdriverIO's standalone mode attaches to it over W3C WebDriver.
 * Each walk gets a session of its own: a fresh browser without cookies or a
 * worker from the one before.
 *
 * What WebKitGTK needs around it to be a Russian phone:
 * - the language comes from the C library's locale (LANG), which Debian does not
 *   generate by default: `localedef` compiles ru_RU.UTF-8 into a folder of the
 *   suite's own (LOCPATH), the system's locales untouched;
 * - GTK will not make MiniBrowser's window narrower than its toolbar (447 px):
 *   a GTK user stylesheet (XDG_CONFIG_HOME) shrinks the toolbar, and the page
 *   gets a 390 px wide view.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { remote } from "webdriverio";

import { findTool } from "../../scripts/debian-tools";
import { freePort } from "../support/stack.js";

export const miniBrowserPath = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const phone = { width: 390, height: 844 };

function required(name: "webkitDriver" | "xvfb") {
  const found = findTool(name);
  if (!found)
    throw new Error(
      `${name} not found: run \`npm run test:webkit\` (it installs Debian's webkit2gtk-driver and xvfb).`,
    );
  return found;
}

/** ru_RU.UTF-8 compiled once into the machine's temporary folder (about 1 s of CPU). */
function russianLocale() {
  const folder = path.join(os.tmpdir(), "portal-webkit-locales");
  if (!existsSync(path.join(folder, "ru_RU.UTF-8", "LC_CTYPE"))) {
    mkdirSync(folder, { recursive: true });
    const made = spawnSync("localedef", [
      "-i",
      "ru_RU",
      "-f",
      "UTF-8",
      path.join(folder, "ru_RU.UTF-8"),
    ]);
    if (made.status !== 0) throw new Error(`localedef failed: ${made.stderr}`);
  }
  return folder;
}

/** MiniBrowser's toolbar, as small as GTK lets it be, so the window can be as narrow as a phone. */
const narrowToolbar = `toolbar, toolbar *, entry, button, image {
  min-width: 0; min-height: 0; margin: 0; padding: 0; border-width: 0;
  font-size: 1px; -gtk-icon-transform: scale(0.01);
}\n`;

/** WebKitWebDriver on a free loopback port, under a virtual X server of its own. */
export async function startWebKitDriver() {
  const [driver] = [required("webkitDriver"), required("xvfb")];
  const config = mkdtempSync(path.join(os.tmpdir(), "webkit-walk-"));
  mkdirSync(path.join(config, "gtk-3.0"));
  writeFileSync(path.join(config, "gtk-3.0", "gtk.css"), narrowToolbar);
  const port = (await freePort()) as number;
  const child = spawn(
    "xvfb-run",
    [
      "--auto-servernum",
      // -noreset: by default the X server resets when its last client leaves, as each session's
      // MiniBrowser does, and a MiniBrowser started during the reset cannot open the display: its
      // session hangs until connectionRetryTimeout. More often the busier the machine.
      "--server-args=-screen 0 1280x1024x24 -noreset",
      driver,
      `--port=${port}`,
    ],
    {
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        LANG: "ru_RU.UTF-8",
        LANGUAGE: "ru",
        LOCPATH: russianLocale(),
        XDG_CONFIG_HOME: config,
        // No D-Bus session here: GTK's accessibility bridge would wait for one.
        NO_AT_BRIDGE: "1",
      },
    },
  );
  let said = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    said = (said + text).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${said}`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.json() as Promise<{ value?: { ready?: boolean } }>)
      .then((status) => status.value?.ready === true)
      .catch(() => false);
    if (ready) break;
    if (Date.now() - started > 60_000) throw new Error(`WebKitWebDriver did not answer: ${said}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    port,
    /** The driver's last words, for a session that would not open. */
    said: () => said,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        // xvfb-run, the X server and the driver are one process group.
        process.kill(-child.pid!, "SIGTERM");
        await exited;
      }
      rmSync(config, { recursive: true, force: true });
    },
  };
}

type WebKitDriver = Awaited<ReturnType<typeof startWebKitDriver>>;

/** A new MiniBrowser session: a Russian phone's window, JavaScript on, nothing but loopback reached. */
export async function openMiniBrowser(driver: WebKitDriver) {
  const browser = await remote({
    hostname: "127.0.0.1",
    port: driver.port,
    logLevel: "warn",
    // A browser starts in seconds; the library's two minutes would only delay a stuck one.
    connectionRetryTimeout: 60_000,
    // WebKitWebDriver has no WebDriver BiDi (a session asking for it is refused).
    capabilities: {
      browserName: "MiniBrowser",
      "wdio:enforceWebDriverClassic": true,
      "webkitgtk:browserOptions": {
        binary: miniBrowserPath,
        args: ["--automation", "--proxy=http://127.0.0.1:9", "--ignore-host=127.0.0.1"],
      },
    } as WebdriverIO.Capabilities,
  }).catch((error: Error) => {
    throw new Error(`${error.message}\nWebKitWebDriver said: ${driver.said() || "nothing"}`);
  });
  await browser.setWindowSize(phone.width, phone.height);
  await browser.setTimeout({ script: 30_000 });
  return browser;
}

export type MiniBrowser = Awaited<ReturnType<typeof openMiniBrowser>>;
