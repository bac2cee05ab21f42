/**
 * Per-request values the Express layer hands to React Router: the request id
 * (logs, error pages) and the CSP nonce (every inline script carries it).
 */
import { createContext } from "react-router";

export interface RequestMeta {
  requestId: string;
  nonce: string;
  startedAt: number;
  /** Milliseconds spent waiting for the backend, for Server-Timing and logs. */
  backendMs: { total: number };
  secure: boolean;
  /** The client's address as the trusted proxy reports it (TRUST_PROXY), else the socket's. */
  clientAddress: string;
}

export const requestMetaContext = createContext<RequestMeta>({
  requestId: "unknown",
  nonce: "",
  startedAt: 0,
  backendMs: { total: 0 },
  secure: false,
  clientAddress: "unknown",
});
