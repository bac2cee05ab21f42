/** Signing out: a POST ends the session (on every replica, see endSession) and goes home. */
import { redirect } from "react-router";

import { forgetSignedIn } from "~/server/auth/signed-in-hint.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { endSession, getSession } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";

import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  await endSession(getSession(context));
  return redirectWithToast(
    "/",
    { type: "info", description: getI18n(context).t("success.logout") },
    {
      headers: {
        "Set-Cookie": await forgetSignedIn(),
        // The browser's HTTP cache of this site goes too; the service worker drops its own caches (app/pwa/worker-caching.ts).
        "Clear-Site-Data": '"cache"',
      },
    },
  );
}

export function loader() {
  return redirect("/");
}
