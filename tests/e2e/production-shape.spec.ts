/**
 * The production shape of docker-compose.yml on loopback: nginx with
 * deploy/nginx.conf (filled in as the image fills it in: tests/support/proxy.js)
 * in front of two portal replicas sharing one Redis, with the stand-in behind.
 * Under a steady load of signed-in and signed-out pages (and a form) each replica in turn
 * is stopped (SIGTERM), exits and starts again, then Redis is stopped and
 * started: no request may fail and nobody may be signed out.
 *
 * Each replica reaches the stand-in through a gate of this test's that can
 * hold a sign-in for a while: that is how the test knows which replica has a
 * POST in flight when it sends the SIGTERM.
 *
 * Its own project (playwright.config.ts): it runs alone after the rest, since
 * its load takes every core for most of a minute.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
// Plain HTTP: the base test, without the fixtures' browser page.
import { expect, test } from "@playwright/test";
import autocannon from "autocannon";

import { personalCookieNames } from "../../app/utils/http/personal-cookies";
import { nginxConfPath, startNginx, templateFilter } from "../support/proxy.js";
import { freePort, startBackend, startPortal, startRedis } from "../support/stack.js";
import { admin, hydrated, resident } from "./fixtures";

const host = "portal.test";
const residentName = "Иванов Иван Иванович";
// Load: the issue's 50 connections, half signed in, half signed out.
const connections = 50;
// docker-compose.yml's values: the drain as it runs in production.
const drainEnv = { SHUTDOWN_DELAY_MS: "2000", SHUTDOWN_TIMEOUT_MS: "20000" };
// How long a gate holds the sign-in that is in flight at the SIGTERM: past the drain's delay.
const holdMs = 3500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// How long nginx keeps a signed-out public page here: short, so that a change shows within a test.
const cacheSeconds = 4;
/** When the first cache test had nginx keep /posts for Save-Data: the backend-down test reads that copy. */
let savingDataKeptAt = 0;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request to `base` naming `hostHeader` (fetch cannot set Host); `path` goes on the request line as it is. */
function send(
  base: string,
  path: string,
  {
    method = "GET",
    hostHeader = host,
    headers = {},
    body,
  }: { method?: string; hostHeader?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const { hostname, port } = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const options = {
      hostname,
      port,
      path,
      method,
      agent: false,
      headers: { Host: hostHeader, ...headers },
    };
    const request = http.request(options, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.setTimeout(30_000, () => request.destroy(new Error("no answer in 30 s")));
    request.on("error", reject);
    request.end(body);
  });
}

const sessionOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? [])
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("__session="));

function signIn(base: string) {
  return send(base, "/auth", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(resident).toString(),
  });
}

/**
 * A transparent forwarder from one replica to the stand-in. `holdNextSignIn`
 * holds the next sign-in the replica makes for `holdMs` and resolves as soon as
 * it arrives: that replica then has the resident's POST in flight.
 */
