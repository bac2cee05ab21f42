/** Stored files (under the media folder) and their serving under /media/. */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "hono";

import type { BackendConfig } from "./config.js";
import { notFound } from "./errors.js";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
};

/** Writes `bytes` under `<media>/<folder>/<uuid>.<extension>`; returns the relative path. */
export function storeFile(
  config: BackendConfig,
  folder: string,
  extension: string,
  bytes: Uint8Array,
): string {
  const relative = `${folder}/${randomUUID()}.${extension}`;
  writeMediaFile(config, relative, bytes);
  return relative;
}

export function writeMediaFile(config: BackendConfig, relative: string, bytes: Uint8Array): void {
  const target = resolveMedia(config, relative);
  if (!target) throw new Error(`bad media path ${relative}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}

export function deleteFile(config: BackendConfig, relative: string | null | undefined): void {
  if (!relative) return;
  const target = resolveMedia(config, relative);
  if (target) rmSync(target, { force: true });
}

/** The absolute path of a media file, or null when it would leave the media folder. */
function resolveMedia(config: BackendConfig, relative: string): string | null {
  const root = path.resolve(config.mediaDir);
  const target = path.resolve(root, relative);
  return target.startsWith(root + path.sep) ? target : null;
}

/** GET/HEAD /media/<path>: the file with its content type, or a 404. */
export function serveMedia(c: Context, config: BackendConfig): Response {
  const prefix = "/media/";
  const pathname = new URL(c.req.url).pathname;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    throw notFound();
  }
  const target = resolveMedia(config, relative);
  if (!target || !existsSync(target) || !statSync(target).isFile()) throw notFound();
  const bytes = readFileSync(target);
  const stats = statSync(target);
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type":
        CONTENT_TYPES[path.extname(target).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": String(bytes.length),
      "Last-Modified": stats.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
