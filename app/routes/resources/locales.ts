/**
 * Locale files for the browser at /locales/{lng}/{ns}.json. Unknown
 * languages or namespaces answer 404, which the client does not retry.
 */
import { data } from "react-router";
import { isLanguage, namespaces } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import type { Route } from "./+types/locales";

export function loader({ params }: Route.LoaderArgs) {
  const ns = params.ns.replace(/\.json$/, "");
  if (!isLanguage(params.lng) || !(namespaces as readonly string[]).includes(ns)) {
    throw data({ message: "not found" }, { status: 404 });
  }
  const body = resources[params.lng][ns as (typeof namespaces)[number]];
  return Response.json(body, {
    headers: {
      // Short enough that a new release reaches everyone the same day.
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    },
  });
}
