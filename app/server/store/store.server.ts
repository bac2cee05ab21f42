/**
 * What the portal's replicas must agree on lives in one shared store: a
 * refresh in flight and its result, sessions that were ended, rate-limit
 * counters. Nothing else does. In-process memory by default (one instance
 * needs nothing more); Redis when REDIS_URL is set, falling back to memory
 * while Redis is unreachable (docs/decisions/007-shared-store.md).
 */
import { getEnv } from "~/server/config/env.server";

import { createMemoryStore } from "./memory-store.server";
import { createRedisStore } from "./redis-store.server";
import type { SharedStore } from "./shared-store.server";

export type { LimiterOptions, SharedStore, StoreState } from "./shared-store.server";

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
