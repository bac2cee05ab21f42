import type { BrowserNamespace, Language } from "./config";

/**
 * A locale file's address. Its version follows the texts
 * (scripts/locales-version.js), so a browser keeps it for a year
 * (app/routes/resources/locales.ts) and a release's texts still arrive at once.
 */
export const localesVersion = import.meta.env.LOCALES_VERSION;
export const localeLoadPath = `/locales/{{lng}}/{{ns}}.json?v=${localesVersion}`;
export function localeFileUrl(lng: Language, ns: BrowserNamespace) {
  return localeLoadPath.replace("{{lng}}", lng).replace("{{ns}}", ns);
}

/** How long a browser keeps a locale file asked for with version `v` (the query's value, if any). */
export function localeCacheControl(v: string | null): string {
  return v === localesVersion
    ? "public, max-age=31536000, immutable"
    : "public, max-age=300, stale-while-revalidate=86400";
}
