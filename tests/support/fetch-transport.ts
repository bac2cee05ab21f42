/**
 * The backend client's transport over a fetch-shaped fake backend: how the
 * unit tests answer the client with plain Request → Response functions.
 */
import type { Transport } from "~/api/transport.server";

export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async ({ method, url, headers, body, signal }) => {
    const response = await fetchImpl(new Request(url, { method, headers, body, signal }));
    const text = await response.text();
    return { status: response.status, header: (name) => response.headers.get(name), text };
  };
}
