import { SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";

import { createMemoryStore } from "~/server/store/memory-store.server";
import type { SharedStore } from "~/server/store/store.server";
import { ApiError, BackendFailure, SessionExpiredError } from "~/utils/api/errors";
import { PageSchemas, TokenPairSchema, UserSchema } from "~/utils/api/schemas";
import type { TokenPair } from "~/utils/api/types";

import { createApiClient, type TokenStore } from "./client.server";

const key = new TextEncoder().encode("test-secret");

/** A User as the stand-in answers it. */
const user = {
  id: 1,
  email: "a@b.ru",
  first_name: "Иван",
  middle_name: "",
  last_name: "Иванов",
  phone: null,
  is_portal_admin: false,
  date_joined: "2026-03-01T09:30:00.123456+09:00",
};
const me = { schema: UserSchema };

async function token(kind: "access" | "refresh", secondsLeft: number, jti: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: kind, user_id: 1, id: 1, email: "a@b.ru", jti })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + secondsLeft)
    .sign(key);
}

/** A fake backend: /client/users/me/ needs a valid access token; refresh rotates. */
function fakeBackend(
  options: { refreshDelayMs?: number; refreshStatus?: number; meStatus?: number } = {},
) {
  const valid = new Set<string>();
  const refreshes = new Set<string>();
  const calls = { refresh: 0, me: 0 };
  let serial = 0;
  const issue = async (): Promise<TokenPair> => {
    serial += 1;
    const pair = {
      access: await token("access", 300, `a${serial}`),
      refresh: await token("refresh", 3600, `r${serial}`),
    };
    valid.add(pair.access);
    refreshes.add(pair.refresh);
    return pair;
  };
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.endsWith("/client/users/refresh/")) {
      calls.refresh += 1;
      if (options.refreshDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      const { refresh } = (await request.json()) as { refresh: string };
      if (options.refreshStatus) return new Response("", { status: options.refreshStatus });
      if (!refreshes.delete(refresh)) {
        return Response.json(
          {
            type: "client_error",
            errors: [
              { code: "token_not_valid", detail: "Token is invalid or expired", attr: null },
            ],
          },
          { status: 401 },
        );
      }
      return Response.json(await issue());
    }
    if (url.pathname.endsWith("/client/users/me/")) {
      calls.me += 1;
      if (options.meStatus)
        return new Response("<html>bad gateway</html>", { status: options.meStatus });
      const auth = request.headers.get("Authorization")?.replace("Bearer ", "");
      if (!auth || !valid.has(auth)) {
        return Response.json(
          {
            type: "client_error",
            errors: [
              {
                code: "token_not_valid",
                detail: "Given token not valid for any token type",
                attr: null,
              },
            ],
          },
          { status: 401 },
        );
      }
      return Response.json(user);
    }
    if (url.pathname.endsWith("/client/users/login/")) {
      return Response.json(
        {
          type: "client_error",
          errors: [
            {
              code: "authentication_failed",
              detail: "No active account found with the given credentials",
              attr: null,
            },
            {
              code: "authentication_failed",
              detail: "Неверный адрес электронной почты или пароль.",
              attr: "non_field_errors",
            },
          ],
        },
        { status: 401 },
      );
    }
    return new Response("not json", { status: 200 });
  };
  return { fetchImpl, issue, valid, calls };
}

function memoryTokens(initial: { access?: string; refresh?: string }) {
  let state = { ...initial };
  const writes: TokenPair[] = [];
  const store: TokenStore = {
    get: () => state,
    set: (pair) => {
      writes.push(pair);
      state = { ...pair };
    },
    clear: () => {
      state = {};
    },
  };
  return { store, writes, state: () => state };
}

/** The store the replicas share: one per test, recording every key and value written. */
let store: SharedStore;
let written: string[];
beforeEach(() => {
  const memory = createMemoryStore();
  written = [];
  store = {
    ...memory,
    set: (key, value, ttlMs) => {
      written.push(key, value);
      return memory.set(key, value, ttlMs);
    },
    setIfAbsent: (key, value, ttlMs) => {
      written.push(key, value);
      return memory.setIfAbsent(key, value, ttlMs);
    },
  };
});

