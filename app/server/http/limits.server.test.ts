import { afterEach, describe, expect, it } from "vitest";

import { metrics } from "~/server/monitoring/metrics.server";
import { createMemoryStore } from "~/server/store/memory-store.server";
import type { LimiterOptions, SharedStore } from "~/server/store/store.server";

import { clientKey, codeAttemptKey, createLimits, hashKey, loginDelayMs } from "./limits.server";

const settings = {
  LIMIT_CODE_TRIES_PER_CODE: 5,
  LIMIT_CODE_TRIES_PER_CLIENT: 12,
  LIMIT_CODE_TRIES_WINDOW_SECONDS: 900,
  LIMIT_CODE_REQUESTS_PER_CLIENT: 3,
  LIMIT_CODE_REQUESTS_WINDOW_SECONDS: 3600,
  LIMIT_LOGIN_FAILURES_PER_ACCOUNT: 6,
  LIMIT_LOGIN_FAILURES_PER_CLIENT: 8,
  LIMIT_LOGIN_WINDOW_SECONDS: 900,
  LIMIT_LOGIN_FREE_FAILURES: 3,
  LIMIT_LOGIN_DELAY_MS: 1000,
  LIMIT_LOGIN_MAX_DELAY_MS: 8000,
  LIMIT_ATTACH_FAILURES_PER_USER: 4,
  LIMIT_ATTACH_FAILURES_PER_CLIENT: 7,
  LIMIT_ATTACH_WINDOW_SECONDS: 3600,
};
const secret = "unit-test-secret-long-enough";

const stores: SharedStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** Limits on a fresh memory store, recording the limiter keys and the delays instead of sleeping. */
function setup() {
  const store = createMemoryStore();
  stores.push(store);
  const keys: string[] = [];
  const spying: SharedStore = {
    ...store,
    limiter(options: LimiterOptions) {
      const limiter = store.limiter(options);
      const consume = limiter.consume.bind(limiter);
      limiter.consume = (key, points) => {
        keys.push(`${options.keyPrefix}:${String(key)}`);
        return consume(key, points);
      };
      return limiter;
    },
  };
  const slept: number[] = [];
  const limits = createLimits({
    store: spying,
    settings,
    secret,
    sleep: async (ms) => void slept.push(ms),
  });
  return { limits, keys, slept };
}

async function refusals(limiter: string) {
  const metric = await metrics.rateLimitRefusals.get();
  return metric.values.find((value) => value.labels.limiter === limiter)?.value ?? 0;
}

