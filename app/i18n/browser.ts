/**
 * The browser's i18next options (app/entry.client.tsx). The page's languages
 * come with the document (app/i18n/page-resources.tsx), so hydration fetches
 * nothing; another language's files come from /locales/{lng}/{ns}.json when
 * the resident changes language, with the retry rule of decision 005.
 */
import type { BackendModule, InitOptions, ReadCallback, Resource, Services } from "i18next";
import { clientLanguages, defaultLanguage, defaultNS, isLanguage, languages, namespaces, pageResourcesId, type Language } from "./config";

export const browserOptions = {
  supportedLngs: [...languages],
  // Russian is complete: the browser needs English for no page (the server keeps it as its last fallback).
  fallbackLng: (code: string) => clientLanguages(isLanguage(code) ? code : defaultLanguage).slice(1),
  ns: [...namespaces],
  defaultNS,
  // Resources handed over for the page's languages, the backend for the rest.
  partialBundledLanguages: true,
  // Never reloaded on a timer: a page keeps its texts.
  backend: { loadPath: "/locales/{{lng}}/{{ns}}.json", reloadInterval: false },
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

/** The resources the server handed over in the document; none when the block is missing or broken (the backend fetches them). */
export function handedResources(document: Document): Resource | undefined {
  try {
    const text = document.getElementById(pageResourcesId)?.textContent;
    return text ? (JSON.parse(text) as Resource) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * i18next-http-backend, fetched with the first file a page did not bring (a
 * language change): a first visit never needs its 3 KB. Reads go to it
 * unchanged, so its answers (retry on a network error or 5xx, not on a 4xx)
 * drive i18next's retries; a failed fetch of its code is retried alike.
 */
export class LazyHttpBackend implements BackendModule {
  static type = "backend" as const;
  type = "backend" as const;
  private args: [Services, object] | undefined;
  private backend: Promise<BackendModule> | undefined;

  init(services: Services, backendOptions: object) {
    this.args = [services, backendOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    this.backend ??= import("i18next-http-backend").then(({ default: HttpBackend }) => {
      const backend = new HttpBackend();
      if (this.args) backend.init(...this.args);
      return backend;
    });
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      (error: unknown) => {
        this.backend = undefined;
        callback(error instanceof Error ? error : new Error(String(error)), true);
      },
    );
  }
}
