// What a first visit downloads, page by page, beside the floor's page: the
// HTML and CSS, the JavaScript of the page's static import graph, and the
// JavaScript Chromium really loads (until the network is idle after hydration).
import http from "node:http";
import zlib from "node:zlib";
import type { Browser } from "playwright-core";

import { cookiesFor, launchChromium } from "../browser";
import { budgets, LIMITS, ratio, ratioText, verdict, withinExtra } from "../budgets";
import { BROWSER_LOCALE, type Context } from "../context";
import {
  blockingStylesheets,
  dataPreloads,
  entryScripts,
  readDocument,
  staticImports,
  stylesheetPosition,
  stylesheets,
} from "../html";
import { endProgress, heading, kb, note, progress, table } from "../output";
import { publicPages } from "../portal";

/** The bytes a server sends for `url` when the client accepts `encoding` (as sent, not decoded), and the decoded text. */
function served(url: string, encoding: string): Promise<{ bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(
            new Error(
              `${url} answered ${response.statusCode}${response.statusCode === 404 ? " (was build/ rebuilt during the run?)" : ""}`,
            ),
          );
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const contentEncoding = response.headers["content-encoding"];
          const body =
            contentEncoding === "gzip"
              ? zlib.gunzipSync(raw)
              : contentEncoding === "br"
                ? zlib.brotliDecompressSync(raw)
                : raw;
          resolve({ bytes: raw.length, body });
        });
      })
      .on("error", reject);
  });
}

const gzipCache = new Map<string, Promise<{ bytes: number; body: Buffer }>>();
/** An asset as served with gzip, fetched once per run. */
const gzipped = (url: string) => {
  if (!gzipCache.has(url)) gzipCache.set(url, served(url, "gzip"));
  return gzipCache.get(url) as Promise<{ bytes: number; body: Buffer }>;
};

/** The page's scripts and what they import statically, transitively (a chunk not preloaded still loads, a round trip later). */
async function importGraph(entry: string[]): Promise<{ urls: string[]; notPreloaded: string[] }> {
  const urls = new Set(entry);
  const queue = [...entry];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    for (const name of await staticImports((await gzipped(url)).body.toString("utf8"))) {
      const next = new URL(name, url).href;
      if (!urls.has(next)) {
        urls.add(next);
        queue.push(next);
      }
    }
  }
  return { urls: [...urls], notPreloaded: [...urls].filter((url) => !entry.includes(url)) };
}

interface Weight {
  label: string;
  budgeted: boolean;
  htmlGz: number;
  cssGz: number;
  graphJsGz: number;
  loadedJsGz: number;
  loadedJsEncoded: number;
  scripts: number;
  smallScripts: number;
  localeGz: number;
  blocking: number;
  cssPosition: string;
  /** Elements other than meta and title before the stylesheet in <head>. */
  cssBefore: number;
  notPreloaded: string[];
  lateScripts: string[];
  chunks: { name: string; gz: number }[];
}

/** The scripts Chromium loads on a first visit (cache empty) until the network is idle after hydration, with the bytes it received for each. */
async function chromiumScripts(browser: Browser, url: string, cookie?: string) {
  const context = await browser.newContext({ locale: BROWSER_LOCALE });
  try {
    if (cookie) await context.addCookies(cookiesFor(cookie, new URL(url).origin));
    const page = await context.newPage();
    const responses: import("playwright-core").Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    });
    await page.goto(url, { waitUntil: "load" });
    await page
      .locator('html[data-hydrated="true"]')
      .waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    if (page.url() !== url) throw new Error(`Chromium was sent from ${url} to ${page.url()}`);
    let encoded = 0;
    for (const response of responses)
      encoded += (await response.request().sizes()).responseBodySize;
    return { urls: responses.map((r) => r.url()), encoded };
  } finally {
    await context.close();
  }
}

