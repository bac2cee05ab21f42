// Signed-in /profile from two portals sharing Redis (their own stand-in),
// beside the main stack's one process with the memory store, and what the
// store adds to a signed-in request: one Redis GET. Then signed-out /posts
// through the production shape, nginx with its cache of public pages
// (docs/decisions/037-shared-cache-for-public-pages.md), beside one process
// rendering every request. On one machine two
// replicas share its cores: the figure shows the store costs little, not
// that two replicas double the throughput.
import { Redis } from "ioredis";

import { startNginx } from "../../../tests/support/proxy.js";
import { startReplicas } from "../../../tests/support/stack.js";
import { ensureTool } from "../../debian-tools";
import { budgets, verdict } from "../budgets";
import { cannon, type Run } from "../cannon";
import { withRunning, type Context } from "../context";
import { heading, int, ms, note, table } from "../output";
import { BROWSER_ACCEPT_ENCODING, RESIDENT, signIn } from "../portal";

export async function replicasSection(ctx: Context) {
  const { speed, warmup } = ctx.durations;
  // Debian's, as the end-to-end tests run them (scripts/e2e.ts): installed on a machine that lacks them.
  process.env.REDIS_SERVER_PATH = ensureTool("redis");
  process.env.NGINX_PATH = ensureTool("nginx");
  heading(
    `7. Replicas: signed-in /profile, two portals sharing Redis beside one process; signed-out /posts through nginx and its cache (${speed} s runs)`,
  );
  const path = "/profile";
  const run = (url: string, cookie: string, connections: number, duration: number) =>
    cannon({ url, path, headers: { cookie }, connections, duration });
  const oneCookie = await signIn(ctx.stack.portalUrl, RESIDENT);
  await run(ctx.stack.portalUrl, oneCookie, 10, warmup);
  const one = await run(ctx.stack.portalUrl, oneCookie, 50, speed);

  await withRunning(await startReplicas({ count: 2, redis: true }), async (replicas) => {
    const cookie = await signIn(replicas.portalUrls[0], RESIDENT);
    await Promise.all(replicas.portalUrls.map((url) => run(url, cookie, 5, warmup)));
    const two: Run[] = await Promise.all(
      replicas.portalUrls.map((url) => run(url, cookie, 25, speed)),
    );
    const twoRps = two.reduce((sum, r) => sum + r.rps, 0);

    // The store's cost per signed-in request: one GET round trip to Redis.
    const redis = new Redis(replicas.redisUrl as string, { keyPrefix: "portal:" });
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
        [
          "two portals + Redis (25c each)",
          int(twoRps),
          ms(Math.max(...two.map((r) => r.p50))),
          ms(Math.max(...two.map((r) => r.p99))),
          two.map((r) => r.failures.text).join(" / "),
        ],
      ],
    );
    note(
      `Store cost per signed-in request: one Redis GET, ${ms(perGet)} per round trip on loopback (${rounds} in a row).`,
    );

    // A visitor's /posts as a browser asks for it: through nginx and its cache, beside one process rendering each.
    const visitor = {
      accept: "text/html,application/xhtml+xml",
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
      "accept-language": "ru-RU,ru;q=0.9",
    };
    await cannon({
      url: ctx.stack.portalUrl,
      path: "/posts",
      headers: visitor,
      connections: 10,
      duration: warmup,
    });
    const rendered = await cannon({
      url: ctx.stack.portalUrl,
      path: "/posts",
      headers: visitor,
      connections: 50,
      duration: speed,
    });
    const proxy = await startNginx({
      upstreams: replicas.portalUrls.map((url) => new URL(url).host),
      serverName: "portal.bench",
    });
    const statuses = new Map<string, number>();
    /** The portal's s-maxage, as its answers say it. */
    let lifetime: string | undefined;
    let cached: Run;
    try {
      const through = {
        url: proxy.url,
        path: "/posts",
        headers: { ...visitor, host: "portal.bench" },
      };
      await cannon({ ...through, connections: 10, duration: warmup });
      cached = await cannon({
        ...through,
        connections: 50,
        // Across two of the cache's lifetimes (10 s): the answers while a page is asked for again count too.
        duration: Math.max(speed, 25),
        onHeaders: (headers) => {
          // As nginx spells it (autocannon keeps the case).
          const header = (wanted: string) =>
            Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
          const status = header("x-cache-status") ?? "none";
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          lifetime ??= /s-maxage=(\d+)/.exec(header("cache-control") ?? "")?.[1];
        },
      });
    } finally {
      await proxy.stop();
    }
    const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    table(
      ["signed-out /posts", "50c req/s", "p50", "p99", "non-2xx/err"],
      [
        [
          "one process, every request rendered",
          int(rendered.rps),
          ms(rendered.p50),
          ms(rendered.p99),
          rendered.failures.text,
        ],
        [
          `nginx with its cache, two portals (${Math.max(speed, 25)} s)`,
          int(cached.rps),
          ms(cached.p50),
          ms(cached.p99),
          cached.failures.text,
        ],
      ],
    );
    note(
      `nginx's answers: ${[...statuses].map(([status, count]) => `${status} ${((count / answered) * 100).toFixed(1)} %`).join(", ")} ` +
        `(kept ${lifetime ?? "?"} s, the portal's s-maxage; each answer's nonce rewritten, gzip by nginx).`,
    );
    const bad = [one, ...two, rendered, cached].filter((r) => r.failures.count > 0);
    budgets.add({
      name: "Replicas runs: non-2xx / errors",
      figure: bad.length ? bad.map((r) => r.failures.text).join("; ") : "0",
      limit: "0",
      verdict: verdict(bad.length === 0),
    });
  });
}
