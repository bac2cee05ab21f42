import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createMemoryStore } from "./memory-store.server";
import { createRedisStore } from "./redis-store.server";
import type { SharedStore } from "./store.server";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The same behaviour from every implementation. */
function behavesAsAStore(name: string, make: () => SharedStore) {
  describe(name, () => {
    it("keeps a value until its time runs out", async () => {
      const store = make();
      await store.set("a", "1", 150);
      expect(await store.get("a")).toBe("1");
      await wait(200);
      expect(await store.get("a")).toBeNull();
      await store.close();
    });

    it("gives a lock to one caller only, until it expires or is released", async () => {
      const store = make();
      const tries = await Promise.all(
        [1, 2, 3].map((n) => store.setIfAbsent("lock", String(n), 1000)),
      );
      expect(tries.filter(Boolean)).toHaveLength(1);
      await store.delete("lock");
      expect(await store.setIfAbsent("lock", "again", 100)).toBe(true);
      await wait(150);
      expect(await store.setIfAbsent("lock", "after", 100)).toBe(true);
      await store.close();
    });

    it("counts a limiter's points and refuses past them", async () => {
      const store = make();
      const limiter = store.limiter({ keyPrefix: `t${Math.random()}`, points: 2, duration: 60 });
      await limiter.consume("client");
      await limiter.consume("client");
      await expect(limiter.consume("client")).rejects.toMatchObject({ remainingPoints: 0 });
      await limiter.consume("other");
      await store.close();
    });
  });
}

behavesAsAStore("the memory store", () => createMemoryStore());

const redisServer = "/usr/bin/redis-server";
// Redis is installed by the test command; a machine without it still runs the memory tests.
describe.runIf(existsSync(redisServer))("the Redis store", () => {
  let port = 0;
  let child: ChildProcess | undefined;
  const startRedis = async () => {
    child = spawn(redisServer, ["--port", String(port), "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let i = 0; i < 50; i += 1) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
        socket.on("error", () => resolve(false));
      });
      if (up) return;
      await wait(100);
    }
    throw new Error("redis-server did not start");
  };
  const stopRedis = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
  });
  afterAll(stopRedis);

  const connected = async () => {
    const store = createRedisStore(`redis://127.0.0.1:${port}/0`);
    for (let i = 0; i < 50 && store.state() !== "redis"; i += 1) await wait(50);
    return store;
  };

  it("is shared: what one replica writes another reads", async () => {
    const [one, two] = [await connected(), await connected()];
    expect(one.state()).toBe("redis");
    await one.set("shared", "yes", 5000);
    expect(await two.get("shared")).toBe("yes");
    expect(await one.setIfAbsent("lock:x", "1", 5000)).toBe(true);
    expect(await two.setIfAbsent("lock:x", "2", 5000)).toBe(false);
    const prefix = `shared${Math.random()}`;
    await one.limiter({ keyPrefix: prefix, points: 2, duration: 60 }).consume("c");
    await two.limiter({ keyPrefix: prefix, points: 2, duration: 60 }).consume("c");
    await expect(
      one.limiter({ keyPrefix: prefix, points: 2, duration: 60 }).consume("c"),
    ).rejects.toBeTruthy();
    await one.close();
    await two.close();
  });

  it("answers from memory while Redis is down, and returns to Redis by itself", async () => {
    const store = await connected();
    await stopRedis();
    for (let i = 0; i < 50 && store.state() === "redis"; i += 1) await wait(50);
    expect(store.state()).toBe("degraded");
    await store.set("during", "memory", 5000);
    expect(await store.get("during")).toBe("memory");
    const limiter = store.limiter({ keyPrefix: `down${Math.random()}`, points: 1, duration: 60 });
    await limiter.consume("c");
    await expect(limiter.consume("c")).rejects.toBeTruthy();
    await startRedis();
    for (let i = 0; i < 100 && store.state() !== "redis"; i += 1) await wait(50);
    expect(store.state()).toBe("redis");
    await store.set("after", "redis", 5000);
    const other = await connected();
    expect(await other.get("after")).toBe("redis");
    await store.close();
    await other.close();
  }, 20_000);
});
