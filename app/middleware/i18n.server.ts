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
import { languageCookie } from "~/http/preferences.server";
import { BoundedMap } from "~/cache/bounded-map";

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

/** The language a Cookie header asks for (its first `lng`); Russian otherwise. */
export async function languageFromCookies(cookieHeader: string | null | undefined): Promise<Language> {
  const chosen: unknown = await languageCookie.parse(cookieHeader ?? null);
  return isLanguage(chosen) ? chosen : defaultLanguage;
}

/** The language this request asked for, by cookie; Russian otherwise. */
export function detectLanguage(request: Request): Promise<Language> {
  return languageFromCookies(request.headers.get("Cookie"));
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

const pluralSuffixes = ["zero", "one", "two", "few", "many", "other"];

/**
 * Per language and namespace, every key's string from the first language of
 * the server's chain that has it (as i18next resolves it), and the plural
 * forms beside their key: made once, so a page's block costs a lookup per key.
 */
const resolved = new Map<string, { strings: FlatBundle; plurals: Map<string, string[]> }>();
function resolvedFor(lng: Language, ns: string) {
  const key = `${lng}/${ns}`;
  let entry = resolved.get(key);
  if (!entry) {
    const strings: FlatBundle = {};
    for (const each of [...languageChain(lng)].reverse()) {
      Object.assign(strings, flatten((resources as Record<string, Record<string, unknown>>)[each]?.[ns]));
    }
    const plurals = new Map<string, string[]>();
    for (const name of Object.keys(strings)) {
      const cut = name.lastIndexOf("_");
      if (cut > 0 && pluralSuffixes.includes(name.slice(cut + 1))) {
        const base = name.slice(0, cut);
        plurals.set(base, [...(plurals.get(base) ?? []), name]);
      }
    }
    entry = { strings, plurals };
    resolved.set(key, entry);
  }
  return entry;
}

/**
 * The strings a render used ("ns:key" in `used`), as the document carries them
 * for the browser (app/i18n/translator.ts): each from the first language of
 * the server's chain that has it, its plural forms beside it. A data block
 * (never run), with `<` escaped so no string can close it.
 */
export function inlineLocale(lng: Language, used: Iterable<string>, nonce: string): string {
  // A page asks for the same keys in the same order each time it renders alike: its block is kept.
  const keys = [...used].join("\n");
  const cacheKey = `${lng}\n${keys}`;
  let json = inlineCache.get(cacheKey);
  if (json === undefined) {
    json = inlineJson(lng, used);
    inlineCache.set(cacheKey, json);
  }
  return `<script type="application/json" id="${inlineLocaleId}" nonce="${nonce}">${json}</script>`;
}

const inlineCache = new BoundedMap<string, string>(500);

function inlineJson(lng: Language, used: Iterable<string>): string {
  const bundles: Record<string, FlatBundle> = {};
  for (const entry of used) {
    const colon = entry.indexOf(":");
    const ns = entry.slice(0, colon);
    const key = entry.slice(colon + 1);
    const { strings, plurals } = resolvedFor(lng, ns);
    for (const name of [key, ...(plurals.get(key) ?? [])]) {
      const text = strings[name];
      if (text !== undefined) (bundles[ns] ??= {})[name] = text;
    }
  }
  const data: InlineLocale = { lng, bundles };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
