/**
 * One backend client per request, bound to the session's tokens. A refreshed
 * pair goes into the session (written once, at the end of the request) and
 * the user is decoded again from the new access token. An expired session
 * sends the user to sign in and back; a backend failure becomes the friendly
 * error page (503/504/502), logged once with the request id; a backend 403
 * becomes the 403 page (forms say it inside the form).
 */
import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";

import { createApiClient } from "~/server/api/client.server";
import { createApi, type Api } from "~/server/api/endpoints.server";
import { getEnv } from "~/server/config/env.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession } from "~/server/middleware/session.server";
import { logger } from "~/server/monitoring/logger.server";
import { metrics } from "~/server/monitoring/metrics.server";
import { BackendFailureResponse, BackendRefusalResponse } from "~/utils/api/errors";
import { decodeUser } from "~/utils/api/token-claims";
import { currentPath } from "~/utils/http/redirect";
import { requestMetaContext } from "~/utils/http/request-context";

import { userContext } from "./user.server";

export const apiContext = createContext<Api | null>(null);

export function getApi(context: Readonly<RouterContextProvider>): Api {
  const api = context.get(apiContext);
  if (!api) throw new Error("The API middleware did not run");
  return api;
}

export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const env = getEnv();
  const session = getSession(context);
  const meta = context.get(requestMetaContext);
  const url = new URL(request.url);
  const client = createApiClient({
    baseUrl: env.API_URL,
    timeoutMs: env.API_TIMEOUT_MS,
    requestId: meta.requestId,
    tokens: {
      get: () => ({ access: session.get("access"), refresh: session.get("refresh") }),
      set: (pair) => {
        session.set("access", pair.access);
        session.set("refresh", pair.refresh);
        context.set(userContext, decodeUser(pair.access, env.ADMIN_FLAG));
      },
      clear: () => {
        session.unset("access");
        session.unset("refresh");
        context.set(userContext, null);
      },
    },
    onTiming: (ms, operation, status) => {
      meta.backend.add(ms);
      const outcome =
        status === 0 || status >= 500 ? "failure" : status >= 400 ? "client_error" : "ok";
      metrics.backendCalls.observe({ operation, outcome }, ms / 1000);
    },
    onSessionExpired: () => {
      session.flash("authMessage", getI18n(context).t("errors:sessionExpired"));
      throw redirect(`/auth?${new URLSearchParams({ redirectTo: currentPath(url) })}`);
    },
    onFailure: (failure, operation) => {
      metrics.backendFailures.inc({ operation, kind: failure.kind });
      logger.error(
        { requestId: meta.requestId, operation, failure: failure.kind, message: failure.message },
        "backend call failed",
      );
      throw new BackendFailureResponse(failure, meta.requestId);
    },
    onForbidden: (error) => {
      logger.warn(
        { requestId: meta.requestId, operation: error.operation },
        "backend refused the user (403)",
      );
      throw new BackendRefusalResponse(error, meta.requestId);
    },
  });
  context.set(apiContext, createApi(client));
  return next();
};
