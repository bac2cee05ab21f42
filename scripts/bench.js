// `npm run bench`: the portal's performance budgets in one run, against the
// production build and the backend stand-in on loopback (its own stack on free
// ports, fresh demo data). Sections: page weight, server speed (portal beside
// the backend calls it makes), slow network in Chromium, memory, soak,
// oversized request bodies, two replicas sharing Redis beside one process,
// Lighthouse (mobile) on every public page.
// Ends with a table of budgets; exits 0 unless the bench itself crashed.
//
//   node scripts/bench.js [--quick] [--strict] [--build] [--only=weight,speed,slow,memory,soak,bodies,replicas,lighthouse]
//     --quick   3 s speed runs and a 10 s soak (development)
//     --strict  exit 1 when a budget fails
//     --build   rebuild even if build/server/index.js exists
//     --only    run only these sections (development; the full run is the record)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { startReplicas, startStack } from "../tests/support/stack.js";
import { BUDGETED, CATEGORIES, LABELS, publicPages, runLighthouse } from "./bench-lighthouse.js";
import { ensureChromium } from "./ensure-chromium.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const SECTIONS = ["weight", "speed", "slow", "memory", "soak", "bodies", "replicas", "lighthouse"];
const args = new Set(process.argv.slice(2));
let only = new Set(SECTIONS);
for (const arg of args) {
  if (arg.startsWith("--only=")) {
    only = new Set(arg.slice("--only=".length).split(","));
    args.delete(arg);
  }
}
for (const arg of [...args, ...[...only].filter((name) => !SECTIONS.includes(name)).map((name) => `--only=${name}`)]) {
  if (!["--quick", "--strict", "--build"].includes(arg)) {
    console.error(`Unknown option ${arg}. Usage: node scripts/bench.js [--quick] [--strict] [--build] [--only=${SECTIONS.join(",")}]`);
    process.exit(2);
  }
}
const QUICK = args.has("--quick");
const STRICT = args.has("--strict");

const SPEED_SECONDS = QUICK ? 3 : 6;
const WARMUP_SECONDS = QUICK ? 1 : 2;
const SOAK_SECONDS = QUICK ? 10 : 60;

const RESIDENT = { email: "resident@example.com", password: "resident12345" };
const ADMIN = { email: "admin@example.com", password: "admin12345" };

const BUDGET = {
  htmlCssKb: 40,
  firstVisitJsKb: 150,
  blockingCss: 1,
  homeRps: 400,
  postsRps: 200,
  ownShareMs: 5,
  formUsableMs: 3000,
  memoryGrowth: 0.2,
  bodiesRssMb: 50,
};

// ---------------------------------------------------------------- output ---

const budgets = [];
/** Records a budget for the final table. */
function budget(name, figure, limit, ok) {
  budgets.push({ name, figure, limit, ok });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value === undefined || Number.isNaN(value) ? "—" : `${value.toFixed(1)} ms`);
const mb = (kib) => `${(kib / 1024).toFixed(1)} MB`;
const int = (value) => Math.round(value).toLocaleString("en-US");
const pct = (ratio) => `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)}%`;

/** Prints rows under a header with aligned columns; numbers (and units) right-aligned. */
function table(headers, rows, { indent = "  " } = {}) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? "")));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const numeric = headers.map((_, i) => rows.every((row) => /^[-+—]?[\d.,]*\s?(%|KB|MB|ms|s)?$|^—$/.test(String(row[i] ?? ""))));
  const line = (row) =>
    indent +
    row
      .map((cell, i) => (numeric[i] && i > 0 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(line(cells[0]));
  console.log(indent + widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row));
}

/** A transient status line on a terminal (erased by the next output); nothing in a log. */
function progress(text) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K  ${text}`);
}
const endProgress = () => process.stdout.isTTY && process.stdout.write("\r\x1b[K");

function heading(title) {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 74 - title.length))}`);
}

// ----------------------------------------------------------------- stack ---

/** The portal's log lines, counted per phase so errors can be pinned to one. */
const logs = { lines: 0, errors: [], stderr: [] };
function onPortalLog(line, stream) {
  if (!line.trim()) return;
  logs.lines++;
  // Request logs are JSON; an error is "level":"error" (5xx, caught exceptions).
  let level;
  try {
    level = JSON.parse(line).level;
  } catch {
    level = undefined;
  }
  if (level === "error") logs.errors.push(line);
  else if (stream === "stderr") logs.stderr.push(line);
}

function ensureBuild() {
  if (existsSync("build/server/index.js") && !args.has("--build")) return;
  console.log("Building the portal (node scripts/build.js)…");
  const result = spawnSync("node", ["scripts/build.js"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("the production build failed");
}

/** Resident memory of a process in KiB (VmRSS), from /proc. */
function rssKib(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

// CPU time a process has used, in ms (utime + stime from /proc): per request it
// is the least noisy speed figure when other work shares the machine.
const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

const cookiePair = (setCookie) => setCookie.split(";")[0];

/** Signs in through the portal's form; returns the Cookie header (session, no toast). */
async function signIn(portalUrl, { email, password }) {
  const response = await fetch(`${portalUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = response.headers.getSetCookie().map(cookiePair);
  const session = cookies.find((cookie) => cookie.startsWith("__session="));
  if (response.status !== 302 || !session) {
    throw new Error(`sign-in as ${email} failed: ${response.status} ${response.headers.get("location") ?? ""}`);
  }
  // The toast is a one-time flash message: sending it again would only re-show it.
  return cookies.filter((cookie) => !cookie.startsWith("__toast=")).join("; ");
}

/** Logs in to the stand-in directly, as the portal does; returns the access token. */
async function backendAccess(backendUrl, { email, password }) {
  const response = await fetch(`${backendUrl}/api/v1/client/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`backend login as ${email} failed: ${response.status}`);
  const { access } = await response.json();
  return access;
}

// ---------------------------------------------------------------- weight ---

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 6 }).length;

/** Attributes of every tag named `name` in `html`. */
function tags(html, name) {
  const found = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attrs = {};
    for (const attr of match[1].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? "";
    }
    found.push(attrs);
  }
  return found;
}