async function weigh(
  browser: Browser,
  label: string,
  url: string,
  budgeted: boolean,
  cookie?: string,
): Promise<Weight> {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status} ${response.headers.get("location") ?? ""}`);
  const html = Buffer.from(await response.arrayBuffer());
  const parts = readDocument(html.toString("utf8"));
  let cssGz = 0;
  for (const link of stylesheets(parts))
    cssGz += (await gzipped(new URL(link.href, url).href)).bytes;
  let localeGz = 0;
  for (const link of dataPreloads(parts))
    localeGz += (await gzipped(new URL(link.href, url).href)).bytes;
  const graph = await importGraph(await entryScripts(parts, url));
  const chunks = [];
  for (const script of graph.urls)
    chunks.push({ name: new URL(script).pathname, gz: (await gzipped(script)).bytes });
  const loaded = await chromiumScripts(browser, url, cookie);
  const loadedGz = await Promise.all(
    loaded.urls.map(async (script) => (await gzipped(script)).bytes),
  );
  const position = stylesheetPosition(parts);
  return {
    label,
    budgeted,
    htmlGz: zlib.gzipSync(html, { level: 6 }).length,
    cssGz,
    graphJsGz: chunks.reduce((sum, c) => sum + c.gz, 0),
    loadedJsGz: loadedGz.reduce((sum, bytes) => sum + bytes, 0),
    loadedJsEncoded: loaded.encoded,
    scripts: loaded.urls.length,
    smallScripts: loadedGz.filter((bytes) => bytes < 2048).length,
    localeGz,
    blocking: blockingStylesheets(parts).length,
    cssPosition: position
      ? `${position.inline ? "<style> " : ""}${position.position} of ${position.of} (${position.before} before)`
      : "none",
    cssBefore: position?.before ?? Number.POSITIVE_INFINITY,
    notPreloaded: graph.notPreloaded,
    lateScripts: loaded.urls.filter((script) => !graph.urls.includes(script)),
    chunks: chunks.sort((a, b) => b.gz - a.gz),
  };
}

export async function weightSection(ctx: Context) {
  heading("1. Weight (per first visit, beside the floor's page)");
  const { portalUrl } = ctx.stack;
  const pages: { path: string; cookie?: string; budgeted: boolean }[] = [
    ...(await publicPages(ctx.stack.backendUrl)).map((path) => ({ path, budgeted: true })),
    { path: "/profile/accounts", cookie: ctx.residentCookie, budgeted: false },
    { path: "/admin/posts", cookie: ctx.adminCookie, budgeted: false },
  ];
  const browser = await launchChromium();
  const results: Weight[] = [];
  let floor: Weight;
  try {
    progress("weighing the floor…");
    floor = await weigh(browser, "floor /", `${ctx.floor.url}/`, false);
    for (const page of pages) {
      progress(`weighing ${page.path}…`);
      results.push(
        await weigh(browser, page.path, `${portalUrl}${page.path}`, page.budgeted, page.cookie),
      );
    }
  } finally {
    await browser.close();
  }
  endProgress();
  const extra = (w: Weight) =>
    `${w.loadedJsGz >= floor.loadedJsGz ? "+" : "−"}${kb(Math.abs(w.loadedJsGz - floor.loadedJsGz))}`;
  table(
    [
      "page",
      "HTML gz",
      "CSS gz",
      "HTML+CSS",
      "ratio",
      "JS graph gz",
      "JS loaded gz",
      "vs floor",
      "(as received)",
      "scripts",
      "< 2 KB",
      "locales gz",
      "blocking CSS",
      "stylesheet in <head>",
    ],
    [floor, ...results].map((w) => [
      w.label,
      kb(w.htmlGz),
      kb(w.cssGz),
      kb(w.htmlGz + w.cssGz),
      w === floor ? "—" : ratioText(ratio(w.htmlGz + w.cssGz, floor.htmlGz + floor.cssGz)),
      kb(w.graphJsGz),
      kb(w.loadedJsGz),
      w === floor ? "—" : extra(w),
      kb(w.loadedJsEncoded),
      w.scripts,
      w.smallScripts,
      kb(w.localeGz),
      w.blocking,
      w.cssPosition,
    ]),
  );
  note(
    "JS graph = the page's modulepreloads, scripts and inline module imports with their static imports, as served with gzip;",
    "JS loaded = the scripts Chromium requests on a first visit (cache empty) until the network is idle after hydration, lazy",
    "chunks included, as served with gzip (budgeted); as received = the encoded bytes Chromium got (brotli);",
    "< 2 KB = loaded scripts under 2 KB gzip; stylesheet in <head> = its place among <head>'s elements, and how many that are",
    "not meta or title come before it (<style>: the styles are in the page itself); signed-in pages are printed, not budgeted.",
  );
  for (const w of results) {
    if (w.lateScripts.length > 0)
      note(
        `note: ${w.label} also loads after hydration: ${w.lateScripts.map((u) => new URL(u).pathname).join(", ")}`,
      );
    if (w.notPreloaded.length > 0)
      note(
        `note: ${w.label} loads ${w.notPreloaded.length} chunk(s) not modulepreloaded (a round trip later): ${w.notPreloaded.map((u) => new URL(u).pathname).join(", ")}`,
      );
  }
  const heaviest = [...results].sort((a, b) => b.graphJsGz - a.graphJsGz)[0];
  note(
    `largest chunks on ${heaviest.label}: ${heaviest.chunks
      .slice(0, 5)
      .map((c) => `${c.name} ${kb(c.gz)}`)
      .join(", ")}`,
  );
  note(`the floor's chunks: ${floor.chunks.map((c) => `${c.name} ${kb(c.gz)}`).join(", ")}`);

  for (const w of results.filter((r) => r.budgeted)) {
    const allowed = LIMITS.firstVisitJsExtraBytes;
    budgets.add({
      name: `First-visit JS gzip (Chromium), ${w.label}`,
      figure: kb(w.loadedJsGz),
      floor: kb(floor.loadedJsGz),
      ratio: extra(w),
      limit: `<= floor + ${kb(allowed)}`,
      verdict: verdict(withinExtra(w.loadedJsGz, floor.loadedJsGz, allowed)),
    });
  }
  const htmlCss = [...results].sort((a, b) => b.htmlGz + b.cssGz - (a.htmlGz + a.cssGz))[0];
  budgets.add({
    name: "HTML+CSS gzip, every page",
    figure: `${kb(htmlCss.htmlGz + htmlCss.cssGz)} max (${htmlCss.label})`,
    floor: kb(floor.htmlGz + floor.cssGz),
    limit: `< ${kb(LIMITS.htmlCssBytes)}`,
    verdict: verdict(htmlCss.htmlGz + htmlCss.cssGz < LIMITS.htmlCssBytes),
  });
  // The first paint's one request comes first: nothing but meta tags and the title before it.
  const late = results.filter((r) => r.budgeted && r.cssBefore > 0);
  budgets.add({
    name: "Stylesheet first in <head> (after meta and title), every public page",
    figure: late.length
      ? `${late.length} page(s) with ${Math.max(...late.map((r) => r.cssBefore))} element(s) before it (${late[0].label})`
      : "first on every page",
    floor: floor.cssPosition,
    limit: "nothing but meta and title before it",
    verdict: verdict(late.length === 0),
  });
  const blocking = [...results].sort((a, b) => b.blocking - a.blocking)[0];
  budgets.add({
    name: "Render-blocking stylesheets",
    figure: `${blocking.blocking} max (${blocking.label})`,
    floor: String(floor.blocking),
    limit: `<= ${LIMITS.blockingCss}`,
    verdict: verdict(blocking.blocking <= LIMITS.blockingCss),
  });
}
