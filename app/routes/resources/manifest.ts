/**
 * /manifest.webmanifest?lng={rus|en|ykt}: the web app manifest in the page's
 * language (the document's <link rel="manifest"> names it). Browsers fetch a
 * manifest without cookies, so the language is in the address.
 */
import { webManifest } from "~/pwa/web-manifest";
import { getPublicConfig } from "~/server/config/env.server";
import { getLocale, i18nFor } from "~/server/middleware/i18n.server";
import { isLanguage, type Language } from "~/utils/i18n/config";

import type { Route } from "./+types/manifest";

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("lng");
  const lng: Language = isLanguage(asked) ? asked : (getLocale(context) as Language);
  const { t } = await i18nFor(lng);
  const manifest = webManifest(lng, {
    name: getPublicConfig().productName,
    shortName: t("offline.shortName"),
    description: t("descriptions.home"),
  });
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
