/**
 * The browser's i18next options (app/entry.client.tsx), as remix-i18next's
 * guide shows: i18next-http-backend loads the page's language from
 * /locales/{lng}/{ns}.json (the document preloads those files: app/root.tsx)
 * before the page hydrates, and another language's files when the resident
 * changes language, with i18next's retries (below; decision 017).
 */
import type { InitOptions } from "i18next";
import { clientLanguages, defaultLanguage, defaultNS, isLanguage, languages, localeLoadPath, namespaces, type Language } from "./config";

export const browserOptions = {
  supportedLngs: [...languages],
  // Russian is complete: the browser needs English for no page (the server keeps it as its last fallback).
  fallbackLng: (code: string) => clientLanguages(isLanguage(code) ? code : defaultLanguage).slice(1),
  ns: [...namespaces],
  defaultNS,
  // Never reloaded on a timer: a page keeps its texts.
  backend: { loadPath: localeLoadPath, reloadInterval: false },
  // i18next retries what i18next-http-backend calls retryable (network errors, 5xx; never a 4xx):
  // 5 tries in all, 350 ms before the second, doubling.
  maxRetries: 4,
  retryTimeout: 350,
  interpolation: { escapeValue: false },
  // A language change loads its files first, then switches: nothing suspends.
  react: { useSuspense: false },
} satisfies InitOptions;

/** The page's language, as the server rendered it (<html data-lng>). */
export function pageLanguage(document: Document): Language {
  const lng = document.documentElement.dataset.lng;
  return isLanguage(lng) ? lng : defaultLanguage;
}