async function startGate(target: string) {
  // A connection per call: a kept-alive one the stand-in closes as idle just as
  // the gate reuses it would fail a page for a reason of the test's own.
  const agent = new http.Agent({ keepAlive: false });
  let armed: (() => void) | null = null;
  /** A backend that is down: every call's connection is cut. */
  let down = false;
  const hopByHop = ["host", "connection", "keep-alive", "transfer-encoding"];
  const server = http.createServer((req, res) => {
    const forward = () => {
      const headers = { ...req.headers };
      for (const name of hopByHop) delete headers[name];
      const upstream = http.request(
        new URL(req.url ?? "/", target),
        { method: req.method, headers, agent },
        (answer) => {
          const answerHeaders = { ...answer.headers };
          for (const name of hopByHop) delete answerHeaders[name];
          res.writeHead(answer.statusCode ?? 502, answerHeaders);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (down) {
      req.socket.destroy();
      return;
    }
    if (armed && req.method === "POST" && req.url?.startsWith("/api/v1/client/users/login/")) {
      armed();
      armed = null;
      setTimeout(forward, holdMs);
    } else forward();
  });
  // Longer than the portal keeps an idle connection (it follows the Keep-Alive
  // hint): the portal, not the gate, closes it, so no call meets a closing one.
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    holdNextSignIn: () => new Promise<void>((resolve) => (armed = resolve)),
    disarm: () => (armed = null),
    setDown: (value: boolean) => (down = value),
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Gate = Awaited<ReturnType<typeof startGate>>;
type Portal = Awaited<ReturnType<typeof startPortal>>;

async function readyz(url: string) {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(15_000) });
    return {
      http: response.status,
      ...((await response.json()) as { status: string; store: string }),
    };
  } catch {
    return { http: 0 };
  }
}

/**
 * 50 connections, each taking turns at the resident's /profile, a visitor's
 * sign-in page and a visitor's theme switch (a form), until `stop`. Counted by phase: answers, failures (an error or a
 * status outside 2xx/3xx) and signed-in requests that did not get the
 * resident's page.
 */
function startLoad(base: string, cookie: string, proxyRetries: () => number) {
  const blank = () => ({ requests: 0, failed: 0, signedOut: 0, retriedAtStart: proxyRetries() });
  const phases: { name: string; figures: ReturnType<typeof blank> }[] = [];
  let current = blank();
  const problems: string[] = [];
  const note = (problem: string) => problems.length < 20 && problems.push(problem);
  const phase = (name: string) => {
    current = blank();
    phases.push({ name, figures: current });
  };
  phase("warm-up");
  const count =
    (what: string, signedIn = false) =>
    (status: number, body: string) => {
      current.requests += 1;
      if (status < 200 || status >= 400) {
        current.failed += 1;
        note(`${status} for ${what}`);
      } else if (signedIn && !(status === 200 && body.includes(residentName))) {
        current.signedOut += 1;
        note(`/profile signed out: ${status}`);
      }
    };
  const instance = autocannon({
    url: base,
    connections,
    duration: 300,
    timeout: 20,
    requests: [
      {
        method: "GET",
        path: "/profile",
        headers: { host, cookie },
        onResponse: count("/profile", true),
      },
      // A visitor's page nginx never keeps (the home page it would answer itself).
      { method: "GET", path: "/auth", headers: { host }, onResponse: count("/auth") },
      // A form too: a POST that reaches a stopping replica must not be lost either.
      {
        method: "POST",
        path: "/resources/theme",
        headers: { host, "content-type": "application/x-www-form-urlencoded" },
        body: "theme=dark&redirectTo=%2F",
        onResponse: count("POST /resources/theme"),
      },
    ],
  } as autocannon.Options) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on("reqError", (error: Error) => {
    current.failed += 1;
    note(`error: ${error.message}`);
  });
  return {
    phase,
    phases,
    problems,
    /** Answers so far in the current phase. */
    answered: () => current.requests,
    async stop() {
      instance.stop();
      const result = await instance;
      // autocannon counts a request that never got an answer (a timeout) among its errors.
      return { timeouts: result.timeouts, errors: result.errors, non2xx: result.non2xx };
    },
  };
}

/**
 * What a busy stopping replica does to the requests the kernel accepted for it
 * but it never read: nothing for seconds, then a reset when its listener
 * closes. Two stand-ins for replicas behind nginx with deploy/nginx.conf: one
 * that accepts and never reads, resetting each connection after `unreadMs`,
 * and one that answers. A form sent to the first must be answered by the second.
 */
test.describe("a request a stopping replica leaves unread for seconds", () => {
  // Longer than the 2 s window that lost such requests (502) on a loaded machine; shorter than 10 s.
  const unreadMs = 4000;
  const cleanups: (() => Promise<void>)[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  let unreadConnections = 0;
  let answered = 0;

  test.beforeAll(async () => {
    const stopping = net.createServer({ pauseOnConnect: true }, (socket) => {
      unreadConnections += 1;
      setTimeout(() => socket.resetAndDestroy(), unreadMs);
    });
    const other = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        answered += 1;
        res.writeHead(200, { "Content-Type": "text/plain" }).end("the other replica");
      });
    });
    const ports: number[] = [];
    for (const server of [stopping, other]) {
      const port = await freePort();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      ports.push(port);
      cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    }
    proxy = await startNginx({
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      serverName: host,
    });
    cleanups.unshift(() => proxy.stop());
  });
  test.afterAll(async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  });

  test("is sent again to the other replica, a form too", async () => {
    test.setTimeout(30_000);
    // Round robin: of two forms in a row, one goes to the replica that never reads.
    const answers: Answer[] = [];
    for (let index = 0; index < 2; index += 1) {
      answers.push(
        await send(proxy.url, "/resources/theme", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "theme=dark",
        }),
      );
    }
    expect(unreadConnections, "a form reached the replica that never reads").toBeGreaterThan(0);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, "the other replica"],
      [200, "the other replica"],
    ]);
    expect(answered).toBe(2);
  });
});

