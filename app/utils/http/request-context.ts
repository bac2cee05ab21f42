/**
 * Per-request values the Express layer hands to React Router: the request id
 * (logs, error pages) and the CSP nonce (every inline script carries it).
 */
import { createContext } from "react-router";

/**
 * The time at least one backend call was in flight. Calls made side by side
 * (a page's loaders run together) count once: their sum would exceed the
 * request's own duration and leave the portal's share at nothing.
 */
export class BackendTime {
  private spans: Array<readonly [start: number, end: number]> = [];

  /** A call that took `ms` and ended at `endedAt` (performance.now()'s clock). */
  add(ms: number, endedAt = performance.now()) {
    this.spans.push([endedAt - ms, endedAt]);
  }

  get ms(): number {
    let total = 0;
    let reached = Number.NEGATIVE_INFINITY;
    for (const [start, end] of this.spans.toSorted((a, b) => a[0] - b[0])) {
      if (end <= reached) continue;
      total += end - Math.max(start, reached);
      reached = end;
    }
    return total;
  }
}

export interface RequestMeta {
  requestId: string;
  nonce: string;
  startedAt: number;
  /** The time spent waiting for the backend, for Server-Timing and logs. */
  backend: BackendTime;
  secure: boolean;
  /** The client's address as the trusted proxy reports it (TRUST_PROXY), else the socket's. */
  clientAddress: string;
}

export const requestMetaContext = createContext<RequestMeta>({
  requestId: "unknown",
  nonce: "",
  startedAt: 0,
  backend: new BackendTime(),
  secure: false,
  clientAddress: "unknown",
});
