/**
 * /media/*: files and images the backend serves, streamed through the portal
 * with caching headers, so the backend need not be reachable by residents.
 *
 * The portal's origin vouches for what it serves inline, so the type is never
 * the backend's word: the first bytes decide. Images (JPEG, PNG, WebP, GIF)
 * and PDFs are shown with the type their bytes say; anything else, an HTML
 * file included, is a download (application/octet-stream, attachment).
 */
import { getEnv } from "~/server/config/env.server";
import { sniffInlineType } from "~/server/media/uploads.server";
import { getI18n } from "~/server/middleware/i18n.server";

import type { Route } from "./+types/media";

const passRequest = ["if-none-match", "if-modified-since", "range"];
const passResponse = ["content-length", "etag", "last-modified", "content-range", "accept-ranges"];
/** Enough bytes for every signature sniffInlineType knows. */
const headBytes = 16;

function plain(text: string, status: number, headers: Record<string, string> = {}) {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });
}

/** The first bytes of a body, and the whole body again as a stream (nothing else is read ahead). */
async function peek(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < headBytes) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.length;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (size) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, stream };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  if (!path || path.split("/").some((part) => part === ".." || part === ""))
    return plain("Not found", 404);
  const env = getEnv();
  const url = `${env.API_URL}/media/${path.split("/").map(encodeURIComponent).join("/")}`;
  const headers = new Headers();
  for (const name of passRequest) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const get = (init: RequestInit) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(env.API_TIMEOUT_MS) });
  let upstream: Response;
  try {
    upstream = await get({ headers });
  } catch {
    return plain(getI18n(context).t("errors.unavailableTitle"), 503, { "Retry-After": "30" });
  }
  if (upstream.status === 404) {
    await upstream.body?.cancel();
    return plain("Not found", 404);
  }
  if (!upstream.ok && upstream.status !== 304) {
    // Nothing of the backend's error page reaches the resident.
    await upstream.body?.cancel();
    return upstream.status === 416
      ? plain("Range Not Satisfiable", 416, {
          "Content-Range": upstream.headers.get("content-range") ?? "",
        })
      : plain(getI18n(context).t("errors.unavailableTitle"), 502);
  }

  const out = new Headers();
  for (const name of passResponse) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  out.set("Cache-Control", "public, max-age=86400, stale-while-revalidate=604800");
  if (upstream.status === 304 || !upstream.body) {
    await upstream.body?.cancel();
    return new Response(null, { status: upstream.status, headers: out });
  }

  const { head, stream } = await peek(upstream.body);
  let type = sniffInlineType(head);
  // A range from the middle of the file: its first bytes say nothing, so ask for the file's own.
  if (upstream.status === 206 && !/^bytes 0-/.test(upstream.headers.get("content-range") ?? "")) {
    try {
      const probe = await get({ headers: { range: `bytes=0-${headBytes - 1}` } });
      if (probe.ok && probe.body) {
        const probed = await peek(probe.body);
        type = sniffInlineType(probed.head);
        await probed.stream.cancel();
      } else {
        type = null;
        await probe.body?.cancel();
      }
    } catch {
      type = null;
    }
  }
  // X-Content-Type-Options: nosniff is on every response (server/app.ts): the browser keeps this type.
  if (type) {
    out.set("Content-Type", type);
    out.set("Content-Disposition", "inline");
  } else {
    out.set("Content-Type", "application/octet-stream");
    out.set("Content-Disposition", "attachment");
  }
  return new Response(stream, { status: upstream.status, headers: out });
}
