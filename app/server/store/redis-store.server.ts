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

import { createMemoryStore, memoryLimiter, type MemoryStore } from "./memory-store.server";
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
  const redis = connect(url, commandTimeoutMs);
  const fallback = createMemoryStore();
  const either = fallingBack(redis, watch(redis));
  return {
    state: () => (redis.status === "ready" ? "redis" : "degraded"),
    ...keyCommands(redis, fallback, either),
    limiter: (options: LimiterOptions) => redisLimiter(redis, options),
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}

/** A connection whose commands fail fast rather than wait for a Redis that is gone. */
function connect(url: string, commandTimeoutMs: number) {
  return new Redis(url, {
    keyPrefix: "portal:",
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: commandTimeoutMs,
    // Reconnect for ever, at most every two seconds.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
}

/**
 * Logs the connection's losses, one line a minute however many commands
 * fail, and its return; gives the warning to call when a command fails.
 */
function watch(redis: Redis) {
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
  return warn;
}

type Either = <T>(command: () => Promise<T>, memory: () => Promise<T>) => Promise<T>;

/** Runs `command` in Redis, or `memory` while Redis cannot answer. */
function fallingBack(redis: Redis, warn: (error: unknown) => void): Either {
  return async (command, memory) => {
    if (redis.status !== "ready") {
      warn(new Error(`connection ${redis.status}`));
      return memory();
    }
    try {
      return await command();
    } catch (error) {
      warn(error);
      return memory();
    }
  };
}

/** The store's keys, each command in Redis or in the memory fallback. */
function keyCommands(
  redis: Redis,
  fallback: MemoryStore,
  either: Either,
): Pick<SharedStore, "get" | "set" | "setIfAbsent" | "delete"> {
  return {
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
  };
}

/** A limiter counting in Redis, and in memory (its insurance) while Redis is not ready. */
function redisLimiter(redis: Redis, options: LimiterOptions) {
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
}
