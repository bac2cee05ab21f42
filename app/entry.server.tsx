import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";

import { getI18n } from "~/server/middleware/i18n.server";
import { logger } from "~/server/monitoring/logger.server";
import { NonceProvider } from "~/utils/http/nonce";
import { requestMetaContext, type RequestMeta } from "~/utils/http/request-context";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const meta = loadContext.get(requestMetaContext);
  const { nonce } = meta;
  responseHeaders.set("Server-Timing", serverTiming(meta));
  const i18n = getI18n(loadContext);

  return new Promise((resolve, reject) => {
    // Every loader has finished before React renders (no deferred data), so the
    // page is rendered whole and sent as one buffer: streaming it in 2 KB
    // pieces through Node and web streams cost more than it saved.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const chunks: Buffer[] = [];
    let shellReady = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = Buffer.concat(chunks);
        const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        // The page's stylesheet (app/root.tsx) carries the nonce too: React writes a style
        // resource only when its own nonce is this one.
        nonce: { script: nonce, style: nonce },
        // Never outline a finished Suspense boundary into a script-revealed
        // chunk: the page goes out whole, and must read the same without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router's handleError logs it.
          if (shellReady) logger.error({ requestId: meta.requestId, err: error }, "render failed");
        },
      },
    );
  });
}

/** The backend's share of the time spent on this request, for browsers' dev tools and the benchmark. */
function serverTiming(meta: Pick<RequestMeta, "startedAt" | "backend">) {
  const total = performance.now() - meta.startedAt;
  const backend = meta.backend.ms;
  return `backend;dur=${backend.toFixed(1)};desc="Company API", app;dur=${Math.max(0, total - backend).toFixed(1)}`;
}

export function handleDataRequest(
  response: Response,
  { context }: { context: RouterContextProvider },
) {
  try {
    response.headers.set("Server-Timing", serverTiming(context.get(requestMetaContext)));
  } catch {
    // immutable headers (a redirect): nothing to add
  }
  return response;
}

function isDataWithStatus(error: unknown) {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { init?: { status?: unknown } }).init?.status === "number"
  );
}

/** Errors React Router caught: logged once, with the request id, never sent to the page. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  // Answers the portal chose on purpose (404, 403, a refused form, a backend
  // failure already logged by the API client) are not errors of the portal.
  if (isRouteErrorResponse(error) || isDataWithStatus(error)) return;
  const { requestId } = context.get(requestMetaContext);
  logger.error({ requestId, path: new URL(request.url).pathname, err: error }, "request error");
}