const assetCache = new Map();
/** Fetches an asset once; its raw and gzip sizes and text. */
async function asset(url) {
  if (!assetCache.has(url)) {
    assetCache.set(
      url,
      (async () => {
        const response = await fetch(url);
        // A 404 here usually means build/ was rebuilt under the running portal.
        if (!response.ok) throw new Error(`${url} answered ${response.status}${response.status === 404 ? " (was build/ rebuilt during the run?)" : ""}`);
        const buffer = Buffer.from(await response.arrayBuffer());
        return { raw: buffer.length, gz: gzipSize(buffer), text: buffer.toString("utf8") };
      })(),
    );
  }
  return assetCache.get(url);
}

/**
 * The JavaScript a first visit loads: modulepreloads, script src, what the
 * inline module scripts import (statically or with import(), as React Router
 * imports entry.client), then the static imports of those chunks, transitively
 * (a chunk not preloaded still loads, one round trip later).
 */
async function firstVisitScripts(html, base) {
  const urls = new Set();
  for (const link of tags(html, "link")) {
    if ((link.rel ?? "").split(/\s+/).includes("modulepreload") && link.href) urls.add(new URL(link.href, base).href);
  }
  for (const script of tags(html, "script")) if (script.src) urls.add(new URL(script.src, base).href);
  for (const match of html.matchAll(/<script\b[^>]*type=["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    const code = match[1];
    for (const m of code.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
      urls.add(new URL(m[1] ?? m[2] ?? m[3], base).href);
    }
  }
  const preloaded = new Set(urls);
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift();
    const { text } = await asset(url);
    // Minified static imports: import{a as b}from"./x.js", import"./x.js", export{…}from"./x.js".
    for (const m of text.matchAll(/\bfrom\s*["'](\.{0,2}\/[^"']+)["']|\bimport\s*["'](\.{0,2}\/[^"']+)["']/g)) {
      const next = new URL(m[1] ?? m[2], url).href;
      if (!urls.has(next)) {
        urls.add(next);
        queue.push(next);
      }
    }
  }
  return { urls: [...urls], notPreloaded: [...urls].filter((url) => !preloaded.has(url)) };
}

async function pageWeight(portalUrl, pagePath, cookie) {
  const response = await fetch(`${portalUrl}${pagePath}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status} ${response.headers.get("location") ?? ""}`);
  const html = Buffer.from(await response.arrayBuffer());
  const text = html.toString("utf8");
  const links = tags(text, "link");
  const rels = (link) => (link.rel ?? "").toLowerCase().split(/\s+/);
  const stylesheets = links.filter((link) => rels(link).includes("stylesheet") && link.href);
  // A stylesheet blocks rendering unless it is for print only or disabled.
  const blocking = stylesheets.filter((link) => !("disabled" in link) && !/^\s*print\s*$/i.test(link.media ?? ""));
  const locales = links.filter((link) => rels(link).includes("preload") && link.as === "fetch" && link.href);
  let cssGz = 0;
  for (const link of stylesheets) cssGz += (await asset(new URL(link.href, portalUrl).href)).gz;
  const scripts = await firstVisitScripts(text, portalUrl);
  let jsGz = 0;
  const chunks = [];
  for (const url of scripts.urls) {
    const { gz } = await asset(url);
    jsGz += gz;
    chunks.push({ name: new URL(url).pathname, gz });
  }
  let localeGz = 0;
  for (const link of locales) localeGz += (await asset(new URL(link.href, portalUrl).href)).gz;
  return {
    path: pagePath,
    htmlGz: gzipSize(html),
    cssGz,
    jsGz,
    localeGz,
    scripts: scripts.urls.length,
    notPreloaded: scripts.notPreloaded,
    chunks: chunks.sort((a, b) => b.gz - a.gz),
    requestsNoJs: 1 + blocking.length,
    requestsJs: 1 + blocking.length + scripts.urls.length + locales.length,
    blocking: blocking.length,
  };
}

/** The bytes the portal sends for a URL when the browser accepts `encoding` (raw, not decoded). */
function servedBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The JavaScript Chromium really loads on a first visit, with no interaction:
 * everything up to hydration and then until the network has been quiet for
 * half a second (so chunks loaded lazily after hydration count too). Weighed
 * as the portal serves those files with gzip, and with brotli (what Chromium
 * itself receives).
 */
async function browserScripts(browser, portalUrl, pagePath, cookie) {
  const context = await browser.newContext();
  try {
    if (cookie) {
      const pairs = cookie.split(/;\s*/).map((pair) => pair.split("="));
      await context.addCookies(pairs.map(([name, ...rest]) => ({ name, value: rest.join("="), url: portalUrl })));
    }
    const page = await context.newPage();
    const urls = new Set();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") urls.add(response.url());
    });
    await page.goto(`${portalUrl}${pagePath}`, { waitUntil: "load" });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached", timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    if (new URL(page.url()).pathname !== pagePath) throw new Error(`Chromium was sent from ${pagePath} to ${page.url()}`);
    let gzip = 0;
    let brotli = 0;
    for (const url of urls) {
      gzip += await servedBytes(url, "gzip");
      brotli += await servedBytes(url, "br");
    }
    return { gzip, brotli, urls: [...urls] };
  } finally {
    await context.close();
  }
}

