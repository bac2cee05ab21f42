/**
 * Who is signed in: decoded from the session's access token. Authenticated
 * means both tokens are present and the access token can be read.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getEnv } from "~/server/config/env.server";
import { getSession } from "~/server/middleware/session.server";
import { decodeUser, type SessionUser } from "~/utils/api/token-claims";

export const userContext = createContext<SessionUser | null>(null);

export function getUser(context: Readonly<RouterContextProvider>) {
  return context.get(userContext);
}

export function userFromSession(context: Readonly<RouterContextProvider>) {
  const session = getSession(context);
  const access = session.get("access");
  const refresh = session.get("refresh");
  if (!access || !refresh) return null;
  return decodeUser(access, getEnv().ADMIN_FLAG);
}

export const userMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(userContext, userFromSession(context));
  return next();
};
