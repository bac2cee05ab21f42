/**
 * The walk (tests/walk/walk.ts) in Debian's Firefox ESR over WebDriver BiDi, a
 * desktop window, JavaScript on (npm run test:firefox; a stage of npm test),
 * against a stack of its own (a fresh stand-in and the production build on
 * free ports).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startPortal, startStack } from "../support/stack.js";
import { fileIn, problemsThatCount, walk, type Step } from "../walk/walk";
import { launchFirefox, openTab } from "./firefox";

const results = "test-results/firefox";
let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchFirefox()]);
  console.log(`Firefox ${await browser.version()} against ${stack.portalUrl}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** With the site gone, React Router's fetches fail, as they should: anything else is a fault. */
const siteGone = /NetworkError|Failed to fetch/i;

/**
 * Runs the step in a fresh page, then fails on whatever broke in it. A failed
 * step leaves a screenshot in test-results/firefox/. A step that takes its site
 * away runs against a portal of its own, in a Firefox whose idle worker stops
 * after 1 s (30 s by default): the worker that answers offline has been
 * stopped and started again, which Firefox cannot tell from a first start but
 * by its registration (docs/decisions/044).
 */
async function inFirefox(step: Step) {
  const own = step.ownSite ? await startPortal({ apiUrl: stack.backendUrl }) : undefined;
  const idling = own ? await launchFirefox({ "dom.serviceWorkers.idle_timeout": 1000 }) : undefined;
  const tab = await openTab(idling ?? browser, own?.url ?? stack.portalUrl);
  const files = mkdtempSync(path.join(os.tmpdir(), "firefox-walk-files-"));
  let seenBeforeGone: number | undefined;
  try {
    await step.run({
      tab,
      backendUrl: stack.backendUrl,
      async takeSiteAway() {
        // Long enough for the idle worker to stop.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        seenBeforeGone = (await tab.problems()).length;
        await own?.stop();
      },
      file: fileIn(files),
      shot: (name) => path.join(results, "shots", `${name}.png`),
    });
    const problems = problemsThatCount(await tab.problems(), seenBeforeGone, siteGone);
    expect(problems, "script errors, console errors or CSP violations").toEqual([]);
    if (tab.letPass.length > 0)
      console.log(`Let pass (a left document's route discovery): ${tab.letPass.length}`);
  } catch (error) {
    const name = step.name.replace(/[^\p{L}\d]+/gu, "-").slice(0, 80);
    await tab.screenshot(path.join(results, `${name}.png`)).catch(() => {});
    const problems = await tab.problems();
    if (problems.length > 0) console.error("Also seen in the page:", problems);
    throw error;
  } finally {
    await tab.close();
    await idling?.close();
    await own?.stop();
    rmSync(files, { recursive: true, force: true });
  }
}

describe("Firefox ESR (WebDriver BiDi), JavaScript on", () => {
  for (const step of walk) test(step.name, () => inFirefox(step));
});
