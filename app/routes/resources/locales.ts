/**
 * Locale files for the browser at /locales/{lng}/{ns}.json (in production
 * the build's own copies answer first: server/app.ts). Unknown
 * languages or namespaces answer 404, which the client does not retry.
 * An address with this build's version (`?v=`, app/utils/i18n/files.ts) never
 * changes its answer: browsers keep it for a year. Without it, or with an
 * older release's, the file is the current one, kept five minutes.
 */
import { data } from "react-router";

import { isBrowserNamespace, isLanguage } from "~/utils/i18n/config";
import { localeCacheControl } from "~/utils/i18n/files";
import { resources } from "~/utils/i18n/resources";

import type { Route } from "./+types/locales";

export function loader({ params, request }: Route.LoaderArgs) {
  const ns = params.ns.replace(/\.json$/, "");
  if (!isLanguage(params.lng) || !isBrowserNamespace(ns)) {
    throw data({ message: "not found" }, { status: 404 });
  }
  const body = resources[params.lng][ns];
  return Response.json(body, {
    headers: { "Cache-Control": localeCacheControl(new URL(request.url).searchParams.get("v")) },
  });
}