/**
 * A replica too busy to start a request answers the busy page at once (server/admission.ts).
 * nginx must pass that 503 on, not send the request to the other replica, which is as busy in a
 * busy hour: a retry would double the load. Two stand-ins for replicas behind nginx with
 * deploy/nginx.conf: one that refuses everything as busy, one that answers.
 */
test.describe("a replica that refuses as busy", () => {
  const cleanups: (() => Promise<void>)[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  const reached = { busy: 0, other: 0 };

  test.beforeAll(async () => {
    const replica = (name: keyof typeof reached, status: number) =>
      http.createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          reached[name] += 1;
          res.writeHead(status, { "Content-Type": "text/plain", "Retry-After": "5" }).end(name);
        });
      });
    const ports: number[] = [];
    for (const server of [replica("busy", 503), replica("other", 200)]) {
      const port = await freePort();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      ports.push(port);
      cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    }
    proxy = await startNginx({
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      serverName: host,
    });
    cleanups.unshift(() => proxy.stop());
  });
  test.afterAll(async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  });

  test("has its refusal passed on to the resident, never sent again to the other replica", async () => {
    const answers: Answer[] = [];
    // Round robin: of each two requests in a row, one goes to the busy replica; a page and a form.
    for (const method of ["GET", "GET", "POST", "POST"]) {
      answers.push(
        await send(proxy.url, method === "GET" ? "/auth" : "/resources/theme", {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "GET" ? undefined : "theme=dark",
        }),
      );
    }
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.map((answer) => [answer.body, answer.headers["retry-after"]])).toEqual([
      ["busy", "5"],
      ["busy", "5"],
    ]);
    expect(reached).toEqual({ busy: 2, other: 2 });
  });
});

