// A slow link in Chromium (400 kbit/s both ways, 400 ms latency, no cache):
// first contentful paint with JavaScript off and on, beside the floor's page,
// the time until React has hydrated, beside the floor's, and the login form:
// usable as soon as it shows, proven by signing in then.
import type { Browser, Page } from "playwright-core";

import { launchChromium } from "../browser";
import { budgets, LIMITS, median, ratio, ratioText, verdict, withinExtra } from "../budgets";
import { BROWSER_LOCALE, type Context } from "../context";
import { endProgress, heading, ms, note, progress, seconds, table } from "../output";
import { RESIDENT } from "../portal";

export const SLOW_LINK = {
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};

/** A page in a fresh context on the slow link, cache off; failed loads and script errors collected. */
async function slowPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: BROWSER_LOCALE });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_LINK });
  const problems: string[] = [];
  page.on(
    "response",
    (response) =>
      void (
        response.status() >= 400 &&
        problems.push(`${response.status()} ${new URL(response.url()).pathname}`)
      ),
  );
  page.on(
    "requestfailed",
    (request) =>
      void problems.push(
        `failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`,
      ),
  );
  page.on("pageerror", (error) => void problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/** The page's first-contentful-paint entry once there, in ms from navigation start; NaN after `timeoutMs`. */
export async function firstPaintOf(page: Page, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fcp = await page
      .evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime)
      .catch(() => undefined);
    if (fcp !== undefined) return fcp;
    await page.waitForTimeout(50);
  }
  return Number.NaN;
}

/** First contentful paint of one visit, in ms from navigation start (read from the page's paint timing; works with JavaScript off too). */
async function firstContentfulPaint(
  browser: Browser,
  url: string,
  javaScriptEnabled: boolean,
): Promise<number> {
  const { context, page } = await slowPage(browser, javaScriptEnabled);
  try {
    await page.goto(url, { waitUntil: "commit" });
    return await firstPaintOf(page, 30_000);
  } finally {
    await context.close();
  }
}

interface Login {
  usable?: number;
  requestsToUsable?: number;
  login?: number;
  error?: string;
  problems?: string[];
}

/**
 * One visit of /auth, then a sign-in at the moment the form shows (with
 * JavaScript on, usually before hydration): the form must work as plain HTML.
 */
async function slowLogin(
  browser: Browser,
  portalUrl: string,
  javaScriptEnabled: boolean,
): Promise<Login> {
  const { context, page, problems } = await slowPage(browser, javaScriptEnabled);
  let requests = 0;
  page.on("request", () => void requests++);
  const started = performance.now();
  const result: Login = {};
  try {
    const email = page.locator('form input[name="email"]');
    await page.goto(`${portalUrl}/auth`, { waitUntil: "commit" });
    await email.waitFor({ state: "visible" });
    result.usable = performance.now() - started;
    result.requestsToUsable = requests;
    await email.fill(RESIDENT.email);
    await page.locator('form input[name="password"]').fill(RESIDENT.password);
    const clicked = performance.now();
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/profile", { waitUntil: "commit" }),
      page
        .locator("form", { has: page.locator('input[name="email"]') })
        .getByRole("button", { name: "Войти" })
        .click(),
    ]);
    await page.getByRole("heading", { level: 1 }).waitFor({ state: "visible" });
    result.login = performance.now() - clicked;
    return result;
  } catch (error) {
    // A failed figure, not a crash: the other sections still run.
    const stage = result.usable === undefined ? "form never usable" : "login never finished";
    return {
      ...result,
      error: `${stage}: ${String((error as Error).message).split("\n")[0]}`,
      problems: [...new Set(problems)],
    };
  } finally {
    await context.close();
  }
}

/**
 * With JavaScript on, a visit until React has hydrated: the root of the portal
 * and the floor's alike mark `<html data-hydrated="true">` in an effect. The
 * page notes the moment on its own clock, from navigation start as its paint
 * timing is: Playwright's wait for the mark polls every 500 ms after its first
 * tries, which would round every figure to those ticks.
 */
async function slowHydration(browser: Browser, url: string): Promise<number> {
  const { context, page } = await slowPage(browser, true);
  try {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== "true") return;
        (window as { hydratedAt?: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(url, { waitUntil: "commit" });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
    return await page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt ?? Number.NaN);
  } catch {
    return Number.NaN;
  } finally {
    await context.close();
  }
}

