// Signed-in /profile from two portals sharing Redis (their own stand-in),
// beside the main stack's one process with the memory store, and what the
// store adds to a signed-in request: one Redis GET. On one machine two
// replicas share its cores: the figure shows the store costs little, not
// that two replicas double the throughput.
import { Redis } from "ioredis";
import { startReplicas } from "../../../tests/support/stack.js";
import { budgets, verdict } from "../budgets";
import { cannon, type Run } from "../cannon";
import type { Context } from "../context";
import { heading, int, ms, note, table } from "../output";
import { RESIDENT, signIn } from "../portal";

export async function replicasSection(ctx: Context) {
  const { speed, warmup } = ctx.durations;
  heading(`7. Replicas: signed-in /profile, two portals sharing Redis beside one process (${speed} s runs)`);
  const path = "/profile";
  const run = (url: string, cookie: string, connections: number, duration: number) => cannon({ url, path, headers: { cookie }, connections, duration });
  const oneCookie = await signIn(ctx.stack.portalUrl, RESIDENT);
  await run(ctx.stack.portalUrl, oneCookie, 10, warmup);
  const one = await run(ctx.stack.portalUrl, oneCookie, 50, speed);

  const replicas = await startReplicas({ count: 2, redis: true });
  try {
    const cookie = await signIn(replicas.portalUrls[0], RESIDENT);
    await Promise.all(replicas.portalUrls.map((url) => run(url, cookie, 5, warmup)));
    const two: Run[] = await Promise.all(replicas.portalUrls.map((url) => run(url, cookie, 25, speed)));
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
    note(`Store cost per signed-in request: one Redis GET, ${ms(perGet)} per round trip on loopback (${rounds} in a row).`);
    const bad = [one, ...two].filter((r) => r.failures.count > 0);
    budgets.add({
      name: "Replicas runs: non-2xx / errors",
      figure: bad.length ? bad.map((r) => r.failures.text).join("; ") : "0",
      limit: "0",
      verdict: verdict(bad.length === 0),
    });
  } finally {
    await replicas.stop();
  }
}
