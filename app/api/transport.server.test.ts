import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { undiciTransport } from "./transport.server";

/** A real server, as the backend is one: the transport's deadline and reading are undici's. */
let server: http.Server;
let base = "";
const received: { method?: string; type?: string; body: string; auth?: string }[] = [];
const timers = new Set<ReturnType<typeof setInterval>>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method, type: req.headers["content-type"], body: Buffer.concat(chunks).toString(), auth: req.headers.authorization });
      if (req.url === "/trickle") {
        // Headers at once, then a byte every 50 ms for ever.
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"results": [');
        const timer = setInterval(() => res.write(" "), 50);
        timers.add(timer);
        res.on("close", () => clearInterval(timer));
        return;
      }
      if (req.url === "/pieces") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"count": 0, ');
        setTimeout(() => res.end('"results": []}'), 30);
        return;
      }
      if (req.url === "/empty") return void res.writeHead(204).end();
      res.setHeader("Set-Cookie", ["a=1", "b=2"]);
      res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "7" });
      res.end('{"type": "client_error", "errors": []}');
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

const exchange = (path: string, timeoutMs = 1000, extra: { method?: string; body?: string | FormData; headers?: Record<string, string> } = {}) =>
  undiciTransport({ method: extra.method ?? "GET", url: `${base}${path}`, headers: extra.headers ?? {}, body: extra.body, signal: AbortSignal.timeout(timeoutMs) });

describe("the backend transport", () => {
  it("gives up on a body that trickles, within the same deadline as the headers", async () => {
    const started = performance.now();
    const error = await exchange("/trickle", 300).then(
      () => null,
      (e: unknown) => e,
    );
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(Error);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it("reads a body that arrives in pieces, whole", async () => {
    const answer = await exchange("/pieces");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ count: 0, results: [] });
  });

  it("gives the status, headers by any case (repeated ones joined) and the body", async () => {
    const answer = await exchange("/other", 1000, { headers: { Authorization: "Bearer t" } });
    expect(answer.status).toBe(429);
    expect(answer.header("retry-after")).toBe("7");
    expect(answer.header("Content-Type")).toBe("application/json");
    expect(answer.header("Set-Cookie")).toBe("a=1, b=2");
    expect(answer.header("X-Missing")).toBeNull();
    expect(answer.text).toContain("client_error");
    expect(received.at(-1)?.auth).toBe("Bearer t");
  });

  it("reads a 204 as an empty body", async () => {
    const answer = await exchange("/empty", 1000, { method: "DELETE" });
    expect(answer).toMatchObject({ status: 204, text: "" });
  });

  it("sends a JSON text and a multipart form as they are", async () => {
    await exchange("/other", 1000, { method: "POST", body: '{"a":1}', headers: { "Content-Type": "application/json" } });
    expect(received.at(-1)).toMatchObject({ method: "POST", type: "application/json", body: '{"a":1}' });
    const form = new FormData();
    form.set("post", "3");
    form.set("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    await exchange("/other", 1000, { method: "POST", body: form });
    expect(received.at(-1)?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.at(-1)?.body).toContain('name="post"');
    expect(received.at(-1)?.body).toContain('filename="a.png"');
  });

  it("rejects when nobody listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      undiciTransport({ method: "GET", url: `http://127.0.0.1:${port}/`, headers: {}, signal: AbortSignal.timeout(1000) }),
    ).rejects.toThrow();
  });
});
