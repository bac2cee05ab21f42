import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createMemoryStore } from "~/server/store/memory-store.server";
import { ApiError, BackendFailure } from "~/utils/api/errors";
import { PageSchemas, PostImageSchema } from "~/utils/api/schemas";

import { createApiClient, type ClientOptions } from "./client.server";

/**
 * The client over the platform's fetch against a real server, as the backend
 * is one: the deadline over a trickling body, what goes on the wire, and the
 * multipart form sent again after a refresh.
 */
let server: http.Server;
let base = "";
interface Received {
  method?: string;
  url?: string;
  type?: string;
  accept?: string;
  requestId?: string;
  auth?: string;
  body: string;
}
const received: Received[] = [];
const timers = new Set<ReturnType<typeof setInterval>>();
const page = '{"count": 0, "next": null, "previous": null, "results": []}';
const image = {
  id: 5,
  post: 3,
  image: "http://b.test/media/a.png",
  created_at: "2026-03-01T09:30:00+09:00",
};

const key = new TextEncoder().encode("test-secret");
async function token(kind: "access" | "refresh", jti: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: kind, user_id: 1, jti })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(key);
}
let revoked = "";
let fresh = { access: "", refresh: "" };

beforeAll(async () => {
  revoked = await token("access", "revoked");
  fresh = { access: await token("access", "fresh"), refresh: await token("refresh", "fresh") };
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method,
        url: req.url,
        type: req.headers["content-type"],
        accept: req.headers.accept,
        requestId: req.headers["x-request-id"] as string | undefined,
        auth: req.headers.authorization,
        body: Buffer.concat(chunks).toString(),
      });
      const path = req.url?.replace(/\?.*/, "");
      const json = { "Content-Type": "application/json" };
      if (path === "/api/v1/trickle/") {
        // Headers at once, then a byte every 50 ms for ever.
        res.writeHead(200, json);
        res.write('{"count": 0, "next": null, "previous": null, "results": [');
        const timer = setInterval(() => res.write(" "), 50);
        timers.add(timer);
        res.on("close", () => clearInterval(timer));
        return;
      }
      if (path === "/api/v1/pieces/") {
        res.writeHead(200, json);
        res.write(page.slice(0, 20));
        setTimeout(() => res.end(page.slice(20)), 30);
        return;
      }
      if (path === "/api/v1/empty/") return void res.writeHead(204).end();
      if (path === "/api/v1/down/")
        return void res.writeHead(503, { "Content-Type": "text/html" }).end("<html>down</html>");
      if (path === "/api/v1/client/users/refresh/")
        return void res.writeHead(200, json).end(JSON.stringify(fresh));
      if (path === "/api/v1/images/") {
        if (req.headers.authorization === `Bearer ${revoked}`) {
          return void res
            .writeHead(401, json)
            .end(
              '{"type": "client_error", "errors": [{"code": "token_not_valid", "detail": "x", "attr": null}]}',
            );
        }
        return void res.writeHead(201, json).end(JSON.stringify(image));
      }
      res.writeHead(429, { ...json, "Retry-After": "7" });
      res.end(
        '{"type": "client_error", "errors": [{"code": "throttled", "detail": "Slow down", "attr": null}]}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const timings: [string, number][] = [];
const client = (extra: Partial<ClientOptions> = {}) => {
  let tokens: { access?: string; refresh?: string } = {};
  return createApiClient({
    baseUrl: base,
    timeoutMs: 1000,
    requestId: "req-1",
    store: createMemoryStore(),
    tokens: {
      get: () => tokens,
      set: (pair) => void (tokens = pair),
      clear: () => void (tokens = {}),
    },
    onTiming: (_ms, operation, status) => void timings.push([operation, status]),
    ...extra,
  });
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const sentTo = (path: string) => received.filter((r) => r.url?.startsWith(`/api/v1/${path}`));

describe("the backend client over HTTP", () => {
  it("gives up on a body that trickles, within the same deadline as the headers (504)", async () => {
    const started = performance.now();
    const error = await failure(
      client({ timeoutMs: 300 }).request("trickle", "GET", "trickle/", {
        auth: false,
        schema: PageSchemas.posts,
      }),
    );
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).status).toBe(504);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
    expect(timings.at(-1)).toEqual(["trickle", 0]);
  });

  it("reads a body that arrives in pieces, whole", async () => {
    await expect(
      client().request("pieces", "GET", "pieces/", { auth: false, schema: PageSchemas.posts }),
    ).resolves.toEqual(JSON.parse(page));
  });

  it("sends the query, the request id and Accept, and reads a 4xx's body and Retry-After, sending it once", async () => {
    const before = sentTo("other/").length;
    const error = await failure(
      client().request("other", "GET", "other/", { auth: false, searchParams: { page: 2, q: "" } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfter: 7 });
    expect((error as ApiError).detail()).toBe("Slow down");
    expect(sentTo("other/").length - before).toBe(1);
    expect(received.at(-1)).toMatchObject({
      url: "/api/v1/other/?page=2",
      accept: "application/json",
      requestId: "req-1",
      auth: undefined,
    });
  });

  it("sends a failed call once, never again (503 → BackendFailure)", async () => {
    const error = await failure(
      client().request("down", "GET", "down/", { auth: false, schema: PageSchemas.posts }),
    );
    expect((error as BackendFailure).status).toBe(503);
    expect(sentTo("down/")).toHaveLength(1);
  });

  it("reads a 204 as nothing", async () => {
    await expect(
      client().request("empty", "DELETE", "empty/", { auth: false }),
    ).resolves.toBeUndefined();
    expect(received.at(-1)?.method).toBe("DELETE");
  });

  it("sends JSON as JSON", async () => {
    await failure(client().request("other", "POST", "other/", { auth: false, json: { a: 1 } }));
    expect(received.at(-1)).toMatchObject({
      method: "POST",
      type: "application/json",
      body: '{"a":1}',
    });
  });

  it("sends a multipart form, and the same form again after a 401 and a refresh", async () => {
    const form = new FormData();
    form.set("post", "3");
    form.set("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    const tokens = { access: revoked, refresh: await token("refresh", "old") };
    const c = client({
      tokens: { get: () => tokens, set: (pair) => Object.assign(tokens, pair), clear() {} },
    });
    timings.length = 0;
    await expect(
      c.request("imageCreate", "POST", "images/", { body: form, schema: PostImageSchema }),
    ).resolves.toEqual(image);
    const [refused, again] = sentTo("images/").slice(-2);
    expect([refused?.auth, again?.auth]).toEqual([`Bearer ${revoked}`, `Bearer ${fresh.access}`]);
    for (const sent of [refused, again]) {
      expect(sent?.type).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent?.body).toContain('name="post"');
      expect(sent?.body).toContain('filename="a.png"');
    }
    expect(timings).toEqual([
      ["imageCreate", 401],
      ["refresh", 200],
      ["imageCreate", 201],
    ]);
  });

  it("reports nobody listening as unavailable (503)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}` }).request("x", "GET", "x/", { auth: false }),
    );
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).status).toBe(503);
  });
});
