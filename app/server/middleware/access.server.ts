/**
 * Access checks from the site map, for every loader and action: page loads,
 * form posts and client data requests alike. Signed-out users go to sign in
 * (and come back after), signed-in users leave the guest pages, and a role
 * that is not allowed gets the 403 page, in the shell, before any backend call.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";

import { hasSignedInHint, signedInHintCookie } from "~/server/http/preferences.server";
import { shellData } from "~/server/http/shell-data.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession, sessionEndContext } from "~/server/middleware/session.server";
import { getUser } from "~/server/middleware/user.server";
import { currentPath } from "~/utils/http/redirect";
import { decideAccess, findGoverningEntry } from "~/utils/site-map/navigation";

export const accessMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const url = new URL(request.url);
  const decision = decideAccess(findGoverningEntry(url.pathname), getUser(context));
  switch (decision.kind) {
    case "sign-in": {
      const headers = new Headers();
      const ended = context.get(sessionEndContext);
      if (ended === "signed-out") {
        // A copy of a session that was signed out (maybe on another replica).
        getSession(context).flash("authMessage", getI18n(context).t("errors:sessionEnded"));
        headers.append("Set-Cookie", await signedInHintCookie.serialize("", { maxAge: 0 }));
      } else if (ended === "expired" || (await hasSignedInHint(request.headers.get("Cookie")))) {
        // Past its absolute lifetime, or signed in before and never signed out: the session ran out.
        getSession(context).flash("authMessage", getI18n(context).t("errors:sessionExpired"));
        headers.append("Set-Cookie", await signedInHintCookie.serialize("", { maxAge: 0 }));
      }
      // Returned, not thrown, so the session middleware above still writes the message.
      return redirect(`/auth?${new URLSearchParams({ redirectTo: currentPath(url) })}`, {
        headers,
      });
    }
    case "signed-in":
      return redirect("/profile");
    case "forbidden":
      // Thrown before any loader runs, so the root's data travels with it: the refusal keeps the shell.
      throw data(
        { message: "forbidden", shell: { ...(await shellData(request, context)), toast: null } },
        { status: 403 },
      );
    default:
      return next();
  }
};