async function weightSection(stack, pages) {
  heading("1. Weight (gzip level 6, per first visit)");
  const results = [];
  for (const page of pages) results.push(await pageWeight(stack.portalUrl, page.path, page.cookie));
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    for (const [i, page] of pages.entries()) {
      progress(`loading ${page.path} in Chromium…`);
      const loaded = await browserScripts(browser, stack.portalUrl, page.path, page.cookie);
      results[i].browserJs = loaded.gzip;
      results[i].browserJsBr = loaded.brotli;
      results[i].lateScripts = loaded.urls.filter((url) => !results[i].chunks.some((chunk) => chunk.name === new URL(url).pathname));
    }
  } finally {
    await browser.close();
  }
  endProgress();
  table(
    ["page", "HTML gz", "CSS gz", "HTML+CSS", "JS gz", "JS loaded, gz", "(br)", "locales gz", "scripts", "req no-JS", "req JS", "blocking CSS"],
    results.map((r) => [
      r.path,
      kb(r.htmlGz),
      kb(r.cssGz),
      kb(r.htmlGz + r.cssGz),
      kb(r.jsGz),
      kb(r.browserJs),
      kb(r.browserJsBr),
      kb(r.localeGz),
      r.scripts,
      r.requestsNoJs,
      r.requestsJs,
      r.blocking,
    ]),
  );
  console.log("  (JS gz = the static import graph of the page, gzip -6; JS loaded = the scripts Chromium loads until the network");
  console.log("   is idle after hydration, lazy chunks included, as the portal serves them with gzip (br: with brotli, what");
  console.log("   browsers get); the budget takes the larger gzip figure;");
  console.log("   req no-JS = HTML + render-blocking CSS; req JS adds scripts and preloaded locale files)");
  for (const r of results) {
    if (r.lateScripts.length > 0) {
      console.log(`  note: ${r.path} also loads after hydration: ${r.lateScripts.map((u) => new URL(u).pathname).join(", ")}`);
    }
  }
  for (const r of results) {
    if (r.notPreloaded.length > 0) {
      console.log(`  note: ${r.path} loads ${r.notPreloaded.length} chunk(s) not modulepreloaded (an extra round trip): ${r.notPreloaded.map((u) => new URL(u).pathname).join(", ")}`);
    }
  }
  // Where the weight is: the largest chunks of the heaviest page.
  const heaviest = [...results].sort((a, b) => b.jsGz - a.jsGz)[0];
  console.log(`  largest chunks on ${heaviest.path}: ${heaviest.chunks.slice(0, 5).map((c) => `${c.name} ${kb(c.gz)}`).join(", ")}`);
  const worst = (key, limit) => {
    const sorted = [...results].sort((a, b) => key(b) - key(a));
    const over = results.filter((r) => key(r) > limit);
    return { top: sorted[0], over };
  };
  const htmlCss = worst((r) => r.htmlGz + r.cssGz, BUDGET.htmlCssKb * 1024 - 1);
  budget(
    "HTML+CSS gzip, every page",
    `${kb(htmlCss.top.htmlGz + htmlCss.top.cssGz)} max (${htmlCss.top.path})${htmlCss.over.length ? `, ${htmlCss.over.length} page(s) over` : ""}`,
    `< ${BUDGET.htmlCssKb} KB`,
    htmlCss.over.length === 0,
  );
  const firstVisitJs = (r) => Math.max(r.jsGz, r.browserJs);
  const js = worst(firstVisitJs, BUDGET.firstVisitJsKb * 1024 - 1);
  budget(
    "First-visit JS gzip, every page",
    `${kb(firstVisitJs(js.top))} max (${js.top.path})${js.over.length ? `, ${js.over.length} page(s) over` : ""}`,
    `< ${BUDGET.firstVisitJsKb} KB`,
    js.over.length === 0,
  );
  const css = worst((r) => r.blocking, BUDGET.blockingCss);
  budget("Render-blocking stylesheets", `${css.top.blocking} max (${css.top.path})`, `<= ${BUDGET.blockingCss}`, css.over.length === 0);
}

// ----------------------------------------------------------------- speed ---

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

/** Describes non-2xx answers and errors of a run ("0" when clean). */
function failures(result) {
  const parts = [];
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith("2")) parts.push(`${count}×${code}`);
  }
  // autocannon counts timeouts among the errors.
  if (result.errors) parts.push(`${result.errors} error(s)${result.timeouts ? `, ${result.timeouts} of them timeouts (> 20 s)` : ""}`);
  return { count: result.non2xx + result.errors, text: parts.length ? parts.join(" ") : "0" };
}

/**
 * One autocannon run. With `samples`, every response time is kept (float ms;
 * autocannon's own histogram has 1 ms resolution, too coarse at 1 connection).
 */
async function cannon({ url, path: requestPath = "/", headers = {}, connections, duration, amount, requests, samples, onHeaders }) {
  const options = { url: url + requestPath, connections, headers, timeout: 20 };
  // autocannon validates what is present: give either a duration or an amount.
  if (amount !== undefined) options.amount = amount;
  else options.duration = duration;
  if (requests) options.requests = requests;
  else if (onHeaders) options.requests = [{ path: requestPath, onResponse: (_status, _body, _context, h) => onHeaders(h) }];
  const instance = autocannon(options);
  const times = [];
  if (samples) instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    result,
    rps: result.requests.average,
    total: result.requests.total,
    p50: samples ? percentile(times, 50) : result.latency.p50,
    p99: samples ? percentile(times, 99) : result.latency.p99,
    failures: failures(result),
  };
}

