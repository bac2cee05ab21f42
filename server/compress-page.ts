/**
 * Pages compressed once, in one call.
 *
 * React Router's answer for a page is one buffer (app/entry.server.tsx renders
 * it whole). The `compression` middleware would feed it to a zlib stream,
 * flush it (React Router's Express adapter flushes after each write), end it
 * and hop to the thread pool for each step: 1.35 ms of CPU for the 40 KB of
 * /posts with brotli, against 0.5 ms for the same bytes in one synchronous
 * call at the same quality (docs/decisions/006). So an HTML answer is kept
 * whole here and compressed once, brotli for browsers (quality 3, below), gzip
 * for the rest; anything else (data requests,
 * files, feeds, media) streams on to `compression` as before.
 *
 * Mounted after `compression` (which then sees Content-Encoding set and
 * leaves the answer alone) and before the page cache (which keeps the page
 * as HTML, to swap its nonce).
 */
import zlib from "node:zlib";
import type express from "express";

/**
 * Brotli's quality for pages: 3 costs 0.30 ms on the 38 KB of /posts against
 * 0.51 ms at 4 (`compression`'s default), for 5% more bytes (9.7 against
 * 9.2 KB): 10 ms on the slow link, a tenth of the server's own share of
 * the request (docs/decisions/006).
 */
const QUALITY = 3;

/** Below this size compressing costs more than it saves (`compression`'s threshold). */
const THRESHOLD = 1024;

const brotliParams = (size: number) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
});

/** The page compressed for this encoding. */
export function compressPage(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, { params: brotliParams(body.length) })
    : zlib.gzipSync(body, { level: 6 });
}

/** Brotli whenever the client takes it (browsers list gzip first, at the same weight), else gzip. */
export function preferredEncoding(req: Pick<express.Request, "acceptsEncodings">): "br" | "gzip" | null {
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return null;
}

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
type End = (chunk?: unknown, ...rest: unknown[]) => express.Response;

const toBuffer = (chunk: unknown, encoding?: unknown) =>
  chunk instanceof Uint8Array
    ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    : Buffer.from(String(chunk), (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding);

export const compressPages: express.RequestHandler = (req, res, next) => {
  if (req.method === "HEAD" || !req.headers["accept-encoding"]) return next();
  const encoding = preferredEncoding(req);
  if (!encoding) return next();
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const chunks: Buffer[] = [];
  /** Decided at the first write or the end, when the headers are known: a whole HTML answer or a pass-through. */
  let mode: "page" | "pass" | undefined;
  const decide = () => {
    if (mode) return mode;
    const type = String(res.getHeader("Content-Type") ?? "");
    const encoded = res.getHeader("Content-Encoding");
    mode = type.startsWith("text/html") && (!encoded || encoded === "identity") ? "page" : "pass";
    if (mode === "pass") {
      res.write = write as typeof res.write;
      res.end = end as typeof res.end;
    }
    return mode;
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (decide() === "pass") return write(chunk, ...rest);
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (decide() === "pass") return end(chunk, ...rest);
    const callback = [chunk, ...rest].find((arg) => typeof arg === "function");
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
    const body = Buffer.concat(chunks);
    res.write = write as typeof res.write;
    res.end = end as typeof res.end;
    if (body.length < THRESHOLD || res.statusCode === 204 || res.statusCode === 304) {
      if (!res.headersSent) res.setHeader("Content-Length", body.length);
      return end(body, callback);
    }
    const compressed = compressPage(body, encoding);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", compressed.length);
    res.vary("Accept-Encoding");
    return end(compressed, callback);
  }) as typeof res.end;
  next();
};
