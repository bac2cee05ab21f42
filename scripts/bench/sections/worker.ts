// What the service worker's install costs a resident on a slow link
// (docs/decisions/016-offline.md, 044): the same visit with the worker
// allowed and blocked, through a throttling proxy (400 kbit/s each way, 400 ms
// round trip) that also slows the worker's own requests. A first page, then a
// second (the worker registers after its load and installs), then the next
// two pages at once: their first paint while the worker installs.
import type { Browser } from "playwright-core";

import { launchChromium } from "../browser";
import { budgets, median, verdict } from "../budgets";
import { BROWSER_LOCALE, withRunning, type Context } from "../context";
import { endProgress, heading, kb, note, pct, progress, seconds, table } from "../output";
import { startThrottlingProxy, type ThrottlingProxy } from "../throttle";
import { firstPaintOf, SLOW_LINK } from "./slow";

/** The pages of the visit: the first two, then the two whose first paint is measured. */
const FIRST = "/about";
const SECOND = "/";
const MEASURED = ["/posts", "/rates"] as const;
/** The worker's install may slow the next pages' first paint by this much at most (decision 044). */
const MAX_SLOWDOWN = 0.1;

type Mode = "allow" | "block";

interface Visit {
  fcp: number[];
  /** Bytes the link carried towards the browser over the whole visit. */
  down: number;
  /** Whether the worker, installed, controlled the last page at the visit's end (allowed): a visit where it never installed measures nothing. */
  controlled: boolean;
}

async function visit(
  browser: Browser,
  origin: string,
  proxy: ThrottlingProxy,
  serviceWorkers: Mode,
): Promise<Visit> {
  const context = await browser.newContext({ locale: BROWSER_LOCALE, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  try {
    const before = proxy.carried().down;
    await page.goto(`${origin}${FIRST}`, { waitUntil: "load" });
    await page.goto(`${origin}${SECOND}`, { waitUntil: "load" });
    // The registration is loaded after the second page's load (app/pwa/starter.ts); from then on the worker installs.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType("resource")
        .some(
          (entry) =>
            entry.name.endsWith("/pwa-register.js") &&
            (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    );
    if (serviceWorkers === "allow")
      await page.waitForFunction(() =>
        navigator.serviceWorker
          .getRegistration()
          .then((found) => Boolean(found?.installing ?? found?.waiting ?? found?.active)),
      );
    const fcp: number[] = [];
    for (const path of MEASURED) {
      await page.goto(`${origin}${path}`, { waitUntil: "commit" });
      fcp.push(await firstPaintOf(page, 60_000));
      await page.waitForLoadState("load");
    }
    // Until the worker is done (or 60 s): what the install carried counts in the visit's bytes. It
    // imports what it does once the page's link is quiet (docs/decisions/044), after these pages.
    if (serviceWorkers === "allow") {
      await page
        .evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
        .catch(() => {});
      // `ready` resolves as the worker starts activating; it takes the page in its activate
      // handler (clients.claim), a moment later.
      await page
        .waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
          timeout: 10_000,
        })
        .catch(() => {});
    }
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    return { fcp, down: proxy.carried().down - before, controlled };
  } finally {
    await context.close();
  }
}

export async function workerSection(ctx: Context) {
  const runs = ctx.options.quick ? 1 : 3;
  heading(
    `9. The service worker's install on a slow link (a throttling proxy: 400 kbit/s each way, 400 ms round trip; median of ${runs})`,
  );
  const shape = { bytesPerSecond: SLOW_LINK.downloadThroughput, oneWayMs: SLOW_LINK.latency / 2 };
  const browser = await launchChromium(["--disable-quic"]);
  const results: Record<Mode, Visit[]> = { allow: [], block: [] };
  try {
    for (let i = 0; i < runs; i++) {
      // Alternated, so that a busier moment of the machine falls on both.
      for (const mode of ["block", "allow"] as const) {
        progress(`visit ${i + 1} of ${runs}, worker ${mode}ed…`);
        // A proxy per visit: a visit starts with an empty link.
        const proxy = await startThrottlingProxy(new URL(ctx.stack.portalUrl), shape);
        results[mode].push(await withRunning(proxy, () => visit(browser, proxy.url, proxy, mode)));
      }
    }
  } finally {
    await browser.close();
  }
  endProgress();
  const fcpOf = (mode: Mode, index: number) => median(results[mode].map((v) => v.fcp[index]));
  const rows = MEASURED.map((path, index) => {
    const blocked = fcpOf("block", index);
    const allowed = fcpOf("allow", index);
    return { path, blocked, allowed, slowdown: allowed / blocked - 1 };
  });
  table(
    ["page", "FCP, worker blocked", "FCP, worker installing", "difference", "runs (allowed)"],
    rows.map((r, index) => [
      r.path,
      seconds(r.blocked),
      seconds(r.allowed),
      pct(r.slowdown),
      results.allow.map((v) => seconds(v.fcp[index])).join(" "),
    ]),
  );
  const bytes = (mode: Mode) => median(results[mode].map((v) => v.down));
  note(
    `The visit: ${FIRST}, then ${SECOND} (the worker registers after its load), then ${MEASURED.join(" and ")} at once, each a document load.`,
    `Bytes towards the browser over the visit (median): worker blocked ${kb(bytes("block"))}, allowed ${kb(bytes("allow"))} (the install included).`,
    `The worker installed and took control of the last page by the visit's end in ${results.allow.filter((v) => v.controlled).length} of ${runs} visit(s).`,
  );
  for (const r of rows) {
    budgets.add({
      name: `First paint while the worker installs, slow link, ${r.path}`,
      figure: seconds(r.allowed),
      floor: seconds(r.blocked),
      ratio: pct(r.slowdown),
      limit: `<= +${MAX_SLOWDOWN * 100}% of the worker blocked, installed`,
      // A worker that never installed cost nothing and proved nothing.
      verdict: verdict(
        Number.isFinite(r.slowdown) &&
          r.slowdown <= MAX_SLOWDOWN &&
          results.allow.every((v) => v.controlled),
      ),
    });
  }
}
