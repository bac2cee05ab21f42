/**
 * Locale files for the browser at /locales/{lng}/{ns}.json. Unknown
 * languages or namespaces answer 404, which the client does not retry.
 * An address with this build's version (`?v=`, app/utils/i18n/config.ts) never
 * changes its answer: browsers keep it for a year. Without it, or with an
 * older release's, the file is the current one, kept five minutes.
 */
import { data } from "react-router";

import { isLanguage, localesVersion, namespaces } from "~/utils/i18n/config";
import { resources } from "~/utils/i18n/resources";

import type { Route } from "./+types/locales";

export function loader({ params, request }: Route.LoaderArgs) {
  const ns = params.ns.replace(/\.json$/, "");
  if (!isLanguage(params.lng) || !(namespaces as readonly string[]).includes(ns)) {
    throw data({ message: "not found" }, { status: 404 });
  }
  const body = resources[params.lng][ns as (typeof namespaces)[number]];
  const versioned = new URL(request.url).searchParams.get("v") === localesVersion;
  return Response.json(body, {
    headers: {
      "Cache-Control": versioned
        ? "public, max-age=31536000, immutable"
        : "public, max-age=300, stale-while-revalidate=86400",
    },
  });
}
