/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (no
 * downloaded browser or driver, and Debian has no geckodriver for WebdriverIO),
 * as a walk's `Tab` (tests/walk/tab.ts). A page fails its step on any script
 * error, console error or CSP violation.
 *
 * Only page.evaluate waits here: puppeteer's waitForFunction and locators build
 * their checks with `new Function` inside the page, which the portal's CSP
 * refuses (and the guard would rightly report).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";

import { findTool } from "../../scripts/debian-tools";
import { describeTarget, locate, type Tab, type Target } from "../walk/tab";

/** Debian's Firefox ESR (scripts/firefox-smoke.ts installs it); FIREFOX_PATH overrides. */
export function firefoxPath() {
  const found = findTool("firefox");
  if (!found)
    throw new Error(
      "Firefox not found: run `npm run test:firefox` (it installs Debian's firefox-esr) or set FIREFOX_PATH.",
    );
  return found;
}

/**
 * Nothing leaves the machine: every request but loopback goes to a proxy on a
 * closed port (refused at once), and what Firefox fetches by itself is off.
 */
const quietPrefs = {
  "network.proxy.type": 1,
  "network.proxy.http": "127.0.0.1",
  "network.proxy.http_port": 9,
  "network.proxy.ssl": "127.0.0.1",
  "network.proxy.ssl_port": 9,
  "network.proxy.no_proxies_on": "",
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  // Read only with MOZ_REMOTE_SETTINGS_DEVTOOLS=1 (the launch sets it).
  "services.settings.server": "data:,#remote-settings-dummy/v1",
  "browser.newtabpage.activity-stream.feeds.topsites": false,
  "browser.newtabpage.activity-stream.feeds.section.topstories": false,
  "browser.safebrowsing.update.enabled": false,
  "extensions.blocklist.enabled": false,
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.unified": false,
  "app.update.auto": false,
  "app.shield.optoutstudies.enabled": false,
  "media.gmp-manager.updateEnabled": false,
  // The portal speaks the visitor's language: this resident's is Russian.
  "intl.accept_languages": "ru-RU, ru",
};

/** Firefox with the suite's prefs, and `prefs` besides. */
export async function launchFirefox(prefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    protocol: "webDriverBiDi",
    executablePath: firefoxPath(),
    headless: true,
    env: { ...process.env, MOZ_HEADLESS: "1", MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
    extraPrefsFirefox: { ...quietPrefs, ...prefs },
    // A desktop window: the header shows its menu (a phone's is folded). Puppeteer sets
    // it on each new page and shrugs off the screen orientation this Firefox cannot set.
    defaultViewport: { width: 1280, height: 900 },
    // Debian's Firefox starts slowly on a busy machine.
    timeout: 90_000,
  });
}

/**
 * React Router's eager route discovery asks `/__manifest` for the routes of the
 * links a page renders, with a fetch no signal aborts. When the document is left
 * while it runs, the engine fails it and React Router logs "Failed to fetch
 * manifest patches" with the error. It is benign: the routes asked for were the
 * left document's, and the next document asks for its own (decision 048).
 * Firefox reports the error as a handle whose document is gone (it cannot be
 * read): exactly that message with an error, logged while the tab is leaving a
 * document by `goto`, is let pass; the same message at any other time is a
 * problem.
 */
const leftDiscovery = /^Failed to fetch manifest patches JSHandle@error$/;

/**
 * A fresh page in a context of its own (its own cookies), as a walk's `Tab`:
 * its script errors, console errors and CSP violations are its `problems`.
 */
export async function openTab(
  browser: Browser,
  baseUrl: string,
): Promise<Tab & { page: Page; letPass: string[]; close(): Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  const letPass: string[] = [];
  let leaving = false;
  page.on("pageerror", (error) =>
    problems.push(`script error: ${error instanceof Error ? error.message : String(error)}`),
  );
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && leaving && leftDiscovery.test(text)) letPass.push(text);
    else if (message.type() === "error") problems.push(`console error: ${text}`);
    else if (/Content[- ]Security[- ]Policy/i.test(text)) problems.push(`CSP: ${text}`);
  });
  // A violation the page's own code catches reaches no console: listen for the event itself.
  await page.exposeFunction("reportCspViolation", (text: string) => problems.push(`CSP: ${text}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation?: (text: string) => void })
        .reportCspViolation;
      void report?.(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const element = async (target: Target) => {
    const started = Date.now();
    for (;;) {
      const handle = await page.evaluateHandle(locate, target).catch(() => null);
      const found = handle?.asElement() as ElementHandle<HTMLElement> | null | undefined;
      if (found) {
        // Brought to the middle of the window, as a person scrolls to it: at its edge a toast may cover it.
        await found.evaluate((shown) => shown.scrollIntoView({ block: "center" }));
        return found;
      }
      if (Date.now() - started > 30_000) throw new Error(`no ${describeTarget(target)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    page,
    async goto(pathname) {
      leaving = true;
      try {
        await page.goto(new URL(pathname, baseUrl).href);
      } finally {
        leaving = false;
      }
    },
    evaluate: (check, ...args) => page.evaluate(check as (...a: unknown[]) => never, ...args),
    async click(target) {
      await (await element(target)).click();
    },
    async type(target, text) {
      const field = (await element(target)) as unknown as ElementHandle<HTMLInputElement>;
      await field.evaluate((input) => {
        input.value = "";
      });
      await field.type(text);
    },
    async upload(target, file) {
      await ((await element(target)) as unknown as ElementHandle<HTMLInputElement>).uploadFile(
        file,
      );
    },
    async screenshot(file) {
      mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file as `${string}.png` });
    },
    problems: async () => [...problems],
    /** The benign reports of a left document's route discovery, let pass. */
    letPass,
    close: () => context.close(),
  };
}
