/**
 * The shared store in Redis (ioredis), for several replicas. While Redis is
 * unreachable every call falls back to this process's memory (pages keep
 * being served; replicas agree less until it is back), with one warning line
 * a minute. ioredis reconnects by itself and the store returns to Redis as
 * soon as it answers. Commands fail fast instead of queueing: a page never
 * waits on a Redis that is gone.
 */
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";

import { logger } from "~/server/monitoring/logger.server";

import { createMemoryStore, memoryLimiter } from "./memory-store.server";
import type { LimiterOptions, SharedStore } from "./shared-store.server";

const warnEveryMs = 60_000;

export interface RedisStoreOptions {
  /** Milliseconds a command may take before the memory fallback answers. */
  commandTimeoutMs?: number;
}

export function createRedisStore(
  url: string,
  { commandTimeoutMs = 500 }: RedisStoreOptions = {},
): SharedStore {
  const redis = new Redis(url, {
    keyPrefix: "portal:",
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: commandTimeoutMs,
    // Reconnect for ever, at most every two seconds.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  const fallback = createMemoryStore();
  let lastWarning = 0;
  let everReady = false;

  const warn = (error: unknown) => {
    const time = Date.now();
    if (time - lastWarning < warnEveryMs) return;
    lastWarning = time;
    logger.warn(
      { store: "redis", err: error instanceof Error ? error.message : String(error) },
      "Redis is unreachable: the shared store answers from this process's memory until it is back",
    );
  };

  redis.on("error", (error) => warn(error));
  redis.on("ready", () => {
    if (everReady || lastWarning)
      logger.info({ store: "redis" }, "Redis answers again: the shared store uses it");
    everReady = true;
    lastWarning = 0;
  });

  const ready = () => redis.status === "ready";

  /** Runs `command` in Redis, or `memory` while Redis cannot answer. */
  async function either<T>(command: () => Promise<T>, memory: () => Promise<T>): Promise<T> {
    if (!ready()) {
      warn(new Error(`connection ${redis.status}`));
      return memory();
    }
    try {
      return await command();
    } catch (error) {
      warn(error);
      return memory();
    }
  }

  return {
    state: () => (ready() ? "redis" : "degraded"),
    get: (key) =>
      either(
        () => redis.get(key),
        () => fallback.get(key),
      ),
    set: (key, value, ttlMs) =>
      either(
        async () => {
          await redis.set(key, value, "PX", Math.max(1, Math.round(ttlMs)));
        },
        () => fallback.set(key, value, ttlMs),
      ),
    setIfAbsent: (key, value, ttlMs) =>
      either(
        async () =>
          (await redis.set(key, value, "PX", Math.max(1, Math.round(ttlMs)), "NX")) === "OK",
        () => fallback.setIfAbsent(key, value, ttlMs),
      ),
    delete: (key) =>
      either(
        async () => {
          await redis.del(key);
        },
        () => fallback.delete(key),
      ),
    limiter(options: LimiterOptions) {
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: options.keyPrefix,
        points: options.points,
        duration: options.duration,
        blockDuration: options.blockDuration ?? 0,
        // Not ready: count in memory at once rather than wait for Redis.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memoryLimiter(options),
      });
    },
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}
