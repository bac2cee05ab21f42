/**
 * The language switch's target: the form (components/shell/language-switch.tsx)
 * posts the choice here, kept in a cookie, and returns to the same page.
 */
import { data, redirect } from "react-router";

import { languageCookie } from "~/server/http/preferences.server";
import { readFormData } from "~/server/http/request.server";
import { safeRedirect } from "~/utils/http/redirect";
import { isLanguage } from "~/utils/i18n/config";

import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const lng = form.get("lng");
  if (!isLanguage(lng)) return data({ error: "unknown language" }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo") as string | null), {
    headers: { "Set-Cookie": await languageCookie.serialize(lng) },
  });
}

export function loader() {
  return redirect("/");
}
