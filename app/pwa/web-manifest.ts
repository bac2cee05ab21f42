/**
 * The web app manifest (docs/decisions/016-offline.md): one per language,
 * served at /manifest.webmanifest?lng=… (app/routes/resources/manifest.ts).
 * The colours are the top bar's (app/styles/app.css, light and dark).
 */
import { htmlLang, type Language } from "~/utils/i18n/config";

export const themeColors = { light: "#ffffff", dark: "#171e28" } as const;
export const backgroundColors = { light: "#f4f6fa", dark: "#0f141b" } as const;

export function webManifest(
  lng: Language,
  texts: { name: string; shortName: string; description: string },
) {
  return {
    id: "/",
    lang: htmlLang[lng],
    dir: "ltr",
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: themeColors.light,
    background_color: backgroundColors.light,
    icons: [
      { src: "/pwa/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/pwa/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/pwa/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
