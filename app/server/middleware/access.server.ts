/**
 * Who may open a page, said by its route module (docs/decisions/046):
 *
 *   export const middleware: Route.MiddlewareFunction[] = [requireUser];
 *
 * Route middleware runs before every loader and action of the request (the
 * root's included): page loads, form posts and client data requests alike.
 * Signed-out users go to sign in (and come back after), signed-in users leave
 * the guest pages, and a role that is not allowed gets the 403 page, in the
 * shell, before any backend call. The site map says the same of each page for
 * the menu and the service worker; app/routes.test.ts keeps the two equal.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";

import { forgetSignedIn, hasSignedInHint } from "~/server/auth/signed-in-hint.server";
import { shellData } from "~/server/http/shell-data.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession, sessionEndContext } from "~/server/middleware/session.server";
import { getUser } from "~/server/middleware/user.server";
import { currentPath } from "~/utils/http/redirect";
import {
  decideAccess,
  findGoverningEntry,
  type AccessDecision,
  type AccessRule,
} from "~/utils/site-map/navigation";

type Args = Parameters<MiddlewareFunction<Response>>[0];
type Next = Parameters<MiddlewareFunction<Response>>[1];

/** To the sign-in page, and back here after it, saying why when a session ran out. */
async function toSignIn({ request, context }: Args) {
  const headers = new Headers();
  const ended = context.get(sessionEndContext);
  if (ended === "signed-out") {
    // A copy of a session that was signed out (maybe on another replica).
    getSession(context).flash("authMessage", getI18n(context).t("errors:sessionEnded"));
    headers.append("Set-Cookie", await forgetSignedIn());
  } else if (ended === "expired" || (await hasSignedInHint(request.headers.get("Cookie")))) {
    // Past its absolute lifetime, or signed in before and never signed out: the session ran out.
    getSession(context).flash("authMessage", getI18n(context).t("errors:sessionExpired"));
    headers.append("Set-Cookie", await forgetSignedIn());
  }
  // Returned, not thrown, so the session middleware above still writes the message.
  const redirectTo = currentPath(new URL(request.url));
  return redirect(`/auth?${new URLSearchParams({ redirectTo })}`, { headers });
}

async function answer(decision: AccessDecision, args: Args, next: Next) {
  switch (decision.kind) {
    case "sign-in":
      return toSignIn(args);
    case "signed-in":
      return redirect("/profile");
    case "forbidden":
      // Thrown before any loader runs, so the root's data travels with it: the refusal keeps the shell.
      throw data(
        {
          message: "forbidden",
          shell: { ...(await shellData(args.request, args.context)), toast: null },
        },
        { status: 403 },
      );
    default:
      return next();
  }
}

const rules = new Map<unknown, AccessRule>();

/** The rule a guard applies, in the site map's words; undefined for any other middleware. */
export function guardRule(middleware: unknown): AccessRule | undefined {
  return rules.get(middleware);
}

function guard(rule: AccessRule): MiddlewareFunction<Response> {
  const middleware: MiddlewareFunction<Response> = (args, next) =>
    answer(decideAccess(rule, getUser(args.context)), args, next);
  rules.set(middleware, rule);
  return middleware;
}

/** Signed-out visitors only (sign-in, registration, reset): a signed-in user goes to the profile. */
export const requireGuest = guard({ access: "guest", roles: [] });

/** Signed-in users only: anyone else signs in first and comes back. */
export const requireUser = guard({ access: "auth", roles: [] });

/** Administrators only: a resident gets the 403 page; a signed-out visitor signs in first. */
export const requireAdmin = guard({ access: "auth", roles: ["admin"] });

/**
 * For a path no page declares (the 404 route): its section's rule from the
 * site map, so `/admin/anything` is refused to a resident as every admin page
 * is, and answers 404 only to an administrator.
 */
export const requireSectionAccess: MiddlewareFunction<Response> = (args, next) => {
  const entry = findGoverningEntry(new URL(args.request.url).pathname);
  return answer(decideAccess(entry, getUser(args.context)), args, next);
};
