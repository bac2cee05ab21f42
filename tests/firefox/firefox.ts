/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (no
 * downloaded browser or driver), and what the smoke suite does with it as a
 * resident does: finds fields by their labels and buttons by their names,
 * clicks and types. A page fails its test on any script error, console error
 * or CSP violation.
 *
 * Only page.evaluate and waitForSelector wait here: puppeteer's waitForFunction
 * and locators build their checks with `new Function` inside the page, which
 * the portal's CSP refuses (and the guard would rightly report). Functions run
 * in the page declare no named inner functions: a transpiler's name helper
 * (`__name`) does not exist there.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";

import { findTool } from "../../scripts/debian-tools";

export const resident = { email: "resident@example.com", password: "resident12345" };
export const admin = { email: "admin@example.com", password: "admin12345" };

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
 * A fresh page in a context of its own (its own cookies), whose script
 * errors, console errors and CSP violations are collected in `problems`.
 */
export async function openPage(browser: Browser, baseUrl: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  page.on("pageerror", (error) =>
    problems.push(`script error: ${error instanceof Error ? error.message : String(error)}`),
  );
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error") problems.push(`console error: ${text}`);
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
  return {
    page,
    problems,
    /**
     * Opens `pathname` as a resident types an address: once this page is quiet (5 s at most:
     * the service worker's first download can keep the network busy longer). In Firefox a
     * fetch still running when a page is left fails, and React Router reports its failed route
     * discovery (`/__manifest`) as a console error: leaving a page 50 ms after it loaded is a
     * test's haste, not what the guard is for.
     */
    async goto(pathname: string) {
      if (page.url() !== "about:blank")
        await page.waitForNetworkIdle({ idleTime: 300, timeout: 5_000 }).catch(() => {});
      return page.goto(new URL(pathname, baseUrl).href);
    },
    close: () => context.close(),
  };
}

/** Polls `check(...args)` in the page until it returns something truthy, and returns that. */
export async function waitUntil<T, A extends unknown[]>(
  page: Page,
  what: string,
  check: (...args: A) => T,
  ...args: A
): Promise<T> {
  const timeoutMs = 30_000;
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      last = await page.evaluate(check as (...args: unknown[]) => T, ...args);
      if (last) return last as T;
    } catch (error) {
      // The page was navigating: ask the next one.
      last = error instanceof Error ? error.message : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited ${timeoutMs} ms for ${what}; last answer: ${JSON.stringify(last)}`);
}

/** Until React has hydrated the page: before that a click is the browser's own. */
export const hydrated = (page: Page) =>
  waitUntil(page, "hydration", () => document.documentElement.dataset.hydrated === "true");

/**
 * The address bar's path. Asked of the page: puppeteer's page.url() misses
 * React Router's history changes in this Firefox.
 */
export const pathname = (page: Page) => page.evaluate(() => location.pathname);

/** Waits for the page at `expected` (a path, or a pattern for it) to show. */
export async function waitForPath(page: Page, expected: string | RegExp) {
  const [exact, pattern, flags] =
    typeof expected === "string" ? [expected, "", ""] : ["", expected.source, expected.flags];
  await waitUntil(
    page,
    `the address ${expected}`,
    (path, source, sourceFlags) =>
      path ? location.pathname === path : new RegExp(source, sourceFlags).test(location.pathname),
    exact,
    pattern,
    flags,
  );
}

/** The text shown anywhere on the page (waits for it). */
export const shows = (page: Page, text: string) =>
  waitUntil(
    page,
    `«${text}» on the page`,
    (wanted) => document.body.innerText.includes(wanted),
    text,
  );

/** The form control whose label reads `label` (within `scope`, a CSS selector). */
export async function field(
  page: Page,
  label: string,
  scope = "body",
): Promise<ElementHandle<HTMLInputElement | HTMLTextAreaElement>> {
  await page.waitForSelector(`${scope} label`);
  // As the label reads, or begins (a hint may follow it inside the label).
  const handle = await page.evaluateHandle(
    (wanted, within) => {
      const labels = [...document.querySelectorAll<HTMLLabelElement>(`${within} label`)]
        .filter((label) => label.control)
        .map((label) => ({
          control: label.control,
          text: label.textContent?.replace(/\s+/g, " ").trim() ?? "",
        }));
      return (
        (
          labels.find((label) => label.text === wanted) ??
          labels.find((label) => label.text.startsWith(wanted))
        )?.control ?? null
      );
    },
    label,
    scope,
  );
  const element = handle.asElement() as ElementHandle<
    HTMLInputElement | HTMLTextAreaElement
  > | null;
  if (!element) throw new Error(`no field labelled «${label}» in ${scope}`);
  return element;
}

/** Types into the field labelled `label`, as a resident does. */
export async function fill(page: Page, label: string, value: string, scope?: string) {
  const input = await field(page, label, scope);
  await input.evaluate((element) => {
    element.value = "";
  });
  await input.type(value);
}

/** Clicks the button (or link, with `role`) of that accessible name. */
export async function click(
  page: Page,
  name: string,
  role: "button" | "link" = "button",
  scope = "",
) {
  const element = await page.waitForSelector(
    `${scope} ::-p-aria([name="${name}"][role="${role}"])`.trim(),
    { visible: true },
  );
  await element!.click();
}

export async function signIn(
  page: Page,
  goto: (pathname: string) => Promise<unknown>,
  who: { email: string; password: string },
  redirectTo: string,
) {
  await goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await hydrated(page);
  await fill(page, "Электронная почта", who.email);
  await fill(page, "Пароль", who.password);
  await click(page, "Войти", "button", "form#login");
  await waitForPath(page, redirectTo);
  await waitUntil(page, "the sign-in form gone", () => !document.querySelector("form#login"));
}

/** A file on disk for a file field (WebDriver BiDi sets files by path). */
export function tempFile(name: string, bytes: Buffer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "firefox-smoke-"));
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