/** Warm-up, then 50 connections and 1 connection for the same target. */
async function measure(target) {
  await cannon({ ...target, connections: 10, duration: WARMUP_SECONDS });
  const cpuBefore = cpuMs(target.pid);
  const loaded = await cannon({ ...target, connections: 50, duration: SPEED_SECONDS });
  loaded.cpuPerRequest = (cpuMs(target.pid) - cpuBefore) / loaded.total;
  const timings = { app: [], backend: [] };
  const single = await cannon({
    ...target,
    connections: 1,
    duration: SPEED_SECONDS,
    samples: true,
    // The portal's Server-Timing (app = its time before rendering, minus the backend's).
    onHeaders: target.serverTiming
      ? (headers) => {
          const value = headers["server-timing"] ?? headers["Server-Timing"] ?? "";
          const app = value.match(/app;dur=([\d.]+)/);
          const backend = value.match(/backend;dur=([\d.]+)/);
          if (app) timings.app.push(Number(app[1]));
          if (backend) timings.backend.push(Number(backend[1]));
        }
      : undefined,
  });
  for (const list of Object.values(timings)) list.sort((a, b) => a - b);
  return { loaded, single, serverTiming: { app: percentile(timings.app, 50), backend: percentile(timings.backend, 50) } };
}

/**
 * The backend calls a page makes, run as the portal runs them: side by side.
 * One autocannon connection per call, at the same time; the page waits for
 * the slower, so the larger p50 is the backend's part of the page's latency.
 */
async function parallelCalls(backends) {
  const runs = await Promise.all(backends.map((b) => cannon({ ...b, connections: 1, duration: SPEED_SECONDS, samples: true })));
  return Math.max(...runs.map((run) => run.p50));
}

async function speedSection(stack) {
  heading(`2. Server speed (autocannon, ${SPEED_SECONDS} s per run after ${WARMUP_SECONDS} s warm-up)`);
  // Fresh credentials now: the stand-in's access tokens live 5 minutes.
  const cookie = await signIn(stack.portalUrl, RESIDENT);
  const access = await backendAccess(stack.backendUrl, RESIDENT);
  const backend = (path, headers) => ({ url: stack.backendUrl, path, pid: stack.backendPid, headers });
  const posts = backend("/api/v1/client/posts/?ordering=-created_at&page=1&page_size=12");
  const bearer = { authorization: `Bearer ${access}` };
  const me = backend("/api/v1/client/users/me/", bearer);
  const accounts = backend("/api/v1/client/accounts/?ordering=id&page=1&page_size=10", bearer);
  // Signed-out pages are what visitors get (the page cache serves most of them);
  // "rendered" asks for a fresh render (Cache-Control: no-cache, a hard reload)
  // to show what the portal itself costs.
  const noCache = { "cache-control": "no-cache" };
  const portal = (path, headers) => ({ url: stack.portalUrl, path, headers, pid: stack.portalPid });
  const targets = [
    { page: "/", portal: portal("/"), backends: [] },
    { page: "/ rendered", portal: portal("/", noCache), backends: [], share: true },
    { page: "/posts", portal: portal("/posts"), backends: [posts] },
    { page: "/posts rendered", portal: portal("/posts", noCache), backends: [posts], share: true },
    { page: "/profile/accounts", portal: portal("/profile/accounts", { cookie }), backends: [me, accounts], share: true },
  ];
  const rows = [];
  const shares = [];
  const measuredBackends = new Map();
  let served = 0;
  const row = (label, m) => [
    label,
    int(m.loaded.rps),
    ms(m.loaded.cpuPerRequest),
    ms(m.loaded.p50),
    ms(m.loaded.p99),
    ms(m.single.p50),
    ms(m.single.p99),
    [m.loaded.failures, m.single.failures].every((f) => f.count === 0) ? "0" : `${m.loaded.failures.text} / ${m.single.failures.text}`,
  ];
  for (const target of targets) {
    progress(`measuring ${target.page}…`);
    const measured = await measure({ ...target.portal, serverTiming: true });
    served += measured.loaded.total + measured.single.total;
    rows.push(row(`${target.page}  portal`, measured));
    let failures = measured.loaded.failures.count + measured.single.failures.count;
    for (const call of target.backends) {
      if (!measuredBackends.has(call.path)) measuredBackends.set(call.path, await measure(call));
      const m = measuredBackends.get(call.path);
      rows.push(row(`  └ backend GET ${call.path.replace("/api/v1/", "")}`, m));
      failures += m.loaded.failures.count + m.single.failures.count;
    }
    if (target.backends.length === 0) rows.push([`  └ backend (no call)`, "—", "—", "—", "—", "—", "—", "—"]);
    const backendP50 =
      target.backends.length === 0 ? 0 : target.backends.length === 1 ? measuredBackends.get(target.backends[0].path).single.p50 : await parallelCalls(target.backends);
    shares.push({
      page: target.page,
      budgeted: Boolean(target.share),
      calls: target.backends.length,
      portal: measured.single.p50,
      backend: backendP50,
      share: measured.single.p50 - backendP50,
      stApp: measured.serverTiming.app,
      stBackend: measured.serverTiming.backend,
      rps: measured.loaded.rps,
      cpu: measured.loaded.cpuPerRequest,
      failures,
      failureText: `${measured.loaded.failures.text}, ${measured.single.failures.text}`,
    });
  }
  endProgress();
  table(["target", "50c req/s", "CPU/req", "50c p50", "50c p99", "1c p50", "1c p99", "non-2xx/err (50c / 1c)"], rows);
  console.log();
  table(
    ["page", "portal 1c p50", "backend 1c p50", "portal's own share", "Server-Timing app p50", "Server-Timing backend p50"],
    shares.map((s) => [s.page, ms(s.portal), `${ms(s.backend)}${s.calls > 1 ? ` (${s.calls} calls side by side)` : ""}`, s.budgeted ? ms(s.share) : "—", ms(s.stApp), ms(s.stBackend)]),
  );
  console.log("  (own share = portal p50 − backend p50 at 1 connection, on pages rendered for the request: a page-cache hit makes no");
  console.log("   backend call; Server-Timing is taken before the HTML renders)");
  console.log(
    `  CPU/req = the process's CPU time during the 50-connection run ÷ requests; one Node process tops out near 1000 ÷ CPU/req req/s per core` +
      ` (${shares.map((x) => `${x.page} ≈ ${int(1000 / x.cpu)}`).join(", ")}).`,
  );

  const rpsBudget = (page, limit) => {
    const s = shares.find((x) => x.page === page);
    const rendered = shares.find((x) => x.page === `${page} rendered`);
    budget(
      `${page} throughput, 50 connections`,
      `${int(s.rps)} req/s${rendered ? ` (${int(rendered.rps)} rendered each time)` : ""}`,
      `>= ${limit} req/s`,
      s.rps >= limit,
    );
  };
  rpsBudget("/", BUDGET.homeRps);
  rpsBudget("/posts", BUDGET.postsRps);
  for (const s of shares.filter((x) => x.budgeted)) {
    budget(`Portal's own share at p50, ${s.page}`, ms(s.share), `< ${BUDGET.ownShareMs} ms`, s.share < BUDGET.ownShareMs);
  }
  const bad = shares.filter((s) => s.failures > 0);
  budget(
    "Speed runs: non-2xx / errors",
    bad.length ? bad.map((s) => `${s.page}: ${s.failureText}`).join("; ") : "0",
    "0",
    bad.length === 0,
  );
  return served;
}

