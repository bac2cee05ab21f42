/**
 * Limits on every door a stranger can knock on many times: the code steps
 * (a registration code alone names a pending registration, so 9,000 guesses
 * finish someone else's registration), asking for codes, sign-in, and
 * attaching an account (a number and a surname guessed name a household). The
 * counters live in the shared store's rate-limiter-flexible limiters, so
 * every replica counts together (docs/decisions/008-abuse-limits.md).
 *
 * Every try is counted before the backend is asked, so parallel requests
 * cannot all slip through between a check and a count; tries that turn out
 * not to be the visitor's fault (a backend failure, a right password) are
 * given back.
 */
import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

import { getEnv, type Env } from "~/server/config/env.server";
import { logger } from "~/server/monitoring/logger.server";
import { metrics } from "~/server/monitoring/metrics.server";
import { getStore, type SharedStore } from "~/server/store/store.server";

export type LimiterName =
  | "code-session"
  | "code-client"
  | "code-requests"
  | "login-account"
  | "login-client"
  | "attach-user"
  | "attach-client";

/** Why a request is refused, and (when waiting helps) in how many seconds to come back. */
export interface Refusal {
  limiter: LimiterName;
  retryAfterSeconds?: number;
}

type LimitSettings = Pick<
  Env,
  | "LIMIT_CODE_TRIES_PER_CODE"
  | "LIMIT_CODE_TRIES_PER_CLIENT"
  | "LIMIT_CODE_TRIES_WINDOW_SECONDS"
  | "LIMIT_CODE_REQUESTS_PER_CLIENT"
  | "LIMIT_CODE_REQUESTS_WINDOW_SECONDS"
  | "LIMIT_LOGIN_FAILURES_PER_ACCOUNT"
  | "LIMIT_LOGIN_FAILURES_PER_CLIENT"
  | "LIMIT_LOGIN_WINDOW_SECONDS"
  | "LIMIT_LOGIN_FREE_FAILURES"
  | "LIMIT_LOGIN_DELAY_MS"
  | "LIMIT_LOGIN_MAX_DELAY_MS"
  | "LIMIT_ATTACH_FAILURES_PER_USER"
  | "LIMIT_ATTACH_FAILURES_PER_CLIENT"
  | "LIMIT_ATTACH_WINDOW_SECONDS"
>;

/** A code lives 15 minutes (the contract); its tries are counted for as long. */
const CODE_LIFETIME_SECONDS = 15 * 60;

/**
 * Milliseconds to hold back the answer to the `failures`-th failed sign-in:
 * nothing for the first few (typos), then doubling up to a cap. Server-side,
 * so a script waits as long as a person.
 */
export function loginDelayMs(
  failures: number,
  { free, baseMs, maxMs }: { free: number; baseMs: number; maxMs: number },
) {
  if (failures <= free || baseMs <= 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - free - 1, 30));
}

/**
 * An e-mail (or any identity) as it appears in a counter's key: an HMAC under
 * the session secret, so the store (Redis) never holds addresses, and a copy
 * of it cannot be checked against a list of addresses without the secret.
 */
export function hashKey(value: string, secret: string) {
  return createHmac("sha256", secret).update(value).digest("base64url").slice(0, 32);
}

/**
 * The client as counted: its address, an IPv4-mapped IPv6 address as IPv4,
 * and an IPv6 address by its /64 network (one household or phone gets a whole
 * /64, so single addresses would give it endless fresh quotas).
 */
