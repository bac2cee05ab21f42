/** What a shared store offers, whichever backend holds it (store.server.ts picks one). */
import type { RateLimiterAbstract } from "rate-limiter-flexible";

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
