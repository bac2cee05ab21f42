/**
 * The walk (tests/walk/walk.ts) in WebKitGTK's MiniBrowser, a Russian phone's
 * window 390 px wide, JavaScript on (npm run test:webkit; a stage of npm test),
 * against a stack of its own (a fresh stand-in and the production build on
 * free ports). The browser reaches the portal through the collector proxy
 * (tests/walk/collector-proxy.ts): WebDriver classic shows a test no script
 * error, so the page keeps its own.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startPortal, startStack } from "../support/stack.js";
import { collected, letPassKey, problemsKey, startCollectorProxy } from "../walk/collector-proxy";
import { describeTarget, locate, waitUntil, type Tab, type Target } from "../walk/tab";
import { fileIn, problemsThatCount, walk, type Step } from "../walk/walk";
import { openMiniBrowser, startWebKitDriver, type MiniBrowser } from "./webkit";

const results = "test-results/webkit";
let stack: Awaited<ReturnType<typeof startStack>>;
let driver: Awaited<ReturnType<typeof startWebKitDriver>>;
let site: Awaited<ReturnType<typeof startCollectorProxy>>;

beforeAll(async () => {
  [stack, driver] = await Promise.all([startStack(), startWebKitDriver()]);
  site = await startCollectorProxy(stack.portalUrl);
});

afterAll(async () => {
  await site?.stop();
  await driver?.stop();
  await stack?.stop();
});

/**
 * A session of its own for each walk. A MiniBrowser that does not start (a rare
 * hang of WebKitWebDriver's new-session request, seen on busy cores) says
 * nothing about the portal: the driver is started afresh and asked once more.
 */
async function freshBrowser() {
  try {
    return await openMiniBrowser(driver);
  } catch (error) {
    console.warn(`MiniBrowser did not start; WebKitWebDriver restarted. ${String(error)}`);
    await driver.stop();
    driver = await startWebKitDriver();
    return openMiniBrowser(driver);
  }
}

/** A `Tab` over a WebdriverIO session: elements found in the page, then clicked and typed into by WebDriver. */
function webkitTab(browser: MiniBrowser, baseUrl: string): Tab {
  const element = async (target: Target) => {
    const started = Date.now();
    for (;;) {
      const found = await browser
        .execute(locate as (wanted: Target) => HTMLElement | null, target)
        .catch(() => null);
      if (found) {
        // Brought to the middle of the window, as a person scrolls to it: at its edge a toast may cover it.
        await browser.execute((shown) => shown.scrollIntoView({ block: "center" }), found);
        return browser.$(found as unknown as WebdriverIO.Element);
      }
      if (Date.now() - started > 30_000) throw new Error(`no ${describeTarget(target)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    async goto(pathname) {
      await browser.url(new URL(pathname, baseUrl).href);
    },
    evaluate: (check, ...args) =>
      browser.execute(check as (...a: unknown[]) => unknown, ...args) as never,
    async click(target) {
      await (await element(target)).click();
    },
    async type(target, text) {
      const field = await element(target);
      await field.clearValue();
      await field.addValue(text);
    },
    async upload(target, file) {
      await (await element(target)).addValue(file);
    },
    async screenshot(file) {
      mkdirSync(path.dirname(file), { recursive: true });
      await browser.saveScreenshot(file);
    },
    problems: () => browser.execute(collected, problemsKey).catch(() => []),
  };
}

/** What only the site's being gone explains: WebKit's failed fetches, React Router's reports of them. */
const siteGone = /Load failed|Could not connect to server|Failed to fetch manifest patches/;

async function inWebKit(step: Step) {
  const own = step.ownSite ? await startPortal({ apiUrl: stack.backendUrl }) : undefined;
  const proxy = own ? await startCollectorProxy(own.url) : site;
  const browser = await freshBrowser();
  const tab = webkitTab(browser, proxy.url);
  const files = mkdtempSync(path.join(os.tmpdir(), "webkit-walk-files-"));
  let seenBeforeGone: number | undefined;
  try {
    await step.run({
      tab,
      backendUrl: stack.backendUrl,
      async takeSiteAway() {
        seenBeforeGone = (await tab.problems()).length;
        await proxy.stop();
        await own?.stop();
      },
      file: fileIn(files),
      shot: (name) => path.join(results, "shots", `${name}.png`),
    });
    const problems = problemsThatCount(await tab.problems(), seenBeforeGone, siteGone);
    expect(problems, "script errors, console errors or CSP violations").toEqual([]);
    const letPass = await browser.execute(collected, letPassKey).catch(() => []);
    if (letPass.length > 0)
      console.log(`Let pass (a left document's route discovery): ${letPass.length}`);
  } catch (error) {
    const name = step.name.replace(/[^\p{L}\d]+/gu, "-").slice(0, 80);
    await tab.screenshot(path.join(results, `${name}.png`)).catch(() => {});
    const problems = await tab.problems();
    if (problems.length > 0) console.error("Also seen in the page:", problems);
    throw error;
  } finally {
    await browser.deleteSession().catch(() => {});
    rmSync(files, { recursive: true, force: true });
    if (own) {
      await proxy.stop();
      await own.stop();
    }
  }
}

describe("WebKitGTK's MiniBrowser (WebDriver), a phone, JavaScript on", () => {
  for (const step of walk) test(step.name, () => inWebKit(step));

  test("the collector sees what the walk must fail on: a script error, a rejection, a console error, a CSP violation", async () => {
    const browser = await freshBrowser();
    const tab = webkitTab(browser, site.url);
    try {
      await tab.goto("/about");
      await tab.evaluate(() => {
        setTimeout(() => {
          throw new Error("probe thrown");
        });
        void Promise.reject(new Error("probe rejected"));
        console.error("probe logged");
        // An inline handler: the CSP allows no script but the page's own.
        const image = document.createElement("img");
        image.setAttribute("onerror", "window.probeRan = true");
        image.src = "data:,not-an-image";
        document.body.append(image);
      });
      const seen = await waitUntil(tab, "four problems", async () => {
        const kept = JSON.parse(sessionStorage.getItem("walk-problems") ?? "[]") as string[];
        return kept.length >= 4 && kept;
      });
      expect(seen).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script error: .*probe thrown/),
          expect.stringMatching(/^unhandled rejection: .*probe rejected/),
          expect.stringMatching(/^console error: probe logged/),
          expect.stringMatching(/^CSP: script-src/),
        ]),
      );
      expect(await tab.evaluate(() => "probeRan" in window)).toBe(false);
    } finally {
      await browser.deleteSession().catch(() => {});
    }
  });
});