const makeClient = (fetchImpl: typeof fetch, tokens: TokenStore, timeoutMs = 2000) =>
  createApiClient({ baseUrl: "http://backend.test", timeoutMs, tokens, fetch: fetchImpl, store });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the backend client's token refresh", () => {
  it("uses a valid access token without refreshing", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const tokens = memoryTokens(pair);
    const client = makeClient(backend.fetchImpl, tokens.store);
    await expect(client.request("me", "GET", "client/users/me/", me)).resolves.toEqual(user);
    expect(backend.calls.refresh).toBe(0);
  });

  it("refreshes an expired access token before the call, not after a 401", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const expired = await token("access", -10, "old");
    const tokens = memoryTokens({ access: expired, refresh: pair.refresh });
    const client = makeClient(backend.fetchImpl, tokens.store);
    await client.request("me", "GET", "client/users/me/", me);
    expect(backend.calls).toEqual({ refresh: 1, me: 1 });
    expect(tokens.writes).toHaveLength(1);
  });

  it("refreshes once on a 401 and retries the call once", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    backend.valid.delete(pair.access); // revoked on the backend, though not expired
    const tokens = memoryTokens(pair);
    const client = makeClient(backend.fetchImpl, tokens.store);
    await expect(client.request("me", "GET", "client/users/me/", me)).resolves.toMatchObject({
      id: 1,
    });
    expect(backend.calls).toEqual({ refresh: 1, me: 2 });
  });

  it("shares one refresh between parallel calls of a request", async () => {
    const backend = fakeBackend({ refreshDelayMs: 30 });
    const pair = await backend.issue();
    const tokens = memoryTokens({
      access: await token("access", -1, "old"),
      refresh: pair.refresh,
    });
    const client = makeClient(backend.fetchImpl, tokens.store);
    await Promise.all([1, 2, 3, 4].map(() => client.request("me", "GET", "client/users/me/", me)));
    expect(backend.calls.refresh).toBe(1);
    expect(backend.calls.me).toBe(4);
    expect(tokens.writes).toHaveLength(1);
  });

  it("shares one refresh between concurrent requests carrying the same refresh token", async () => {
    const backend = fakeBackend({ refreshDelayMs: 30 });
    const pair = await backend.issue();
    const expired = await token("access", -1, "old");
    const first = memoryTokens({ access: expired, refresh: pair.refresh });
    const second = memoryTokens({ access: expired, refresh: pair.refresh });
    const results = await Promise.all([
      makeClient(backend.fetchImpl, first.store).request("me", "GET", "client/users/me/", me),
      makeClient(backend.fetchImpl, second.store).request("me", "GET", "client/users/me/", me),
    ]);
    expect(results).toHaveLength(2);
    expect(backend.calls.refresh).toBe(1);
    expect(first.state()).toEqual(second.state());
  });

  it("a second request with the already rotated refresh token still gets the new pair", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const expired = await token("access", -1, "old");
    await makeClient(
      backend.fetchImpl,
      memoryTokens({ access: expired, refresh: pair.refresh }).store,
    ).request("me", "GET", "client/users/me/", me);
    const late = memoryTokens({ access: expired, refresh: pair.refresh });
    await expect(
      makeClient(backend.fetchImpl, late.store).request("me", "GET", "client/users/me/", me),
    ).resolves.toMatchObject({
      id: 1,
    });
    expect(backend.calls.refresh).toBe(1);
  });

  it("a failed refresh clears the tokens and ends the session", async () => {
    const backend = fakeBackend();
    const tokens = memoryTokens({
      access: await token("access", -1, "old"),
      refresh: await token("refresh", 60, "unknown"),
    });
    const client = makeClient(backend.fetchImpl, tokens.store);
    await expect(client.request("me", "GET", "client/users/me/", me)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    expect(tokens.state()).toEqual({});
  });

  it("without a refresh token the session has expired", async () => {
    const backend = fakeBackend();
    const client = makeClient(
      backend.fetchImpl,
      memoryTokens({ access: await token("access", 60, "a") }).store,
    );
    await expect(client.request("me", "GET", "client/users/me/", me)).rejects.toThrow(
      "Refresh token is missing.",
    );
    expect(backend.calls.me).toBe(0);
  });

  it("does not refresh twice in one request: a 401 after a refresh ends the session", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const tokens = memoryTokens({
      access: await token("access", -1, "old"),
      refresh: pair.refresh,
    });
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await backend.fetchImpl(input, init);
      const url = input instanceof Request ? input.url : String(input);
      return url.includes("/me/") ? new Response("{}", { status: 401 }) : response;
    };
    await expect(
      makeClient(fetchImpl, tokens.store).request("me", "GET", "client/users/me/", me),
    ).rejects.toBeInstanceOf(SessionExpiredError);
    expect(backend.calls.refresh).toBe(1);
  });
});