// ---------------------------------------------------------- slow network ---

/** A page in a fresh context on an emulated 400 kbit/s, 400 ms link, no cache. */
async function slowPage(browser, javaScriptEnabled) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  // What to show when the page never becomes usable: failed loads and script errors.
  const problems = [];
  page.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${new URL(response.url()).pathname}`));
  page.on("requestfailed", (request) => problems.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`));
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
  return { context, page, problems };
}

/**
 * One visit of /auth, then a sign-in. The login form is a plain HTML form, so
 * it is usable as soon as it shows, with or without JavaScript; to prove it,
 * the resident fills it in and submits at that very moment (with JavaScript on,
 * usually while the scripts are still loading), and must reach /profile.
 */
async function slowLogin(browser, portalUrl, javaScriptEnabled) {
  const { context, page, problems } = await slowPage(browser, javaScriptEnabled);
  try {
    let requests = 0;
    page.on("request", () => requests++);
    const started = performance.now();
    let stage = "form";
    let usable;
    let requestsToUsable;
    try {
      const email = page.locator('form input[name="email"]');
      await page.goto(`${portalUrl}/auth`, { waitUntil: "commit" });
      await email.waitFor({ state: "visible" });
      usable = performance.now() - started;
      requestsToUsable = requests;
      stage = "login";
      await email.fill(RESIDENT.email);
      await page.locator('form input[name="password"]').fill(RESIDENT.password);
      const clicked = performance.now();
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/profile", { waitUntil: "commit" }),
        page.locator("form", { has: page.locator('input[name="email"]') }).getByRole("button", { name: "Войти" }).click(),
      ]);
      await page.getByRole("heading", { level: 1 }).waitFor({ state: "visible" });
      const finished = performance.now();
      return { usable, login: finished - clicked, total: finished - started, requestsToUsable };
    } catch (error) {
      // Reported as a failed figure, not a crash: the other sections still run.
      const reason = `${stage === "form" ? "form never usable" : "login never finished"}: ${String(error.message).split("\n")[0]}`;
      return { usable, requestsToUsable, error: reason, problems: [...new Set(problems)] };
    }
  } finally {
    await context.close();
  }
}

/** With JavaScript on, a second visit of /auth: when the enhancements take over (hydration). */
async function slowHydration(browser, portalUrl) {
  const { context, page } = await slowPage(browser, true);
  try {
    const started = performance.now();
    await page.goto(`${portalUrl}/auth`, { waitUntil: "commit" });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
    return performance.now() - started;
  } catch {
    return undefined;
  } finally {
    await context.close();
  }
}

