/**
 * The browser's i18next options (app/entry.client.tsx), as remix-i18next's
 * guide shows: its fetch backend (i18next-fetch-backend) loads the page's
 * language from /locales/{lng}/{ns}.json (the document preloads those files:
 * app/root.tsx) before the page hydrates, and another language's files when
 * the resident changes language, with i18next's retries (below; decisions 017, 039).
 */
import type { InitOptions } from "i18next";
import type { FetchOptions } from "i18next-fetch-backend";

import {
  clientLanguages,
  defaultLanguage,
  defaultNS,
  isLanguage,
  languages,
  namespaces,
  type Language,
} from "./config";
import { localeLoadPath } from "./files";

/**
 * The backend retries a 5xx but not a failed connection; on a resident's
 * flaky link a dropped connection is the likelier failure, so it is handed to
 * the backend as what it is for the page: the service unavailable for now.
 */
function fetchRetryingOffline(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fetch(input, init).catch(
    () => new Response(null, { status: 503, statusText: "No connection" }),
  );
}

export const browserOptions = {
  supportedLngs: [...languages],
  // Russian is complete: the browser needs English for no page (the server keeps it as its last fallback).
  fallbackLng: (code: string) =>
    clientLanguages(isLanguage(code) ? code : defaultLanguage).slice(1),
  ns: [...namespaces],
  defaultNS,
  backend: {
    loadPath: localeLoadPath,
    fetch: fetchRetryingOffline,
  } satisfies Partial<FetchOptions>,
  // i18next retries what the backend calls retryable (5xx, and network errors as above; never a 4xx):
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