test.describe("the production shape: nginx, two replicas, Redis", () => {
  test.describe.configure({ mode: "serial" });
  const cleanups: (() => Promise<void>)[] = [];
  let backendUrl: string;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  const gates: Gate[] = [];
  const portals: Portal[] = [];
  const ports: number[] = [];
  /** Answers per replica address, from nginx's access log: which one nginx sends to. */
  const served = new Map<string, number>();
  const proxyErrors: string[] = [];
  /**
   * From nginx's access log, kept apart from its error log (which a restart
   * fills with the resets it retried), so that a failure names its request:
   * answers that failed (4xx/5xx but the 421s; 499 for a client that gave up),
   * answers that took 10 s or more, and how long the requests nginx sent again
   * had waited at the stopping replica (`proxy_next_upstream_timeout` must cover it).
   */
  const proxyFailed: string[] = [];
  const proxySlow: string[] = [];
  const retryWaits: number[] = [];
  /** Requests nginx sent again to the other replica: a refused or reset connection. */
  let proxyRetries = 0;
  const portalEnv = () => ({
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
    PUBLIC_PAGE_CACHE_SECONDS: String(cacheSeconds),
    ...drainEnv,
  });
  /** The replicas' logged errors and warnings, shown with the figures. */
  const portalErrors: string[] = [];
  const onPortalLog = (line: string) => {
    if (/"level":"(warn|error|fatal)"/.test(line) && portalErrors.length < 20)
      portalErrors.push(line.slice(0, 600));
  };
  const startReplica = (index: number) =>
    startPortal({
      apiUrl: gates[index]!.url,
      port: ports[index],
      env: portalEnv(),
      onLog: onPortalLog,
    });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const backend = await startBackend();
    cleanups.push(() => backend.stop());
    backendUrl = backend.url;
    redis = await startRedis();
    cleanups.push(() => redis.stop());
    for (let index = 0; index < 2; index += 1) {
      const gate = await startGate(backendUrl);
      cleanups.push(() => gate.stop());
      gates.push(gate);
      ports.push(await freePort());
      // One after the other: starting is the heaviest moment on a busy machine.
      portals.push(await startReplica(index));
      cleanups.push(() => portals[index]!.stop());
    }
    proxy = await startNginx({
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      serverName: host,
      onLog: (line, stream) => {
        if (stream === "stderr") {
          if (/\[error\].* (while connecting to|from) upstream/.test(line)) proxyRetries += 1;
          if (proxyErrors.length < 50) proxyErrors.push(line);
          return;
        }
        const seconds = Number(/" \d{3} \d+ ([\d.]+) host=/.exec(line)?.[1] ?? 0);
        if (/" [45]\d\d /.test(line) && !/" 421 /.test(line)) {
          if (proxyFailed.length < 30) proxyFailed.push(line);
        } else if (seconds >= 10 && proxySlow.length < 10) proxySlow.push(line);
        // How long the first replica had the request before its connection failed.
        const firstTry = / upstream=[\d.:]+, .* urt=([\d.]+), /.exec(line);
        if (firstTry) retryWaits.push(Number(firstTry[1]));
        const upstream = / upstream=(?:.*, )?([\d.]+:\d+) /.exec(line);
        if (upstream) served.set(upstream[1]!, (served.get(upstream[1]!) ?? 0) + 1);
      },
    });
    cleanups.push(() => proxy.stop());
  });
  test.afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  test("docker-compose.yml sets every variable deploy/nginx.conf names, through the image's template mechanism", () => {
    const names = new Set(
      [...readFileSync(nginxConfPath, "utf8").matchAll(/\$\{(PROXY_\w+)\}/g)].map(
        (match) => match[1],
      ),
    );
    const compose = readFileSync(new URL("../../docker-compose.yml", import.meta.url), "utf8");
    const proxyService = compose.slice(
      compose.indexOf("\n  proxy:"),
      compose.indexOf("\n  stand-in:"),
    );
    const set = new Set([...proxyService.matchAll(/^ {6}(PROXY_\w+):/gm)].map((match) => match[1]));
    expect(names.size).toBeGreaterThan(0);
    expect([...set].sort()).toEqual([...names].sort());
    expect(proxyService).toContain(`NGINX_ENVSUBST_FILTER: ${templateFilter}`);
    expect(proxyService).toContain("NGINX_ENVSUBST_OUTPUT_DIR: /etc/nginx\n");
    expect(proxyService).toContain(
      "./deploy/nginx.conf:/etc/nginx/templates/nginx.conf.template:ro",
    );
  });

  test("nginx sends a request again only while no replica can have read it: its window is shorter than a drain's last stretch", () => {
    const conf = readFileSync(nginxConfPath, "utf8");
    const compose = readFileSync(new URL("../../docker-compose.yml", import.meta.url), "utf8");
    const window = Number(/proxy_next_upstream_timeout (\d+)s;/.exec(conf)?.[1]);
    const delay = Number(/SHUTDOWN_DELAY_MS: "(\d+)"/.exec(compose)?.[1]) / 1000;
    const timeout = Number(/SHUTDOWN_TIMEOUT_MS: "(\d+)"/.exec(compose)?.[1]) / 1000;
    // A read request is answered, or cut at SHUTDOWN_TIMEOUT_MS having arrived before the listener closed.
    expect(window).toBeLessThan(timeout - delay);
    // Long enough for what a busy stopping replica leaves unread (5-9 s on a loaded machine).
    expect(window).toBeGreaterThanOrEqual(10);
  });

  test("only the configured host is served: any other Host, or none, is refused and never passed on", async () => {
    const page = await send(proxy.url, "/", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<html");
    for (const hostHeader of ["evil.example", "127.0.0.1", `evil.example:${proxy.port}`]) {
      const refused = await send(proxy.url, "/", { hostHeader });
      expect(refused.status, `Host: ${hostHeader}`).toBe(421);
      expect(refused.body).not.toContain("<html lang");
    }
    // A request line naming another host counts over the Host header.
    const absolute = await send(proxy.url, "http://evil.example/", {});
    expect(absolute.status).toBe(421);
  });

  test("a client's connection serves 10,000 requests, not nginx's default 1,000, and the 10,000th answer closes it", async () => {
    // In batches on one connection, each sent once the last is answered, to a host nginx refuses
    // itself (421): the limit is the same for every host, and no replica slows the 10,000.
    const { hostname, port } = new URL(proxy.url);
    const batch = 500;
    const request = "GET / HTTP/1.1\r\nHost: elsewhere.example\r\n\r\n";
    const received = await new Promise<string>((resolve, reject) => {
      let text = "";
      let sent = 0;
      const answered = () => text.split("HTTP/1.1 ").length - 1;
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(request.repeat(batch));
        sent = batch;
      });
      socket.setEncoding("latin1");
      socket.setTimeout(30_000, () =>
        socket.destroy(new Error(`no answer in 30 s after ${answered()}`)),
      );
      socket.on("data", (chunk: string) => {
        text += chunk;
        if (answered() === sent && sent < 10_000) {
          socket.write(request.repeat(batch));
          sent += batch;
        }
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    const answers = received.split("HTTP/1.1 ").slice(1);
    expect(answers.length, "answers on one connection").toBe(10_000);
    expect(answers.every((answer) => answer.startsWith("421"))).toBe(true);
    const closing = answers.flatMap((answer, index) =>
      /\r\nConnection: close\r\n/i.test(answer) ? [index + 1] : [],
    );
    expect(closing, "the answers that close the connection").toEqual([10_000]);
  });

  test("signed-out public pages are kept for seconds, apart by language, theme and Save-Data, each answer with a nonce of its own; nothing personal is kept or answered from the cache", async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      send(proxy.url, path, { headers: { Accept: "text/html", ...headers } });
    const cacheStatus = (answer: Answer) => answer.headers["x-cache-status"];
    const headerNonce = (answer: Answer) =>
      /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
    const pageNonces = (answer: Answer) => [
      ...new Set([...answer.body.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1])),
    ];
    // As the portal's cookies carry them (react-router's createCookie: JSON in base64).
    const cookieValue = (value: string) =>
      encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));

    // nginx names the cookies that make a request personal as the portal does.
    const named = /\$http_cookie \$personal_cookie \{\s*"~\(\^\|;\)\\s\*\(([^)]+)\)=" 1;/.exec(
      readFileSync(nginxConfPath, "utf8"),
    )?.[1];
    expect(named?.split("|").sort()).toEqual([...personalCookieNames].sort());

    const first = await get("/rates");
    const second = await get("/rates");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([cacheStatus(first), cacheStatus(second)]).toEqual(["MISS", "HIT"]);
    expect(first.headers["cache-control"]).toBe(
      `public, max-age=0, s-maxage=${cacheSeconds}, must-revalidate`,
    );
    // The kept page, each time with its own nonce in the header and in every script of the page.
    for (const answer of [first, second])
      expect(pageNonces(answer), "the page's nonces").toEqual([headerNonce(answer)]);
    expect(headerNonce(second)).not.toBe(headerNonce(first));
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const withoutNonces = (answer: Answer) => answer.body.replaceAll(headerNonce(answer)!, "");
    expect(withoutNonces(second)).toBe(withoutNonces(first));

    // Language: the resident's choice, else the browser's; theme; Save-Data. Each kept apart.
    const english = { Cookie: `lng=${cookieValue("en")}` };
    expect(cacheStatus(await get("/rates", english))).toBe("MISS");
    const englishAgain = await get("/rates", english);
    expect(cacheStatus(englishAgain)).toBe("HIT");
    expect(englishAgain.body).toContain('<html lang="en"');
    const browserEnglish = await get("/rates", { "Accept-Language": "en-GB,en;q=0.9" });
    expect(cacheStatus(browserEnglish)).toBe("MISS");
    expect(browserEnglish.body).toContain('<html lang="en"');
    const russian = await get("/rates");
    expect(cacheStatus(russian)).toBe("HIT");
    expect(russian.body).toContain('<html lang="ru"');
    const dark = await get("/rates", { Cookie: `theme=${cookieValue("dark")}` });
    expect(cacheStatus(dark)).toBe("MISS");
    expect(dark.body).toContain('<body class="dark"');
    expect(russian.body).not.toContain('<body class="dark"');
    await get("/posts");
    expect(cacheStatus(await get("/posts"))).toBe("HIT");
    const savingData = await get("/posts", { "Save-Data": "on" });
    expect(cacheStatus(savingData)).toBe("MISS");
    savingDataKeptAt = Date.now();
    expect(savingData.body).not.toContain('class="post-card__image');

    // Signed in: the resident's own page, from a replica, kept by nobody; the visitor's copy stays the visitor's.
    const session = sessionOf(await signIn(proxy.url))!;
    const own = await get("/rates", { Cookie: session });
    expect(cacheStatus(own)).toBe("BYPASS");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    // The resident's own data (their e-mail, in the page's data).
    const mine = (answer: Answer) => answer.body.includes(resident.email);
    expect(mine(own), "the resident's page").toBe(true);
    expect(pageNonces(own)).toEqual([headerNonce(own)]);
    const visitor = await get("/rates");
    expect(cacheStatus(visitor)).toBe("HIT");
    expect(mine(visitor), "the visitor's page").toBe(false);
    // A flash message is one browser's too, and so is a request with credentials.
    expect(cacheStatus(await get("/rates", { Cookie: "__toast=anything" }))).toBe("BYPASS");
    const credentials = await get("/rates", { Authorization: "Bearer anything" });
    expect(cacheStatus(credentials)).toBe("BYPASS");
    expect(credentials.headers["cache-control"]).toBeUndefined();
    // Nor a file whose rules are for browsers alone (here the texts: public, max-age=300).
    const texts = [
      await get("/locales/rus/translation.json"),
      await get("/locales/rus/translation.json"),
    ];
    expect(texts[1]!.headers["cache-control"]).toContain("public");
    expect(texts.map(cacheStatus)).toEqual(["MISS", "MISS"]);
    // A page that is not public reading (the sign-in form) is never kept.
    const signInPage = [await get("/auth"), await get("/auth")];
    expect(signInPage.map(cacheStatus)).toEqual(["MISS", "MISS"]);
    expect(signInPage[1]!.headers["cache-control"]).toBeUndefined();
  });

  test("a kept page comes alive under its own nonce, and an administrator's edit reaches visitors within the cache's lifetime", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const token = await (
      await fetch(`${backendUrl}/api/v1/client/users/login/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(admin),
      })
    ).json();
    const api = {
      Authorization: `Bearer ${(token as { access: string }).access}`,
      "Content-Type": "application/json",
    };
    const title = `Кэш ${Date.now()}`;
    const created = await fetch(`${backendUrl}/api/v1/admin/posts/`, {
      method: "POST",
      headers: api,
      body: JSON.stringify({ title, text: "Текст.", is_actual: true }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // The browser reaches nginx as a proxy: it asks for http://portal.test/…, the configured host.
    const through = { proxy: { server: proxy.url } };
    // The worker blocked: http://portal.test is no secure origin (not HTTPS, not localhost), so no
    // worker could register here anyway; each reload reaches nginx.
    const visitor = await browser.newContext({
      ...through,
      javaScriptEnabled: true,
      serviceWorkers: "block",
    });
    const administrator = await browser.newContext({ ...through, javaScriptEnabled: false });
    try {
      const page = await visitor.newPage();
      const refused: string[] = [];
      page.on("console", (message) => {
        // Over plain http (portal.test is no localhost) Chromium says it ignores COOP: not the page's error.
        if (
          message.type() === "error" &&
          !message.text().startsWith("The Cross-Origin-Opener-Policy header has been ignored")
        )
          refused.push(message.text());
      });
      const url = `http://${host}/posts/item/${id}`;
      expect((await page.goto(url))!.headers()["x-cache-status"]).toBe("MISS");
      const kept = (await page.reload())!;
      expect(kept.headers()["x-cache-status"]).toBe("HIT");
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await hydrated(page);
      // React's: a link is followed without a reload.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page
        .getByRole("navigation", { name: "Основное меню" })
        .getByRole("link", { name: "Тарифы" })
        .click();
      await expect(page).toHaveURL(`http://${host}/rates`);
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      expect(refused, "no script refused by the CSP, no error").toEqual([]);

      // The administrator edits the post: they see it at once, a visitor within the cache's lifetime.
      const editor = await administrator.newPage();
      await editor.goto(`http://${host}/auth`);
      await editor.getByLabel("Электронная почта").fill(admin.email);
      await editor.getByLabel("Пароль").fill(admin.password);
      await editor.getByRole("button", { name: "Войти" }).click();
      await editor.goto(`http://${host}/admin/posts/${id}/edit`);
      const edited = `${title} (изменено)`;
      await editor.getByLabel("Заголовок").fill(edited);
      await editor.getByRole("button", { name: "Сохранить" }).click();
      await expect(editor.getByText(`Публикация «${edited}» сохранена`)).toBeVisible();
      const saved = Date.now();
      await editor.goto(url);
      await expect(editor.getByRole("heading", { level: 1, name: edited })).toBeVisible();
      await expect
        .poll(
          async () => {
            await page.goto(url);
            return page.getByRole("heading", { level: 1 }).textContent();
          },
          { timeout: (cacheSeconds + 5) * 1000, intervals: [250] },
        )
        .toBe(edited);
      expect(
        Date.now() - saved,
        "the visitor sees the edit within the cache's lifetime",
      ).toBeLessThanOrEqual((cacheSeconds + 1.5) * 1000);
    } finally {
      await visitor.close();
      await administrator.close();
      await fetch(`${backendUrl}/api/v1/admin/posts/${id}/`, { method: "DELETE", headers: api });
    }
  });

  test("with the backend down, visitors still read a public page nginx kept; a page it never kept says what happened", async () => {
    // The copy kept by the test above, past its lifetime by now (or waited for).
    expect(savingDataKeptAt, "the test above kept /posts for Save-Data").toBeGreaterThan(0);
    await wait(Math.max(0, savingDataKeptAt + cacheSeconds * 1000 + 500 - Date.now()));
    for (const gate of gates) gate.setDown(true);
    try {
      const kept = await send(proxy.url, "/posts", {
        headers: { Accept: "text/html", "Save-Data": "on" },
      });
      expect(kept.status).toBe(200);
      expect(kept.headers["x-cache-status"]).toBe("STALE");
      expect(kept.body).toContain("<h1>Новости</h1>");
      const nonce = /'nonce-([^']+)'/.exec(String(kept.headers["content-security-policy"]))?.[1];
      expect([
        ...new Set([...kept.body.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1])),
      ]).toEqual([nonce]);
      // Never kept: the portal's own page about the backend, not a bare error.
      const never = await send(proxy.url, "/posts?page=2", { headers: { Accept: "text/html" } });
      expect(never.status).toBe(503);
      expect(never.body).toContain('<html lang="ru"');
    } finally {
      for (const gate of gates) gate.setDown(false);
    }
  });

  test("a rolling restart under load: no request fails, nobody is signed out, a POST in flight is answered; Redis stopped and started: pages keep answering", async () => {
    test.setTimeout(150_000);
    const signedIn = await signIn(proxy.url);
    const cookie = sessionOf(signedIn);
    expect(signedIn.status).toBe(302);
    expect(cookie).toBeTruthy();
    const load = startLoad(proxy.url, cookie!, () => proxyRetries);
    const postsInFlight: { replica: number; status: number; location?: string; page: boolean }[] =
      [];
    const started = Date.now();
    try {
      // A busy machine takes a while to answer the first of 50 connections.
      await expect.poll(load.answered, { timeout: 30_000 }).toBeGreaterThan(connections);
      for (let index = 0; index < portals.length; index += 1) {
        load.phase(`replica ${index + 1} stopped and started`);
        const address = `127.0.0.1:${ports[index]}`;
        // A sign-in sent through nginx, held at this replica's gate: the POST in flight.
        let inFlight: Promise<Answer> | undefined;
        for (let attempt = 0; attempt < 20 && !inFlight; attempt += 1) {
          const held = gates[index]!.holdNextSignIn();
          const post = signIn(proxy.url);
          // Sent to the other replica, it is answered at once: send another.
          const landed = await Promise.race([held.then(() => true), post.then(() => false)]);
          if (landed) inFlight = post;
          else gates[index]!.disarm();
        }
        expect(inFlight, `a sign-in reached replica ${index + 1}`).toBeTruthy();
        process.kill(portals[index]!.pid!, "SIGTERM");
        const { code } = await portals[index]!.exited;
        expect(code, "the replica drained and exited by itself").toBe(0);

        const answer = await inFlight!;
        const session = sessionOf(answer);
        const profile = session
          ? await send(proxy.url, "/profile", { headers: { Cookie: session } })
          : undefined;
        postsInFlight.push({
          replica: index + 1,
          status: answer.status,
          location: answer.headers.location,
          page: Boolean(profile?.body.includes(residentName)),
        });

        const before = served.get(address) ?? 0;
        portals[index] = await startReplica(index);
        await expect
          .poll(() => readyz(`http://${address}`), { timeout: 30_000 })
          .toMatchObject({ http: 200, store: "redis" });
        // nginx tries a failed replica again after fail_timeout: only then may the next one stop.
        await expect
          .poll(() => served.get(address) ?? 0, {
            timeout: 20_000,
            message: "nginx sends to the new replica",
          })
          .toBeGreaterThan(before);
      }

      load.phase("Redis stopped and started");
      await redis.stop();
      for (const port of ports) {
        await expect
          .poll(() => readyz(`http://127.0.0.1:${port}`), { timeout: 30_000 })
          .toMatchObject({ http: 200, store: "degraded" });
      }
      await wait(2000);
      redis = await startRedis({ port: redis.port });
      for (const port of ports) {
        await expect
          .poll(() => readyz(`http://127.0.0.1:${port}`), { timeout: 30_000 })
          .toMatchObject({ http: 200, store: "redis" });
      }
      await wait(1000);
    } finally {
      const totals = await load.stop();
      const seconds = Math.round((Date.now() - started) / 1000);
      const [one, five] = os.loadavg();
      console.log(
        `production shape, ${connections} connections, ${seconds} s, load average ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min, ${os.cpus().length} cores)\n` +
          load.phases
            .map(({ name, figures }, index) => {
              const retried =
                (load.phases[index + 1]?.figures.retriedAtStart ?? proxyRetries) -
                figures.retriedAtStart;
              return `  ${name}: ${figures.requests} requests, ${figures.failed} failed, ${figures.signedOut} signed out, ${retried} sent again by nginx`;
            })
            .join("\n") +
          `\n  autocannon: ${totals.errors} errors (${totals.timeouts} timeouts), ${totals.non2xx} non-2xx (the forms' 302s)` +
          `\n  POSTs in flight at the SIGTERM: ${JSON.stringify(postsInFlight)}` +
          (load.problems.length ? `\n  problems: ${load.problems.join("; ")}` : "") +
          `\n  answers nginx sent again: ${retryWaits.length}, their connection to the stopping replica failed after at most ${Math.max(0, ...retryWaits).toFixed(2)} s (${retryWaits.filter((wait) => wait > 1).length} after more than 1 s)` +
          (proxyFailed.length
            ? `\n  nginx's failed answers:\n    ${proxyFailed.join("\n    ")}`
            : "") +
          (proxySlow.length
            ? `\n  nginx's answers of 10 s or more:\n    ${proxySlow.join("\n    ")}`
            : "") +
          (proxyErrors.length ? `\n  nginx's error log:\n    ${proxyErrors.join("\n    ")}` : "") +
          (portalErrors.length
            ? `\n  the replicas' warnings and errors:\n    ${portalErrors.join("\n    ")}`
            : ""),
      );
    }

    const figures = load.phases.map(({ name, figures }) => ({
      name,
      requests: figures.requests,
      failed: figures.failed,
      signedOut: figures.signedOut,
    }));
    for (const phase of figures)
      expect(phase.requests, `answers during "${phase.name}"`).toBeGreaterThan(0);
    expect(
      figures.filter((phase) => phase.failed > 0 || phase.signedOut > 0),
      load.problems.join("; "),
    ).toEqual([]);
    // Each POST got its real answer: signed in, sent on to the profile, whose page is the resident's.
    expect(postsInFlight).toEqual(
      portals.map((_, index) => ({
        replica: index + 1,
        status: 302,
        location: "/profile",
        page: true,
      })),
    );
  });
});
