/**
 * Texts only a few pages show (the administration's) are a namespace of
 * their own, so that no other page loads them. A route that shows them names
 * the namespace twice, as remix-i18next and React Router document:
 *
 * - `handle.i18n`: the first page of a visit preloads its file (app/root.tsx)
 *   and loads it before hydrating (`getInitialNamespaces`, app/entry.client.tsx);
 * - `clientMiddleware`: a client navigation loads it before the route renders.
 *
 * ```ts
 * export const handle: RouteHandle = { i18n: "admin" };
 * export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
 * ```
 */
import i18next from "i18next";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";

import type { RouteNamespace } from "./config";

export function routeTexts(
  ns: RouteNamespace,
): MiddlewareFunction<Record<string, DataStrategyResult>> {
  return async (_args, next) => {
    // Loaded once: afterwards, and after a change of language, i18next has it.
    await i18next.loadNamespaces(ns);
    return next();
  };
}
