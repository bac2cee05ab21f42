import {
  createStaticHandler,
  isRouteErrorResponse,
  RouterContextProvider,
  type MiddlewareFunction,
  type RouteObject,
} from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as users from "~/routes/admin/users";
import * as login from "~/routes/auth/login";
import * as notFound from "~/routes/not-found";
import * as accounts from "~/routes/profile/accounts";
import { i18nextMiddleware } from "~/server/middleware/i18n.server";
import { userContext } from "~/server/middleware/user.server";
import type { SessionUser } from "~/utils/api/token-claims";

beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

/** Every loader and action that ran, by route. */
let ran: string[] = [];
beforeEach(() => {
  ran = [];
});
const spy = (id: string) => () => {
  ran.push(id);
  return null;
};

const person = (role: SessionUser["role"]) =>
  ({ role, firstName: "Анна", lastName: "Иванова", email: "anna@example.org" }) as SessionUser;

/** The portal's middleware answers with a Response; a data router's tree takes any. */
const chain = (list: unknown) => list as RouteObject["middleware"];

/**
 * The portal's route tree in small: a root with a loader, and four pages with
 * their modules' own middleware and spies for loaders and actions. The root's
 * middleware does what the portal's does before the pages': the language, the user.
 */
function handlerFor(user: SessionUser | null) {
  const signedIn: MiddlewareFunction<Response> = ({ context }, next) => {
    context.set(userContext, user);
    return next();
  };
  const page = (id: string, path: string, middleware: unknown): RouteObject => ({
    id,
    path,
    middleware: chain(middleware),
    loader: spy(id),
    action: spy(`${id} action`),
  });
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      middleware: chain([i18nextMiddleware, signedIn]),
      loader: spy("root"),
      children: [
        page("accounts", "profile/accounts", accounts.middleware),
        page("users", "admin/users", users.middleware),
        page("login", "auth", login.middleware),
        page("not-found", "*", notFound.middleware),
      ],
    },
  ];
  return createStaticHandler(routes);
}

/** A request's answer: a redirect's status and target, or a page's status (a thrown refusal's too). */
async function request(user: SessionUser | null, path: string, method = "GET") {
  const handler = handlerFor(user);
  const result = await handler.query(new Request(`http://portal.test${path}`, { method }), {
    requestContext: new RouterContextProvider(),
    generateMiddlewareResponse: async (query) => {
      const outcome = await query(new Request(`http://portal.test${path}`, { method }));
      if (outcome instanceof Response) return outcome;
      const error = Object.values(outcome.errors ?? {})[0];
      return new Response(null, {
        status: isRouteErrorResponse(error) ? error.status : outcome.statusCode,
      });
    },
  });
  if (!(result instanceof Response)) throw new Error("no middleware response");
  return { status: result.status, location: result.headers.get("Location") };
}

describe("a page's access, from its route module, before any loader or action", () => {
  it("sends a signed-out visitor to sign in, and back: no loader ran, the root's neither", async () => {
    expect(await request(null, "/profile/accounts?page=2")).toEqual({
      status: 302,
      location: "/auth?redirectTo=%2Fprofile%2Faccounts%3Fpage%3D2",
    });
    expect(await request(null, "/profile/accounts", "POST")).toMatchObject({ status: 302 });
    expect(ran).toEqual([]);
  });

  it("refuses a resident an administrator's page with a 403: no loader or action ran", async () => {
    expect(await request(person("customer"), "/admin/users")).toEqual({
      status: 403,
      location: null,
    });
    expect(await request(person("customer"), "/admin/users", "POST")).toMatchObject({
      status: 403,
    });
    expect(ran).toEqual([]);
  });

  it("sends a signed-in user away from the sign-in page before its loader reads the session", async () => {
    expect(await request(person("customer"), "/auth")).toEqual({
      status: 302,
      location: "/profile",
    });
    expect(ran).toEqual([]);
  });

  it("keeps a section's rule on a path no page declares, and lets the allowed through to the 404", async () => {
    expect(await request(person("customer"), "/admin/no-such-page")).toMatchObject({
      status: 403,
    });
    expect(await request(null, "/profile/no-such-page")).toMatchObject({ status: 302 });
    expect(ran).toEqual([]);
    expect(await request(person("admin"), "/admin/no-such-page")).toMatchObject({ status: 200 });
    expect(ran).toEqual(["root", "not-found"]);
  });

  it("runs the loaders for whom the page is", async () => {
    expect(await request(person("admin"), "/admin/users")).toMatchObject({ status: 200 });
    expect(await request(person("customer"), "/profile/accounts")).toMatchObject({ status: 200 });
    expect(await request(null, "/auth")).toMatchObject({ status: 200 });
    expect(ran.sort()).toEqual(["accounts", "login", "root", "root", "root", "users"].sort());
  });
});
