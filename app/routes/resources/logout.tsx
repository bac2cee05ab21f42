/** Signing out: a POST clears the session and goes home. */
import { redirect } from "react-router";
import { getSession } from "~/utils/session.server";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const session = getSession(context);
  session.unset("access");
  session.unset("refresh");
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
