/**
 * Languages: Russian is the default; English is the complete fallback; Sakha
 * (ykt) is partial and falls back to Russian, then English.
 */
export const languages = ["rus", "en", "ykt"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "rus";
/** The namespaces every page's texts are in. */
export const namespaces = ["translation", "errors"] as const;
/**
 * Texts of a few pages only (the administration's), loaded by the routes
 * that name them (app/utils/i18n/route-texts.ts), not by every page.
 */
export const routeNamespaces = ["admin"] as const;
export type RouteNamespace = (typeof routeNamespaces)[number];
/** What the browser may load: /locales/{lng}/{ns}.json. */
export const browserNamespaces = [...namespaces, ...routeNamespaces] as const;
export type BrowserNamespace = (typeof browserNamespaces)[number];
/**
 * And the server's own: `backend` says the backend's refusals, which the
 * server turns into a page's texts (app/server/api/refusal-texts.server.ts),
 * so no browser loads it.
 */
export const serverNamespaces = [...browserNamespaces, "backend"] as const;

export function isRouteNamespace(value: unknown): value is RouteNamespace {
  return typeof value === "string" && (routeNamespaces as readonly string[]).includes(value);
}

export function isBrowserNamespace(value: unknown): value is BrowserNamespace {
  return typeof value === "string" && (browserNamespaces as readonly string[]).includes(value);
}
export const defaultNS = "translation";

export const fallbackLng = { ykt: ["rus", "en"], rus: ["en"], default: ["en"] };

/** BCP 47 tags for <html lang>: Sakha's ISO code is "sah". */
export const htmlLang: Record<Language, string> = { rus: "ru", en: "en", ykt: "sah" };

/** Locales for Intl (dates, money, numbers): Sakha uses Russian formats, as its texts fall back to Russian. */
export const intlLocale: Record<Language, string> = { rus: "ru-RU", en: "en-GB", ykt: "ru-RU" };

/**
 * The operator's own texts (PRODUCT_NAME, COMPANY_NAME, COMPANY_ADDRESS) are
 * written once, in the default language: a page in another language marks
 * them with this tag, so they are read (and spoken) as Russian.
 */
export function operatorTextLang(lng: Language): string | undefined {
  return lng === defaultLanguage ? undefined : htmlLang[defaultLanguage];
}

export const languageNames: Record<Language, string> = {
  rus: "Русский",
  en: "English",
  ykt: "Саха тыла",
};

/** Where the top bar is narrow, each name shows only its beginning (the whole name stays its accessible name). */
export const languageAbbreviations: Record<Language, string> = {
  rus: "Рус",
  en: "Eng",
  ykt: "Саха",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The languages whose files a page in `lng` needs: itself and its fallbacks. */
export function languageChain(lng: Language): Language[] {
  const chain = [lng, ...(fallbackLng[lng as keyof typeof fallbackLng] ?? fallbackLng.default)];
  return [...new Set(chain)] as Language[];
}

/**
 * The languages the browser loads for a page in `lng`. Russian is complete,
 * so it needs nothing else; Sakha is partial and falls back to Russian.
 * English stays the server's last fallback.
 */
export function clientLanguages(lng: Language): Language[] {
  return lng === "ykt" ? ["ykt", "rus"] : [lng];
}
