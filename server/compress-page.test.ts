import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressPages } from "./compress-page";

const page = `<!DOCTYPE html><html><body>${"<p>Новости дома</p>".repeat(200)}</body></html>`;
let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
afterEach(() => server?.close());

async function serve(handler: express.RequestHandler) {
  const app = express();
  app.use(compressPages);
  app.use(handler);
  server = app.listen(0);
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw GET: fetch would decode the body and drop Content-Encoding's meaning. */
async function get(url: string, acceptEncoding?: string) {
  const http = await import("node:http");
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("pages compressed once", () => {
  // As React Router's Express adapter writes a page: the headers, one write, a flush, the end.
  const writeLikeReactRouter: express.RequestHandler = (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(Buffer.from(page));
    res.end();
  };

  it("gives browsers brotli, though they list gzip first", async () => {
    const url = await serve(writeLikeReactRouter);
    const { headers, body } = await get(url, "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.vary).toContain("Accept-Encoding");
    expect(Number(headers["content-length"])).toBe(body.length);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
  });

  it("gzip for a client without brotli, the page as it is for one that asks for nothing", async () => {
    const url = await serve(writeLikeReactRouter);
    const gzip = await get(url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("leaves anything but HTML to stream as it was written", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.write('{"a":');
      res.end("1}");
    });
    const { headers, body } = await get(url, "br");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe('{"a":1}');
  });
});
