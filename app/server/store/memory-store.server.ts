/**
 * The shared store in this process's memory: enough for one instance, and
 * the fallback of the Redis store while Redis is unreachable. Keys expire
 * lazily when read and in a sweep once a minute, so memory stays bounded by
 * what is alive.
 */
import { RateLimiterMemory } from "rate-limiter-flexible";

import type { LimiterOptions, SharedStore } from "./shared-store.server";

export interface MemoryStore extends SharedStore {
  /** Keys alive now (tests, metrics). */
  size(): number;
}

export function createMemoryStore({
  now = () => Date.now(),
}: { now?: () => number } = {}): MemoryStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();

  const alive = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return null;
    }
    return entry;
  };

  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }, 60_000);
  sweep.unref?.();

  return {
    state: () => "memory",
    async get(key) {
      return alive(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (alive(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
    limiter: (options: LimiterOptions) => memoryLimiter(options),
    size() {
      let count = 0;
      for (const key of entries.keys()) if (alive(key)) count += 1;
      return count;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

export function memoryLimiter({ keyPrefix, points, duration, blockDuration }: LimiterOptions) {
  return new RateLimiterMemory({ keyPrefix, points, duration, blockDuration: blockDuration ?? 0 });
}
