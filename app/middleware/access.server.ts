/**
 * Access checks from the site map, for every loader and action: page loads,
 * form posts and client data requests alike. Signed-out users go to sign in
 * (and come back after), signed-in users leave the guest pages, and a role
 * that is not allowed gets the 403 page before any backend call.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";
import { getUser } from "~/middleware/user.server";
import { currentPath } from "~/utils/redirect";
import { decideAccess, findGoverningEntry } from "~/utils/site-map";

export const accessMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const decision = decideAccess(findGoverningEntry(url.pathname), getUser(context));
  switch (decision.kind) {
    case "sign-in":
      throw redirect(`/auth?${new URLSearchParams({ redirectTo: currentPath(url) })}`);
    case "signed-in":
      throw redirect("/profile");
    case "forbidden":
      throw data({ message: "forbidden" }, { status: 403 });
    default:
      return next();
  }
};