describe("the refresh shared through the store (several replicas)", () => {
  it("a request that finds the refresh under way waits for it and gets the new pair", async () => {
    const backend = fakeBackend({ refreshDelayMs: 200 });
    const pair = await backend.issue();
    const expired = await token("access", -1, "old");
    const first = memoryTokens({ access: expired, refresh: pair.refresh });
    const second = memoryTokens({ access: expired, refresh: pair.refresh });
    const holder = makeClient(backend.fetchImpl, first.store).request(
      "me",
      "GET",
      "client/users/me/",
      me,
    );
    await wait(50); // the first has taken the lock and is exchanging the token
    const waiter = makeClient(backend.fetchImpl, second.store).request(
      "me",
      "GET",
      "client/users/me/",
      me,
    );
    await expect(Promise.all([holder, waiter])).resolves.toHaveLength(2);
    expect(backend.calls.refresh).toBe(1);
    expect(second.writes).toEqual(first.writes);
    expect(second.state().refresh).not.toBe(pair.refresh);
  });

  it("a refused refresh ends the waiters' sessions too, without asking the backend again", async () => {
    const backend = fakeBackend({ refreshDelayMs: 100 });
    const expired = await token("access", -1, "old");
    const unknown = await token("refresh", 60, "unknown");
    const clients = [1, 2, 3].map(() => memoryTokens({ access: expired, refresh: unknown }));
    const results = await Promise.allSettled(
      clients.map((tokens) =>
        makeClient(backend.fetchImpl, tokens.store).request("me", "GET", "client/users/me/", me),
      ),
    );
    expect(
      results.map(
        (result) => result.status === "rejected" && result.reason instanceof SessionExpiredError,
      ),
    ).toEqual([true, true, true]);
    expect(backend.calls.refresh).toBe(1);
    expect(clients.map((tokens) => tokens.state())).toEqual([{}, {}, {}]);
  });

  it("never writes a token to the store in clear", async () => {
    const backend = fakeBackend({ refreshDelayMs: 30 });
    const pair = await backend.issue();
    const expired = await token("access", -1, "old");
    const tokens = [1, 2].map(() => memoryTokens({ access: expired, refresh: pair.refresh }));
    await Promise.all(
      tokens.map((t) =>
        makeClient(backend.fetchImpl, t.store).request("me", "GET", "client/users/me/", me),
      ),
    );
    const fresh = tokens[0]!.state();
    expect(written.length).toBeGreaterThan(0);
    for (const text of written) {
      for (const secret of [pair.refresh, fresh.access!, fresh.refresh!]) {
        expect(text).not.toContain(secret);
        // Nor a part of one: a JWT's payload is readable base64 of its own.
        expect(text).not.toContain(secret.split(".")[1]);
      }
    }
    expect(written.some((text) => /^refresh:lock:[0-9a-f]{64}$/.test(text))).toBe(true);
  });

  it("takes over when the lock's holder vanished without a result", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const { createHash } = await import("node:crypto");
    const id = createHash("sha256").update(pair.refresh).digest("hex");
    await store.setIfAbsent(`refresh:lock:${id}`, "1", 300); // a replica that died mid-refresh
    const tokens = memoryTokens({
      access: await token("access", -1, "old"),
      refresh: pair.refresh,
    });
    await expect(
      makeClient(backend.fetchImpl, tokens.store).request("me", "GET", "client/users/me/", me),
    ).resolves.toMatchObject({ id: 1 });
    expect(backend.calls.refresh).toBe(1);
  });

  it("after a backend failure the next request tries the token again", async () => {
    const backend = fakeBackend();
    const pair = await backend.issue();
    const expired = await token("access", -1, "old");
    const down: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.includes("/refresh/")
        ? new Response("", { status: 503 })
        : backend.fetchImpl(input, init);
    };
    const first = makeClient(down, memoryTokens({ access: expired, refresh: pair.refresh }).store);
    await expect(first.request("me", "GET", "client/users/me/", me)).rejects.toBeInstanceOf(
      BackendFailure,
    );
    const later = memoryTokens({ access: expired, refresh: pair.refresh });
    await expect(
      makeClient(backend.fetchImpl, later.store).request("me", "GET", "client/users/me/", me),
    ).resolves.toMatchObject({ id: 1 });
    expect(backend.calls.refresh).toBe(1);
  });
});

