/**
 * What the portal's replicas must agree on lives in one shared store: a
 * refresh in flight and its result, sessions that were ended, rate-limit
 * counters. Nothing else does. In-process memory by default (one instance
 * needs nothing more); Redis when REDIS_URL is set, falling back to memory
 * while Redis is unreachable (docs/decisions/007-shared-store.md).
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "~/config/env.server";
import { createMemoryStore } from "./memory-store.server";
import { createRedisStore } from "./redis-store.server";

/** `memory`: no Redis configured; `redis`: Redis answers; `degraded`: Redis configured but unreachable. */
export type StoreState = "memory" | "redis" | "degraded";

export interface LimiterOptions {
  /** A name of its own per limiter: its keys never meet another's. */
  keyPrefix: string;
  /** How many points (tries) a key has per `duration`. */
  points: number;
  /** Seconds after the first point before the counter starts again. */
  duration: number;
  /** Seconds a key stays refused once it used up its points (0: until the window ends). */
  blockDuration?: number;
}

export interface SharedStore {
  /** Which backend answers now (readyz, metrics). */
  state(): StoreState;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent: a lock. True when this caller got it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A rate-limiter-flexible limiter whose counters live in this store. */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

let store: SharedStore | undefined;

/** The process's store, made on first use from REDIS_URL. */
export function getStore(): SharedStore {
  if (!store) {
    const { REDIS_URL } = getEnv();
    store = REDIS_URL ? createRedisStore(REDIS_URL) : createMemoryStore();
  }
  return store;
}

/** Tests swap in a store of their own. */
export function setStore(next: SharedStore | undefined) {
  store = next;
}