async function slowNetworkSection(stack) {
  heading("3. Slow network (Chromium, 400 kbit/s both ways, 400 ms latency, no cache)");
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
  });
  const results = [];
  try {
    for (const [label, js] of [
      ["JavaScript off", false],
      ["JavaScript on", true],
    ]) {
      progress(`measuring ${label}…`);
      const result = { label, ...(await slowLogin(browser, stack.portalUrl, js)) };
      if (js) result.hydrated = await slowHydration(browser, stack.portalUrl);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  endProgress();
  table(
    ["mode", "login form usable", "requests until usable", "click → /profile shown", "total to /profile", "enhanced (hydrated)"],
    results.map((r) => [r.label, ms(r.usable), r.requestsToUsable ?? "—", ms(r.login), ms(r.total), r.hydrated === undefined ? "—" : ms(r.hydrated)]),
  );
  console.log("  (usable: the e-mail field shows; the form is then filled in and sent at once, and must reach /profile;");
  console.log("   enhanced: a second visit until React has hydrated: live validation, pending states, toasts)");
  for (const r of results) {
    if (r.error) {
      console.log(`  ${r.label}: ${r.error}`);
      for (const problem of r.problems.slice(0, 8)) console.log(`    ${problem.slice(0, 200)}`);
    }
    budget(
      `Login form usable on slow network, ${r.label}`,
      r.error ? (r.usable === undefined ? "never (see section 3)" : `${ms(r.usable)}, login failed`) : ms(r.usable),
      `< ${BUDGET.formUsableMs / 1000} s`,
      !r.error && r.usable < BUDGET.formUsableMs,
    );
  }
}

// ---------------------------------------------------------------- memory ---

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

async function memorySection(stack, servedBefore) {
  heading("4. Memory (portal RSS, mix of / and /posts)");
  const mix = [{ path: "/" }, { path: "/posts" }];
  const base = { url: stack.portalUrl, connections: 10, requests: mix };
  const start = rssKib(stack.portalPid);
  const first = await cannon({ ...base, amount: 1000 });
  await settle();
  const after1k = rssKib(stack.portalPid);
  const second = await cannon({ ...base, amount: 9000 });
  await settle();
  const after10k = rssKib(stack.portalPid);
  const growth = after10k / after1k - 1;
  table(
    ["point", "RSS", "non-2xx/err"],
    [
      [`start of section (${int(servedBefore)} requests served before)`, mb(start), "—"],
      ["after 1 000 requests", mb(after1k), first.failures.text],
      ["after 10 000 requests", mb(after10k), second.failures.text],
    ],
  );
  console.log(`  growth 1 000 → 10 000: ${pct(growth)}`);
  budget("RSS after 10 000 vs 1 000 requests", `${mb(after1k)} → ${mb(after10k)} (${pct(growth)})`, `within ${BUDGET.memoryGrowth * 100}%`, Math.abs(growth) <= BUDGET.memoryGrowth);
  if (first.failures.count + second.failures.count > 0) {
    budget("Memory runs: non-2xx / errors", `${first.failures.text}, ${second.failures.text}`, "0", false);
  }
}

// ------------------------------------------------------------------ soak ---

async function soakSection(stack) {
  heading(`5. Soak (100 connections for ${SOAK_SECONDS} s)`);
  const cookie = await signIn(stack.portalUrl, RESIDENT);
  const errorsBefore = logs.errors.length;
  const stderrBefore = logs.stderr.length;
  const before = rssKib(stack.portalPid);
  const cpuBefore = cpuMs(stack.portalPid);
  // RSS every second: 100 open connections grow the heap once (buffers, more
  // requests in flight), so the flat check starts once the soak is under way.
  const warmAt = Math.max(2, Math.round(SOAK_SECONDS * 0.15));
  const rssSamples = [];
  const sampler = setInterval(() => rssSamples.push(rssKib(stack.portalPid)), 1000);
  // Two instances side by side: anonymous visitors and signed-in residents.
  const [visitors, residents] = await Promise.all([
    cannon({
      url: stack.portalUrl,
      connections: 70,
      duration: SOAK_SECONDS,
      requests: ["/", "/posts", "/rates", "/about"].map((p) => ({ path: p })),
    }),
    cannon({
      url: stack.portalUrl,
      connections: 30,
      duration: SOAK_SECONDS,
      headers: { cookie },
      requests: ["/profile/accounts", "/profile"].map((p) => ({ path: p, headers: { cookie } })),
    }),
  ]);
  const cpuUsed = cpuMs(stack.portalPid) - cpuBefore;
  clearInterval(sampler);
  const end = rssKib(stack.portalPid);
  const warm = rssSamples[warmAt - 1] ?? before;
  const peak = Math.max(...rssSamples, end);
  const errorLines = logs.errors.slice(errorsBefore);
  const stderrLines = logs.stderr.slice(stderrBefore);
  const row = (label, c) => [label, int(c.total), int(c.rps), ms(c.p50), ms(c.p99), c.failures.text];
  table(
    ["mix", "requests", "req/s", "p50", "p99", "non-2xx/errors"],
    [row("public: / /posts /rates /about (70c)", visitors), row("signed in: /profile/accounts /profile (30c)", residents)],
  );
  const total = visitors.total + residents.total;
  const failedCount = visitors.failures.count + residents.failures.count;
  const growth = end / warm - 1;
  console.log(`  total requests: ${int(total)}; non-2xx/errors: ${failedCount}; portal CPU ${ms(cpuUsed / total)} per request`);
  console.log(`  error lines logged by the portal: ${errorLines.length}; other stderr lines: ${stderrLines.length}`);
  for (const line of [...errorLines, ...stderrLines].slice(0, 5)) console.log(`    ${line.slice(0, 300)}`);
  console.log(
    `  RSS: ${mb(before)} before, ${mb(warm)} after ${warmAt} s, ${mb(peak)} peak, ${mb(end)} at the end` +
      ` (end vs ${warmAt} s: ${pct(growth)}; end vs before: ${pct(end / before - 1)})`,
  );
  budget("Soak: non-2xx / errors", `${failedCount} of ${int(total)}${failedCount ? ` (${visitors.failures.text}; ${residents.failures.text})` : ""}`, "0", failedCount === 0);
  budget("Soak: error lines logged", String(errorLines.length), "0", errorLines.length === 0);
  budget(
    `Soak: RSS flat (${warmAt} s in → end)`,
    `${mb(warm)} → ${mb(end)} (${pct(growth)}; ${pct(end / before - 1)} vs idle before)`,
    `within ${BUDGET.memoryGrowth * 100}%`,
    Math.abs(growth) <= BUDGET.memoryGrowth,
  );
}

// -------------------------------------------------------------- replicas ---

/**
 * Signed-in pages from two portals sharing Redis (their own stand-in), beside
 * the main stack's one process with the memory store, and what the store
 * adds to a signed-in request: one Redis GET (the ended-session check).
 * On one machine two replicas share its cores: the figure shows the store
 * costs little, not that two replicas double the throughput.
 */
async function replicasSection(stack) {
  heading(`7. Replicas: signed-in /profile, two portals sharing Redis beside one process (${SPEED_SECONDS} s runs)`);
  const page = "/profile";
  const run = (url, cookie, connections, duration) => cannon({ url, path: page, headers: { cookie }, connections, duration });
  const oneCookie = await signIn(stack.portalUrl, RESIDENT);
  await run(stack.portalUrl, oneCookie, 10, WARMUP_SECONDS);
  const one = await run(stack.portalUrl, oneCookie, 50, SPEED_SECONDS);

  const replicas = await startReplicas({ count: 2, redis: true });
  try {
    const cookie = await signIn(replicas.portalUrls[0], RESIDENT);
    await Promise.all(replicas.portalUrls.map((url) => run(url, cookie, 5, WARMUP_SECONDS)));
    const two = await Promise.all(replicas.portalUrls.map((url) => run(url, cookie, 25, SPEED_SECONDS)));
    const twoRps = two.reduce((sum, r) => sum + r.rps, 0);

    // The store's cost per signed-in request: one GET round trip to Redis.
    const { Redis } = await import("ioredis");
    const redis = new Redis(replicas.redisUrl, { keyPrefix: "portal:" });
    const rounds = 2000;
    for (let i = 0; i < 200; i += 1) await redis.get("session:ended:bench");
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) await redis.get("session:ended:bench");
    const perGet = (performance.now() - started) / rounds;
    redis.disconnect();

    table(
      ["setup", "50c req/s", "p50", "p99", "non-2xx/err"],
      [
        ["one process, memory store", int(one.rps), ms(one.p50), ms(one.p99), one.failures.text],
        ["two portals + Redis (25c each)", int(twoRps), ms(Math.max(...two.map((r) => r.p50))), ms(Math.max(...two.map((r) => r.p99))), two.map((r) => r.failures.text).join(" / ")],
      ],
    );
    console.log(`  Store cost per signed-in request: one Redis GET, ${ms(perGet)} per round trip on loopback (${rounds} in a row).`);
    const bad = [one, ...two].filter((r) => r.failures.count > 0);
    budget("Replicas runs: non-2xx / errors", bad.length ? bad.map((r) => r.failures.text).join("; ") : "0", "0", bad.length === 0);
  } finally {
    await replicas.stop();
  }
}