describe("the backend client's failures", () => {
  it("reads the contract's error body into an ApiError", async () => {
    const backend = fakeBackend();
    const client = makeClient(backend.fetchImpl, memoryTokens({}).store);
    const error = await client
      .request("login", "POST", "client/users/login/", { auth: false, json: {} })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail(1)).toBe("Неверный адрес электронной почты или пароль.");
  });

  it("turns an HTML 502 into a BackendFailure", async () => {
    const backend = fakeBackend({ meStatus: 502 });
    const pair = await backend.issue();
    const error = await makeClient(backend.fetchImpl, memoryTokens(pair).store)
      .request("me", "GET", "client/users/me/", me)
      .catch((e) => e);
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).status).toBe(503);
  });

  it("turns malformed JSON into a BackendFailure", async () => {
    const backend = fakeBackend();
    const error = await makeClient(backend.fetchImpl, memoryTokens({}).store)
      .request("x", "GET", "client/other/", { auth: false, schema: PageSchemas.posts })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).kind).toBe("bad-response");
  });

  it("gives up after the timeout with a 504 failure", async () => {
    const slow: typeof fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        const signal = (input instanceof Request ? input.signal : init?.signal) as
          AbortSignal | undefined;
        signal?.addEventListener("abort", () => reject(signal.reason));
      });
    const error = await makeClient(slow, memoryTokens({}).store, 100)
      .request("x", "GET", "client/posts/", { auth: false })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).status).toBe(504);
  });

  it("ends in a 504 when the call's deadline passes during its refresh", async () => {
    const backend = fakeBackend({ refreshDelayMs: 150 });
    const pair = await backend.issue();
    backend.valid.delete(pair.access);
    const late: typeof fetch = async (input, init) => {
      const response = await backend.fetchImpl(input, init);
      if (String(input instanceof Request ? input.url : input).includes("/me/")) await wait(150);
      return response;
    };
    const error = await makeClient(late, memoryTokens(pair).store, 250)
      .request("me", "GET", "client/users/me/", me)
      .catch((e) => e);
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).status).toBe(504);
    expect(backend.calls.refresh).toBe(1);
  });

  it("reports a refused connection as unavailable (503)", async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const error = await makeClient(refused, memoryTokens({}).store)
      .request("x", "GET", "client/posts/", { auth: false })
      .catch((e) => e);
    expect((error as BackendFailure).status).toBe(503);
  });
});

describe("the backend client's boundary", () => {
  const answering =
    (response: () => Response): typeof fetch =>
    async () =>
      response();
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it.each([
    ["valid JSON of the wrong shape", () => Response.json({ count: "x", results: {} })],
    ["another object", () => Response.json({ foo: 1 })],
    [
      "a 200 HTML page",
      () =>
        new Response("<html><body>Welcome</body></html>", {
          status: 200,
          headers: { "Content-Type": "text/html" },
        }),
    ],
    [
      "an HTML 401",
      () =>
        new Response("<html><body>Unauthorized</body></html>", {
          status: 401,
          headers: { "Content-Type": "text/html" },
        }),
    ],
    [
      "a 404 JSON that is not the error body",
      () => Response.json({ detail: "Not found." }, { status: 404 }),
    ],
  ])("turns %s into a bad-response failure (502)", async (_name, response) => {
    const error = await failure(
      makeClient(answering(response), memoryTokens({}).store).request("x", "GET", "client/posts/", {
        auth: false,
        schema: PageSchemas.posts,
      }),
    );
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).kind).toBe("bad-response");
    expect((error as BackendFailure).status).toBe(502);
  });

  it("refuses a token pair of the wrong shape at sign-in", async () => {
    for (const body of [{ token: "x" }, { access: "x", refresh: "y" }]) {
      const error = await failure(
        makeClient(
          answering(() => Response.json(body)),
          memoryTokens({}).store,
        ).request("login", "POST", "client/users/login/", {
          auth: false,
          json: {},
          schema: TokenPairSchema,
        }),
      );
      expect((error as BackendFailure).kind).toBe("bad-response");
    }
  });

  it("accepts a proxy's 413 with any body as an ApiError", async () => {
    const tooLarge = () =>
      new Response("<html>413 Request Entity Too Large</html>", {
        status: 413,
        headers: { "Content-Type": "text/html" },
      });
    const error = await failure(
      makeClient(answering(tooLarge), memoryTokens({}).store).request(
        "x",
        "POST",
        "admin/posts/images/",
        { auth: false },
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
  });

  it("lets extra fields and a 204 through", async () => {
    const extra = () => Response.json({ ...user, nickname: "ivan" });
    await expect(
      makeClient(answering(extra), memoryTokens({}).store).request("x", "GET", "x/", {
        auth: false,
        ...me,
      }),
    ).resolves.toMatchObject({
      nickname: "ivan",
    });
    const empty = () => new Response(null, { status: 204 });
    await expect(
      makeClient(answering(empty), memoryTokens({}).store).request("x", "POST", "x/", {
        auth: false,
      }),
    ).resolves.toBeUndefined();
  });
});
