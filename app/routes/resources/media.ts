/**
 * /media/*: files and images the backend serves, streamed through the portal
 * with caching headers, so the backend need not be reachable by residents.
 */
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/media";

const passRequest = ["if-none-match", "if-modified-since", "range"];
const passResponse = ["content-type", "content-length", "etag", "last-modified", "content-range", "accept-ranges"];

export async function loader({ request, params }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  if (!path || path.split("/").some((part) => part === ".." || part === "")) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const env = getEnv();
  const headers = new Headers();
  for (const name of passRequest) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await fetch(`${env.API_URL}/media/${path.split("/").map(encodeURIComponent).join("/")}`, {
      headers,
      signal: AbortSignal.timeout(env.API_TIMEOUT_MS),
    });
  } catch {
    return new Response("Сервис временно недоступен", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } });
  }
  if (upstream.status === 404) {
    await upstream.body?.cancel();
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const out = new Headers();
  for (const name of passResponse) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  if (upstream.ok || upstream.status === 304) {
    out.set("Cache-Control", "public, max-age=86400, stale-while-revalidate=604800");
  }
  // Served files are never scripts here, whatever their name says.
  out.set("Content-Disposition", upstream.headers.get("content-disposition") ?? "inline");
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}