describe("loginDelayMs", () => {
  it("nothing for the first failures, then doubling up to the cap", () => {
    const schedule = Array.from({ length: 10 }, (_, index) =>
      loginDelayMs(index + 1, { free: 3, baseMs: 1000, maxMs: 8000 }),
    );
    expect(schedule).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  it("no delay when the base is 0, and no overflow on huge counts", () => {
    expect(loginDelayMs(50, { free: 3, baseMs: 0, maxMs: 8000 })).toBe(0);
    expect(loginDelayMs(10_000, { free: 3, baseMs: 1000, maxMs: 8000 })).toBe(8000);
  });
});

describe("keys", () => {
  it("an e-mail is hashed under the secret: stable, lowercase-blind before hashing, unreadable", () => {
    const key = hashKey("victim@example.com", secret);
    expect(key).toBe(hashKey("victim@example.com", secret));
    expect(key).not.toBe(hashKey("victim@example.com", "another-secret-long-enough"));
    expect(key).not.toContain("victim");
    expect(key).toMatch(/^[\w-]{32}$/);
  });

  it("a sign-in's account key holds no e-mail and ignores case", async () => {
    const { limits, keys } = setup();
    await limits.loginAttempt("203.0.113.5", "Victim@Example.com");
    await limits.loginAttempt("203.0.113.5", "victim@example.com");
    const accountKeys = keys.filter((key) => key.startsWith("limit:login-account:"));
    expect(accountKeys).toHaveLength(2);
    expect(accountKeys[0]).toBe(accountKeys[1]);
    expect(keys.join(" ")).not.toMatch(/victim|example/i);
  });

  it("clients: IPv4 as is, IPv4-mapped as IPv4, IPv6 by its /64", () => {
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002::ff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("a code's tries are named by the id made when it was sent, or by e-mail and time for older sessions", () => {
    expect(codeAttemptKey("register", { codeId: "abc", email: "a@b.c", sentAt: 1 })).toBe(
      "register:abc",
    );
    expect(codeAttemptKey("reset", { email: "a@b.c", sentAt: 5 })).toBe("reset:a@b.c:5");
  });
});

describe("code tries", () => {
  it("5 tries per code, then refused until a new code (a new id)", async () => {
    const { limits } = setup();
    const before = await refusals("code-session");
    for (let index = 0; index < 5; index += 1)
      expect(await limits.codeTry("203.0.113.5", "register:one")).toBeUndefined();
    expect(await limits.codeUsedUp("register:one")).toBe(true);
    expect(await limits.codeTry("203.0.113.5", "register:one")).toEqual({
      limiter: "code-session",
    });
    expect(await refusals("code-session")).toBe(before + 1);
    expect(await limits.codeUsedUp("register:two")).toBe(false);
    expect(await limits.codeTry("203.0.113.5", "register:two")).toBeUndefined();
  });

  it("a client's tries across codes end at its quota, with when to come back", async () => {
    const { limits } = setup();
    for (let index = 0; index < 12; index += 1) {
      expect(
        await limits.codeTry("203.0.113.9", `register:code-${Math.floor(index / 4)}`),
      ).toBeUndefined();
    }
    const refusal = await limits.codeTry("203.0.113.9", "register:fresh");
    expect(refusal?.limiter).toBe("code-client");
    expect(refusal?.retryAfterSeconds).toBeGreaterThan(800);
    // The refused try was not one of the fresh code's: it keeps all 5.
    expect(await limits.codeUsedUp("register:fresh")).toBe(false);
    // Another client is not affected.
    expect(await limits.codeTry("198.51.100.1", "register:other")).toBeUndefined();
  });
});

describe("code requests", () => {
  it("per client, with Retry-After", async () => {
    const { limits } = setup();
    for (let index = 0; index < 3; index += 1)
      expect(await limits.codeRequest("203.0.113.5")).toBeUndefined();
    const refusal = await limits.codeRequest("203.0.113.5");
    expect(refusal?.limiter).toBe("code-requests");
    expect(refusal?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await limits.codeRequest("2001:db8::1")).toBeUndefined();
  });
});

describe("sign-in", () => {
  it("failures slow the answer down, then the account is refused; a success clears it", async () => {
    const { limits, slept } = setup();
    for (let index = 0; index < 6; index += 1) {
      const attempt = await limits.loginAttempt("203.0.113.5", "victim@example.com");
      if (attempt.refusal) throw new Error("refused too early");
      await attempt.failed();
    }
    expect(slept).toEqual([1000, 2000, 4000]);
    const refused = await limits.loginAttempt("203.0.113.6", "victim@example.com");
    expect(refused.refusal?.limiter).toBe("login-account");
    expect(refused.refusal?.retryAfterSeconds).toBeGreaterThan(800);

    const other = await limits.loginAttempt("203.0.113.5", "someone@example.com");
    if (other.refusal) throw new Error("another account refused");
    await other.succeeded();
  });

  it("a success resets the account's count", async () => {
    const { limits, slept } = setup();
    for (let index = 0; index < 5; index += 1) {
      const attempt = await limits.loginAttempt("203.0.113.5", "me@example.com");
      await attempt.failed?.();
    }
    const right = await limits.loginAttempt("203.0.113.5", "me@example.com");
    await right.succeeded?.();
    slept.length = 0;
    for (let index = 0; index < 3; index += 1) {
      const attempt = await limits.loginAttempt("203.0.113.5", "me@example.com");
      expect(attempt.refusal).toBeUndefined();
      await attempt.failed?.();
    }
    expect(slept).toEqual([]);
  });

  it("a client spraying many accounts is refused after its failures", async () => {
    const { limits } = setup();
    for (let index = 0; index < 8; index += 1) {
      const attempt = await limits.loginAttempt("203.0.113.7", `user${index}@example.com`);
      expect(attempt.refusal).toBeUndefined();
      await attempt.failed?.();
    }
    const refused = await limits.loginAttempt("203.0.113.7", "new@example.com");
    expect(refused.refusal?.limiter).toBe("login-client");
    // That refusal was not counted against the account.
    for (let index = 0; index < 6; index += 1) {
      expect(
        (await limits.loginAttempt("198.51.100.2", "new@example.com")).refusal,
      ).toBeUndefined();
    }
  });

  it("a backend failure is not counted", async () => {
    const { limits, slept } = setup();
    for (let index = 0; index < 10; index += 1) {
      const attempt = await limits.loginAttempt("203.0.113.5", "me@example.com");
      expect(attempt.refusal).toBeUndefined();
      await attempt.notCounted?.();
    }
    expect(slept).toEqual([]);
  });
});

describe("attaching an account", () => {
  it("a resident's wrong guesses end at its quota, with when to come back, from any address", async () => {
    const { limits, keys } = setup();
    const before = await refusals("attach-user");
    for (let index = 0; index < 4; index += 1)
      expect((await limits.attachAttempt(`203.0.113.${index}`, "42")).refusal).toBeUndefined();
    const refused = await limits.attachAttempt("198.51.100.9", "42");
    expect(refused.refusal?.limiter).toBe("attach-user");
    expect(refused.refusal?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await refusals("attach-user")).toBe(before + 1);
    // Another resident on the same address still has its tries.
    expect((await limits.attachAttempt("198.51.100.9", "43")).refusal).toBeUndefined();
    // The user id is a keyed hash in the store, like an e-mail.
    expect(
      keys
        .filter((key) => key.startsWith("limit:attach-user:"))
        .every((key) => /^limit:attach-user:[\w-]{32}$/.test(key)),
    ).toBe(true);
  });

  it("one client trying many residents ends at its quota, and that refusal is not the resident's", async () => {
    const { limits } = setup();
    for (let index = 0; index < 7; index += 1)
      expect((await limits.attachAttempt("203.0.113.20", `user-${index}`)).refusal).toBeUndefined();
    const refused = await limits.attachAttempt("203.0.113.20", "fresh");
    expect(refused.refusal?.limiter).toBe("attach-client");
    expect(refused.refusal?.retryAfterSeconds).toBeGreaterThan(3500);
    for (let index = 0; index < 4; index += 1)
      expect((await limits.attachAttempt("198.51.100.3", "fresh")).refusal).toBeUndefined();
  });

  it("a try the backend did not refuse as a guess is given back", async () => {
    const { limits } = setup();
    for (let index = 0; index < 20; index += 1) {
      const attempt = await limits.attachAttempt("203.0.113.30", "42");
      expect(attempt.refusal).toBeUndefined();
      await attempt.notCounted?.();
    }
  });

  it("parallel guesses cannot slip past the count (a bounded burst of 50)", async () => {
    const { limits } = setup();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => limits.attachAttempt("203.0.113.40", "42")),
    );
    expect(answers.filter((answer) => !answer.refusal)).toHaveLength(4);
  });
});

describe("a password reset", () => {
  it("clears the account's failed sign-ins", async () => {
    const { limits } = setup();
    for (let index = 0; index < 6; index += 1)
      await (await limits.loginAttempt("203.0.113.5", "me@example.com")).failed?.();
    expect((await limits.loginAttempt("203.0.113.5", "me@example.com")).refusal?.limiter).toBe(
      "login-account",
    );
    await limits.clearAccount("ME@example.com");
    expect((await limits.loginAttempt("203.0.113.5", "me@example.com")).refusal).toBeUndefined();
  });
});
