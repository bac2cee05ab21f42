/**
 * /offline/{lng}: the offline page in one language, for the service worker's
 * precache (app/server/pwa/offline-page.server.ts). Nothing personal: the same page
 * for everyone, whoever asks.
 */
import { data } from "react-router";

import { getPublicConfig } from "~/server/config/env.server";
import { i18nFor } from "~/server/middleware/i18n.server";
import { offlinePageHtml } from "~/server/pwa/offline-page.server";
import { isLanguage } from "~/utils/i18n/config";

import type { Route } from "./+types/offline";

export async function loader({ params }: Route.LoaderArgs) {
  if (!isLanguage(params.lng)) throw data({ message: "not found" }, { status: 404 });
  const { t } = await i18nFor(params.lng);
  return new Response(offlinePageHtml(params.lng, t, getPublicConfig()), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
