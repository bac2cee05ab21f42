/**
 * Languages on the server: the resident's choice comes from the `lng` cookie
 * (Russian otherwise: the browser's language is not asked), and each request
 * gets that language's i18next instance.
 *
 * One instance per language for the life of the process, not one per request
 * as remix-i18next's middleware makes: creating and initialising i18next cost
 * about a tenth of a page's server time. Sharing is safe because nothing on
 * the server changes an instance after init (no changeLanguage, no loading:
 * the resources are bundled), so concurrent requests only read it.
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { defaultLanguage, defaultNS, fallbackLng, inlineLocaleId, isLanguage, languageChain, languages, namespaces, type Language } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { flatten, type FlatBundle, type InlineLocale } from "~/i18n/translator";
import { languageCookie } from "~/utils/preferences.server";

const instances = new Map<Language, Promise<i18n>>();

/** The ready instance for a language, made on first use. */
export function i18nFor(lng: Language): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance().use(initReactI18next);
    instance = created
      .init({
        lng,
        resources,
        ns: [...namespaces],
        defaultNS,
        fallbackLng,
        supportedLngs: [...languages],
        interpolation: { escapeValue: false },
        initAsync: false,
      })
      .then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}

/** The language this request asked for, by cookie; Russian otherwise. */
export async function detectLanguage(request: Request): Promise<Language> {
  const chosen: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  return isLanguage(chosen) ? chosen : defaultLanguage;
}

const localeContext = createContext<Language>(defaultLanguage);
const i18nContext = createContext<i18n | null>(null);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = await detectLanguage(request);
  context.set(localeContext, lng);
  context.set(i18nContext, await i18nFor(lng));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(i18nContext);
  if (!instance) throw new Error("i18next middleware has not run for this request");
  return instance;
}

const flatResources = new Map<string, FlatBundle>();
function flatBundle(lng: Language, ns: string): FlatBundle | undefined {
  const key = `${lng}/${ns}`;
  let bundle = flatResources.get(key);
  if (!bundle) {
    const tree = (resources as Record<string, Record<string, unknown>>)[lng]?.[ns];
    if (!tree) return undefined;
    bundle = flatten(tree);
    flatResources.set(key, bundle);
  }
  return bundle;
}

const pluralSuffixes = ["zero", "one", "two", "few", "many", "other"];

/**
 * The strings a render used ("ns:key" in `used`), as the document carries them
 * for the browser (app/i18n/translator.ts): each from the first language of
 * the server's chain that has it, its plural forms beside it. A data block
 * (never run), with `<` escaped so no string can close it.
 */
export function inlineLocale(lng: Language, used: Iterable<string>, nonce: string): string {
  const chain = languageChain(lng);
  const bundles: Record<string, FlatBundle> = {};
  const take = (ns: string, key: string) => {
    for (const each of chain) {
      const text = flatBundle(each, ns)?.[key];
      if (text !== undefined) {
        (bundles[ns] ??= {})[key] = text;
        return;
      }
    }
  };
  for (const entry of used) {
    const colon = entry.indexOf(":");
    const ns = entry.slice(0, colon);
    const key = entry.slice(colon + 1);
    take(ns, key);
    for (const suffix of pluralSuffixes) take(ns, `${key}_${suffix}`);
  }
  const data: InlineLocale = { lng, bundles };
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${inlineLocaleId}" nonce="${nonce}">${json}</script>`;
}