export async function slowNetworkSection(ctx: Context) {
  const runs = ctx.options.quick ? 1 : 3;
  heading(
    `3. Slow network (Chromium, 400 kbit/s both ways, 400 ms latency, no cache; median of ${runs})`,
  );
  const browser = await launchChromium(["--disable-quic"]);
  const modes = [
    { label: "JavaScript off", js: false },
    { label: "JavaScript on", js: true },
  ];
  const fcp = new Map<string, number>();
  const key = (target: string, js: boolean) => `${target} ${js}`;
  const targets = [
    { label: "floor /", url: `${ctx.floor.url}/` },
    ...["/", "/posts", "/auth"].map((path) => ({
      label: path,
      url: `${ctx.stack.portalUrl}${path}`,
    })),
  ];
  const logins: (Login & { label: string })[] = [];
  const hydration = new Map<string, number>();
  try {
    for (const target of targets) {
      for (const mode of modes) {
        progress(`first paint of ${target.label}, ${mode.label}…`);
        const figures = [];
        for (let i = 0; i < runs; i++)
          figures.push(await firstContentfulPaint(browser, target.url, mode.js));
        fcp.set(key(target.label, mode.js), median(figures));
      }
    }
    for (const target of targets) {
      progress(`hydration of ${target.label}…`);
      const figures = [];
      for (let i = 0; i < runs; i++) figures.push(await slowHydration(browser, target.url));
      hydration.set(target.label, median(figures));
    }
    for (const mode of modes) {
      progress(`login, ${mode.label}…`);
      logins.push({
        label: mode.label,
        ...(await slowLogin(browser, ctx.stack.portalUrl, mode.js)),
      });
    }
  } finally {
    await browser.close();
  }
  endProgress();
  const floorOff = fcp.get(key("floor /", false)) as number;
  const floorOn = fcp.get(key("floor /", true)) as number;
  const floorHydrated = hydration.get("floor /") as number;
  table(
    ["page", "FCP JS off", "ratio to floor", "FCP JS on", "ratio to floor"],
    targets.map((t) => {
      const off = fcp.get(key(t.label, false)) as number;
      const on = fcp.get(key(t.label, true)) as number;
      const isFloor = t.label === "floor /";
      return [
        t.label,
        seconds(off),
        isFloor ? "—" : ratioText(ratio(off, floorOff)),
        seconds(on),
        isFloor ? "—" : ratioText(ratio(on, floorOn)),
      ];
    }),
  );
  note(
    `FCP = the page's own first-contentful-paint entry, from navigation start; budget ${seconds(LIMITS.slowFcpMs)} on this link.`,
  );
  console.log();
  table(
    ["page", "hydrated, JS on", "floor", "difference", "limit"],
    targets.map((t) => {
      const value = hydration.get(t.label) as number;
      const isFloor = t.label === "floor /";
      return [
        t.label,
        seconds(value),
        isFloor ? "—" : seconds(floorHydrated),
        isFloor ? "—" : seconds(value - floorHydrated),
        isFloor ? "—" : `+ ${seconds(LIMITS.hydrationExtraMs)}`,
      ];
    }),
  );
  note(
    "hydrated: a visit of its own until React has hydrated (the root's effect marks <html data-hydrated>, the floor's as the portal's);",
    "timed on the page's own clock from navigation start (as its paint timing), cache off, so every script crosses the link.",
  );
  console.log();
  table(
    ["mode", "login form usable", "requests until usable", "click → /profile shown"],
    logins.map((l) => [l.label, ms(l.usable), l.requestsToUsable ?? "—", ms(l.login)]),
  );
  note(
    "usable: the e-mail field shows; the form is then filled in and sent at once, and must reach /profile.",
  );
  for (const t of targets.filter((x) => x.label !== "floor /")) {
    for (const mode of modes) {
      const value = fcp.get(key(t.label, mode.js)) as number;
      const floor = mode.js ? floorOn : floorOff;
      budgets.add({
        name: `Slow network FCP, ${mode.label}, ${t.label}`,
        figure: seconds(value),
        floor: seconds(floor),
        ratio: ratioText(ratio(value, floor)),
        limit: `<= ${seconds(LIMITS.slowFcpMs)}`,
        verdict: verdict(value <= LIMITS.slowFcpMs),
      });
    }
  }
  for (const t of targets.filter((x) => x.label !== "floor /")) {
    const value = hydration.get(t.label) as number;
    budgets.add({
      name: `Hydrated on the slow link, ${t.label}`,
      figure: seconds(value),
      floor: seconds(floorHydrated),
      ratio: Number.isFinite(value - floorHydrated) ? `+ ${seconds(value - floorHydrated)}` : "—",
      limit: `<= floor's + ${seconds(LIMITS.hydrationExtraMs)}`,
      verdict: verdict(withinExtra(value, floorHydrated, LIMITS.hydrationExtraMs)),
    });
  }
  for (const l of logins) {
    if (l.error) {
      note(`${l.label}: ${l.error}`);
      for (const problem of (l.problems ?? []).slice(0, 8)) note(`  ${problem.slice(0, 200)}`);
    }
    budgets.add({
      name: `Login form usable on slow network, ${l.label}`,
      figure: l.error
        ? l.usable === undefined
          ? "never (see section 3)"
          : `${ms(l.usable)}, login failed`
        : ms(l.usable),
      limit: `< ${seconds(LIMITS.formUsableMs)}`,
      verdict: verdict(!l.error && (l.usable as number) < LIMITS.formUsableMs),
    });
  }
}
