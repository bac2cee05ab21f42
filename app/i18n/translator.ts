/**
 * The browser's translations, without i18next.
 *
 * Why: i18next and react-i18next were 19 KB gzip of every first visit (a
 * sixth of it), for what the browser does with them: look a key up in the
 * page's language and its fallbacks, put values into {{placeholders}}. The
 * server keeps i18next (app/middleware/i18n.server.ts) and renders every page;
 * this does the same lookups with the same files, so both render alike
 * (app/i18n/i18n.test.ts compares them on every key).
 *
 * How the texts arrive (docs/decisions/006): the server inlines, at the end
 * of the document, the strings its render used (`inlineLocale`), so the page
 * hydrates without waiting for a locale file; the complete files of the
 * page's language follow after hydration, for what only the browser renders
 * (a toast, a form's live errors, the next page). A component that asked for
 * a string before they came renders again when they do; no other does.
 */
import { clientLanguages, defaultNS, htmlLang, isLanguage, namespaces, type Language } from "./config";

/** A namespace's strings by their dotted key ("shell.menu"). */
export type FlatBundle = Record<string, string>;
/** What the server inlines: the page's language and, per namespace, the strings its render used. */
export interface InlineLocale {
  lng: Language;
  bundles: Record<string, FlatBundle>;
}

/** Nested locale JSON as flat dotted keys, as the lookups use it. */
export function flatten(tree: unknown, prefix = "", into: FlatBundle = {}): FlatBundle {
  if (tree && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "string") into[path] = value;
      else flatten(value, path, into);
    }
  }
  return into;
}

type Options = Record<string, unknown> & { defaultValue?: string; count?: number; ns?: string };

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(lng: Language, count: number) {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(htmlLang[lng]);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

/** "errors:field.required" names its namespace; a plain key is in the hook's. */
export function splitKey(key: string, ns: string | undefined): [string, string] {
  const colon = key.indexOf(":");
  if (colon > 0 && (namespaces as readonly string[]).includes(key.slice(0, colon))) return [key.slice(0, colon), key.slice(colon + 1)];
  return [ns ?? defaultNS, key];
}

function interpolate(text: string, options: Options | undefined) {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * One lookup: the key (its plural form first when a count is given) in each
 * language of the chain, then the default value, then the key itself, as
 * i18next answers.
 */
export function lookup(
  bundles: (lng: Language, ns: string) => FlatBundle | undefined,
  chain: readonly Language[],
  ns: string,
  key: string,
  options?: Options,
): string | undefined {
  for (const lng of chain) {
    const bundle = bundles(lng, ns);
    if (!bundle) continue;
    const text = (typeof options?.count === "number" ? bundle[`${key}_${pluralForm(lng, options.count)}`] : undefined) ?? bundle[key];
    if (text !== undefined) return interpolate(text, options);
  }
  return undefined;
}

// ------------------------------------------------------- the browser's store

const store = new Map<string, FlatBundle>();
const storeKey = (lng: Language, ns: string) => `${lng}/${ns}`;
const fromStore = (lng: Language, ns: string) => store.get(storeKey(lng, ns));

let language: Language = "rus";
/** Languages whose complete files have arrived. */
const complete = new Set<Language>();
let completions = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function add(lng: Language, ns: string, bundle: FlatBundle) {
  store.set(storeKey(lng, ns), { ...bundle, ...fromStore(lng, ns) });
}

/** Before hydration: the strings the server's render used, read from the document. */
export function startWith(inline: InlineLocale) {
  language = inline.lng;
  for (const [ns, bundle] of Object.entries(inline.bundles)) add(inline.lng, ns, bundle);
}

export const currentLanguage = () => language;

/** Subscribes to arrivals and language changes (useSyncExternalStore). */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes on a language change, and when complete files arrive for a component that missed a string. */
export const snapshotFor = (missed: boolean) => `${language}:${missed ? completions : 0}`;

/** The file /locales/{lng}/{ns}.json; retried on network errors and 5xx (5 tries from 350 ms, doubling), not on a 4xx. */
export async function fetchBundle(lng: Language, ns: string, { tries = 5, delayMs = 350 } = {}): Promise<unknown> {
  const url = `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
  for (let attempt = 1; ; attempt++) {
    let retry: boolean;
    let failure: Error;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) return await response.json();
      retry = response.status >= 500;
      failure = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      retry = !(error instanceof SyntaxError);
      failure = error instanceof Error ? error : new Error(String(error));
    }
    if (!retry || attempt >= tries) throw failure;
    await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempt - 1)));
  }
}

const loading = new Map<Language, Promise<void>>();

/** The complete files a page in `lng` needs (itself and its fallbacks, see clientLanguages). */
export function loadLanguage(lng: Language): Promise<void> {
  let done = loading.get(lng);
  if (!done) {
    done = Promise.all(
      clientLanguages(lng).flatMap((each) =>
        namespaces.map(async (ns) => add(each, ns, flatten(await fetchBundle(each, ns)))),
      ),
    ).then(() => {
      complete.add(lng);
      completions++;
      notify();
    });
    // A failed load (the connection dropped) may be tried again by the next change.
    done.catch(() => loading.delete(lng));
    loading.set(lng, done);
  }
  return done;
}

/** The page's language changed (the resident chose another): its files first, then every text switches. */
export async function changeLanguage(lng: string) {
  if (!isLanguage(lng) || lng === language) return;
  await loadLanguage(lng);
  language = lng;
  notify();
}

/** A `t` for one component: answers from the store and notes whether a string was missing. */
export function translatorFor(ns: string | undefined, onMiss: () => void) {
  const chain = clientLanguages(language);
  return (key: string | string[], options?: Options | string): string => {
    const opts = typeof options === "string" ? { defaultValue: options } : options;
    for (const candidate of Array.isArray(key) ? key : [key]) {
      const [namespace, plain] = splitKey(candidate, opts?.ns ?? ns);
      const text = lookup(fromStore, chain, namespace, plain, opts);
      if (text !== undefined) return text;
    }
    if (!complete.has(language)) onMiss();
    const last = Array.isArray(key) ? key[key.length - 1] : key;
    return opts?.defaultValue ?? splitKey(last, ns)[1];
  };
}