// ---------------------------------------------------------------- bodies ---

/**
 * POSTs `totalBytes` of one multipart file field, 64 KB at a time (the bench
 * never holds the body), with or without Content-Length, and stops sending
 * once the portal answers. Resolves with the status, or "reset".
 */
function hugePost(portalUrl, requestPath, { totalBytes, chunked, cookie }) {
  return new Promise((resolve) => {
    const boundary = "----bench-bodies";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: portalUrl };
    if (cookie) headers.Cookie = cookie;
    if (chunked) headers["Transfer-Encoding"] = "chunked";
    else headers["Content-Length"] = String(head.length + totalBytes + tail.length);
    const request = http.request(new URL(requestPath, portalUrl), { method: "POST", headers });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      resolve({ status, sent });
    };
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => done(response.statusCode));
      response.on("error", () => done(response.statusCode));
    });
    request.on("error", () => done("reset"));
    request.write(head);
    const pump = () => {
      while (!settled && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!settled) request.end(tail);
    };
    pump();
  });
}

async function bodiesSection(stack, adminCookie, postId) {
  heading("6. Oversized bodies (8 parallel 100 MB posts, portal RSS)");
  const total = 100 * 1024 * 1024;
  const runs = [
    { name: "/auth, multipart with Content-Length", path: "/auth", chunked: false },
    { name: "/auth, multipart chunked (no length)", path: "/auth", chunked: true },
    { name: "image upload as admin (one 100 MB file)", path: `/admin/posts/${postId}/images`, chunked: false, cookie: adminCookie },
  ];
  // A first refusal warms the code paths up, so idle is idle.
  await hugePost(stack.portalUrl, "/auth", { totalBytes: 1024 * 1024, chunked: false });
  const rows = [];
  for (const run of runs) {
    await settle();
    const idle = rssKib(stack.portalPid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKib(stack.portalPid));
    }, 50);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 8 }, () => hugePost(stack.portalUrl, run.path, { totalBytes: total, chunked: run.chunked, cookie: run.cookie })));
    const ms = performance.now() - started;
    await settle();
    clearInterval(sampler);
    const after = rssKib(stack.portalPid);
    peak = Math.max(peak, after);
    const statuses = [...new Set(results.map((r) => r.status))].join(", ");
    const sentMb = results.reduce((sum, r) => sum + r.sent, 0) / 1024 / 1024;
    rows.push([run.name, statuses, `${sentMb.toFixed(0)} MB`, `${(ms / 1000).toFixed(1)} s`, mb(idle), mb(peak), `+${((peak - idle) / 1024).toFixed(1)} MB`, mb(after)]);
    const ok = (peak - idle) / 1024 <= BUDGET.bodiesRssMb && results.every((r) => r.status === 413 || r.status === 400);
    budget(`8 × 100 MB posts: RSS peak over idle, ${run.name}`, `+${((peak - idle) / 1024).toFixed(1)} MB (${statuses})`, `<= ${BUDGET.bodiesRssMb} MB, refused`, ok);
  }
  table(["posts", "answers", "bench sent", "time", "idle RSS", "peak RSS", "peak − idle", "after 1 s"], rows);
  console.log("  The answers are 413 (refused by length or while streaming) or 400 with the form's message (a file over 10 MB);");
  console.log("  \"bench sent\" is what left the bench before the portal answered (it stops sending then).");
}

