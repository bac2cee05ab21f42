/**
 * The portal's Prometheus metrics (prom-client), declared in one place so
 * every part of the portal counts into the same registry. Exposed only on
 * METRICS_PORT (or with a bearer token), never on the public port.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();

/** Seconds, from a quick page to a backend call at its timeout. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
collectDefaultMetrics({ register: registry, prefix: "portal_" });

export const metrics = {
  requests: new Counter({
    name: "portal_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  }),
  requestDuration: new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  }),
  backendCalls: new Histogram({
    name: "portal_backend_call_duration_seconds",
    help: "Backend calls by operation and outcome (ok, client_error, failure).",
    labelNames: ["operation", "outcome"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  }),
  backendFailures: new Counter({
    name: "portal_backend_failures_total",
    help: "Backend calls that failed (timeout, unavailable, bad-response), by operation.",
    labelNames: ["operation", "kind"] as const,
    registers: [registry],
  }),
  refreshes: new Counter({
    name: "portal_token_refreshes_total",
    help: "Token refreshes: done by this replica, shared from another request or replica, or failed.",
    labelNames: ["result"] as const,
    registers: [registry],
  }),
  rateLimitRefusals: new Counter({
    name: "portal_rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by limiter.",
    labelNames: ["limiter"] as const,
    registers: [registry],
  }),
  busyRefusals: new Counter({
    name: "portal_busy_refusals_total",
    help: "Requests answered with the busy page: they could not start within ADMISSION_MAX_WAIT_MS.",
    registers: [registry],
  }),
  storeState: new Gauge({
    name: "portal_store_state",
    help: "The shared store's state: 1 for the current one of memory, redis, degraded.",
    labelNames: ["state"] as const,
    registers: [registry],
  }),
};