export function clientKey(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export interface LimitsOptions {
  store: SharedStore;
  settings: LimitSettings;
  secret: string;
  /** Waits before a failed sign-in is answered (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The limits of one store: a limiter per row of the decision's table, the
 * counting that gives a try back when it was not the visitor's fault, and
 * the methods of each door (the code steps, sign-in, attaching an account).
 */
export function createLimits({
  store,
  settings,
  secret,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: LimitsOptions) {
  const limiters = makeLimiters(store, settings);
  const counts = counting(limiters);
  return {
    ...codeDoors(limiters, counts, settings, secret),
    ...loginDoor(counts, settings, secret, sleep),
    ...attachDoor(counts, secret),
  };
}

/** Each limiter's tries and window in seconds, from the LIMIT_* settings. */
function quotas(settings: LimitSettings): Record<LimiterName, [points: number, duration: number]> {
  return {
    "code-session": [settings.LIMIT_CODE_TRIES_PER_CODE, CODE_LIFETIME_SECONDS],
    "code-client": [settings.LIMIT_CODE_TRIES_PER_CLIENT, settings.LIMIT_CODE_TRIES_WINDOW_SECONDS],
    "code-requests": [
      settings.LIMIT_CODE_REQUESTS_PER_CLIENT,
      settings.LIMIT_CODE_REQUESTS_WINDOW_SECONDS,
    ],
    "login-account": [
      settings.LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      settings.LIMIT_LOGIN_WINDOW_SECONDS,
    ],
    "login-client": [settings.LIMIT_LOGIN_FAILURES_PER_CLIENT, settings.LIMIT_LOGIN_WINDOW_SECONDS],
    "attach-user": [settings.LIMIT_ATTACH_FAILURES_PER_USER, settings.LIMIT_ATTACH_WINDOW_SECONDS],
    "attach-client": [
      settings.LIMIT_ATTACH_FAILURES_PER_CLIENT,
      settings.LIMIT_ATTACH_WINDOW_SECONDS,
    ],
  };
}

type Limiters = Record<LimiterName, RateLimiterAbstract>;

/** One limiter per name, its keys in the store under `limit:<name>:`. */
function makeLimiters(store: SharedStore, settings: LimitSettings): Limiters {
  const entries = Object.entries(quotas(settings)).map(([name, [points, duration]]) => [
    name,
    store.limiter({ keyPrefix: `limit:${name}`, points, duration }),
  ]);
  return Object.fromEntries(entries) as Limiters;
}

type Counting = ReturnType<typeof counting>;

/** Counting tries on the limiters: what every door is made of. */
function counting(limiters: Limiters) {
  /**
   * Counts one try. A refusal when the key has none left; undefined when the
   * store itself fails: the portal stays usable (the Redis store already
   * answers from memory while Redis is down, so this is a last resort).
   */
  async function take(
    name: LimiterName,
    key: string,
  ): Promise<{ refusal?: Refusal; used: number }> {
    try {
      const result = await limiters[name].consume(key);
      return { used: result.consumedPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        metrics.rateLimitRefusals.inc({ limiter: name });
        const refusal: Refusal = { limiter: name };
        if (name !== "code-session") refusal.retryAfterSeconds = seconds(error.msBeforeNext);
        return { refusal, used: error.consumedPoints };
      }
      logger.warn({ err: error, limiter: name }, "rate limiter failed; the try is let through");
      return { used: 0 };
    }
  }

  /** Gives a counted try back (it was not the visitor's fault). */
  async function giveBack(name: LimiterName, key: string) {
    try {
      await limiters[name].reward(key, 1);
    } catch (error) {
      logger.warn({ err: error, limiter: name }, "rate limiter failed to give a try back");
    }
  }

  /**
   * Counts one try on two limiters, the narrower first. Refused by the
   * second, the first's try is given back: the backend never saw it.
   */
  async function takeBoth(
    first: LimiterName,
    firstKey: string,
    second: LimiterName,
    secondKey: string,
  ) {
    const one = await take(first, firstKey);
    if (one.refusal) return one;
    const two = await take(second, secondKey);
    if (!two.refusal) return one;
    await giveBack(first, firstKey);
    return two;
  }

  async function giveBackBoth(
    first: LimiterName,
    firstKey: string,
    second: LimiterName,
    secondKey: string,
  ) {
    await giveBack(first, firstKey);
    await giveBack(second, secondKey);
  }

  /** Clears an account's failed sign-ins (its key, hashed). */
  async function clearAccount(accountKey: string) {
    try {
      await limiters["login-account"].delete(accountKey);
    } catch (error) {
      logger.warn(
        { err: error, limiter: "login-account" },
        "rate limiter failed to clear an account",
      );
    }
  }

  return { take, giveBack, takeBoth, giveBackBoth, clearAccount };
}

/** The code steps (registration, reset) and asking for a code. */
function codeDoors(limiters: Limiters, counts: Counting, settings: LimitSettings, secret: string) {
  return {
    /**
     * One try of a code: `attempt` names the code this session was sent
     * (see codeAttemptKey), `client` the address. The session's tries end
     * with its code; the client's across all its sessions.
     */
    async codeTry(client: string, attempt: string): Promise<Refusal | undefined> {
      const codeKey = hashKey(attempt, secret);
      const { refusal } = await counts.takeBoth(
        "code-session",
        codeKey,
        "code-client",
        clientKey(client),
      );
      return refusal;
    },

    /** Whether this code has used up its tries (the step then asks for a new one). */
    async codeUsedUp(attempt: string): Promise<boolean> {
      try {
        const state = await limiters["code-session"].get(hashKey(attempt, secret));
        return (state?.consumedPoints ?? 0) >= settings.LIMIT_CODE_TRIES_PER_CODE;
      } catch {
        return false;
      }
    },

    /** One request for a code to be e-mailed (registration, reset, resend). */
    async codeRequest(client: string): Promise<Refusal | undefined> {
      return (await counts.take("code-requests", clientKey(client))).refusal;
    },
  };
}

/** Sign-in: failures counted per account and per client, answered later as they grow. */
function loginDoor(
  counts: Counting,
  settings: LimitSettings,
  secret: string,
  sleep: (ms: number) => Promise<void>,
) {
  const accountOf = (email: string) => hashKey(email.trim().toLowerCase(), secret);
  return {
    /** Clears an account's failed sign-ins: its owner proved it (a password reset by e-mailed code). */
    clearAccount: (email: string) => counts.clearAccount(accountOf(email)),

    /**
     * One sign-in try for `email` from `client`. A refusal, or what to call
     * once the backend has answered: `failed` holds the answer back as the
     * failures grow, `succeeded` clears the account's count, `notCounted`
     * gives the try back (the backend could not answer).
     */
    async loginAttempt(client: string, email: string) {
      const accountKey = accountOf(email);
      const addressKey = clientKey(client);
      const account = await counts.takeBoth(
        "login-account",
        accountKey,
        "login-client",
        addressKey,
      );
      if (account.refusal) return { refusal: account.refusal };
      return {
        refusal: undefined,
        async failed() {
          const delay = loginDelayMs(account.used, {
            free: settings.LIMIT_LOGIN_FREE_FAILURES,
            baseMs: settings.LIMIT_LOGIN_DELAY_MS,
            maxMs: settings.LIMIT_LOGIN_MAX_DELAY_MS,
          });
          if (delay > 0) await sleep(delay);
        },
        async succeeded() {
          await counts.clearAccount(accountKey);
          await counts.giveBack("login-client", addressKey);
        },
        notCounted: () =>
          counts.giveBackBoth("login-account", accountKey, "login-client", addressKey),
      };
    },
  };
}

/** Attaching an account: guesses counted per resident and per client. */
function attachDoor(counts: Counting, secret: string) {
  return {
    /**
     * One try to attach an account by the signed-in user `user` from `client`.
     * Counted before the backend is asked; `notCounted` gives it back unless
     * the backend said "no such number" or "wrong surname" (a guess).
     */
    async attachAttempt(client: string, user: string) {
      const userKey = hashKey(user, secret);
      const addressKey = clientKey(client);
      const { refusal } = await counts.takeBoth(
        "attach-user",
        userKey,
        "attach-client",
        addressKey,
      );
      if (refusal) return { refusal };
      return {
        refusal: undefined,
        notCounted: () => counts.giveBackBoth("attach-user", userKey, "attach-client", addressKey),
      };
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;

const made = new WeakMap<SharedStore, Limits>();

/** The limits of this process's store and configuration. */
export function getLimits(): Limits {
  const store = getStore();
  let limits = made.get(store);
  if (!limits) {
    const env = getEnv();
    limits = createLimits({ store, settings: env, secret: env.SESSION_SECRET });
    made.set(store, limits);
  }
  return limits;
}

/**
 * What names "this code, in this session": a random id made when the code
 * was sent. A signed cookie can be replayed, so the count cannot live in the
 * session itself; it lives in the store under this id. Sessions from before
 * the id existed fall back to the e-mail and the time the code was sent.
 */
export function codeAttemptKey(
  purpose: "register" | "reset",
  state: { codeId?: string; email?: string; sentAt?: number },
) {
  return `${purpose}:${state.codeId ?? `${state.email ?? ""}:${state.sentAt ?? 0}`}`;
}