// ------------------------------------------------------------ lighthouse ---

async function lighthouseSection(stack) {
  heading("8. Lighthouse (mobile emulation, one run per public page)");
  const pages = await publicPages(stack.backendUrl);
  const results = await runLighthouse(stack.portalUrl, pages, { chromePath: ensureChromium(), onProgress: progress });
  endProgress();
  table(
    ["page", ...CATEGORIES.map((id) => LABELS[id]), "FCP"],
    results.map((r) => [r.path, ...CATEGORIES.map((id) => r.scores[id]), ms(r.fcp)]),
  );
  console.log("  (performance and FCP are printed, not budgeted: one run on a shared machine; Lighthouse throttles as a phone on 4G)");
  for (const r of results) {
    if (r.failing.length > 0) console.log(`  ${r.path} loses points on ${r.failing.join(", ")}`);
  }
  for (const id of BUDGETED) {
    const below = results.filter((r) => r.scores[id] < 100);
    const lowest = [...results].sort((a, b) => a.scores[id] - b.scores[id])[0];
    budget(
      `Lighthouse ${LABELS[id]}, ${results.length} public pages`,
      below.length === 0 ? "100 on every page" : `${lowest.scores[id]} min (${lowest.path}), ${below.length} page(s) below`,
      "100",
      below.length === 0,
    );
  }
}

// ------------------------------------------------------------------ main ---

async function main() {
  ensureBuild();
  const buildTime = () => {
    try {
      return statSync("build/server/index.js").mtimeMs;
    } catch {
      return null; // being rebuilt right now
    }
  };
  const builtAt = buildTime();
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(
    `Portal benchmark${QUICK ? " (--quick)" : ""}: Node ${process.version}, ${os.cpus().length} CPU(s), load average ${load()}` +
      "\nautocannon, the portal and the stand-in share this machine: figures are relative to it.",
  );
  if (os.loadavg()[0] > os.cpus().length) {
    console.log("Warning: the machine is already busy (load above the CPU count): speed figures will be pessimistic.");
  }
  const stack = await startStack({ onPortalLog });
  const stop = async () => {
    await stack.stop();
  };
  // Ctrl-C must not leave the portal and the stand-in running.
  const interrupted = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(`Stack: portal ${stack.portalUrl} (pid ${stack.portalPid}), stand-in ${stack.backendUrl}`);
    const residentCookie = await signIn(stack.portalUrl, RESIDENT);
    const adminCookie = await signIn(stack.portalUrl, ADMIN);
    const posts = await (await fetch(`${stack.backendUrl}/api/v1/client/posts/?page_size=1`)).json();
    const postId = posts.results?.[0]?.id;
    if (postId === undefined) throw new Error("the stand-in has no posts");
    const pages = [
      { path: "/" },
      { path: "/auth" },
      { path: "/auth/registration" },
      { path: "/posts" },
      { path: `/posts/item/${postId}` },
      { path: "/rates" },
      { path: "/profile/accounts", cookie: residentCookie },
      { path: "/admin/posts", cookie: adminCookie },
    ];
    if (only.has("weight")) await weightSection(stack, pages);
    const served = only.has("speed") ? await speedSection(stack) : 0;
    if (only.has("slow")) await slowNetworkSection(stack);
    if (only.has("memory")) await memorySection(stack, served);
    if (only.has("soak")) await soakSection(stack);
    if (only.has("bodies")) await bodiesSection(stack, adminCookie, postId);
    if (only.has("replicas")) await replicasSection(stack);
    if (only.has("lighthouse")) await lighthouseSection(stack);

    heading("Budgets");
    table(
      ["budget", "figure", "limit", "result"],
      budgets.map((b) => [b.name, b.figure, b.limit, b.ok ? "ok" : "FAIL"]),
    );
    if (buildTime() !== builtAt) {
      console.log("\nWarning: build/ was rebuilt during the run; the running portal may have served missing assets.");
    }
    const failed = budgets.filter((b) => !b.ok).length;
    console.log(
      `\n${failed === 0 ? "All budgets hold." : `${failed} of ${budgets.length} budget(s) FAIL.`}` +
        ` Portal error lines logged in the whole run: ${logs.errors.length}. Load average at the end: ${load()}.`,
    );
    return failed;
  } finally {
    await stop();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
}

try {
  const failed = await main();
  process.exit(STRICT && failed > 0 ? 1 : 0);
} catch (error) {
  console.error(`\nThe benchmark crashed: ${error instanceof Error ? error.stack : error}`);
  if (logs.errors.length) console.error(`Portal error lines:\n${logs.errors.slice(-5).join("\n")}`);
  process.exit(2);
}
