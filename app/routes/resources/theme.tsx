/**
 * The theme switch's target: the form (components/shell/theme-switch.tsx)
 * posts here and returns to the same page, so it works without JavaScript.
 */
import { data, redirect } from "react-router";

import { themeCookie } from "~/server/http/preferences.server";
import { readFormData } from "~/server/http/request.server";
import { safeRedirect } from "~/utils/http/redirect";
import { themeSchema } from "~/utils/http/theme-schema";

import type { Route } from "./+types/theme";

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const theme = themeSchema.safeParse(form.get("theme"));
  if (!theme.success) return data({ error: "bad theme" }, { status: 400 });
  const headers = { "Set-Cookie": await themeCookie.serialize(theme.data) };
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string" && redirectTo) {
    return redirect(safeRedirect(redirectTo), { headers });
  }
  return data({ theme: theme.data }, { headers });
}

export function loader() {
  return redirect("/");
}
