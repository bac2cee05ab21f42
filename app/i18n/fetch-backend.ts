/**
 * The browser's i18next backend: loads /locales/{lng}/{ns}.json with fetch.
 *
 * Why not i18next-http-backend: it bundles a fetch ponyfill for old runtimes
 * (about 8 KB gzip of the first visit's JavaScript, a fifth of a slow 3G
 * second); every browser that runs our modules has fetch. Why not
 * i18next-fetch-backend: it does not retry network errors, which are the
 * usual failure on a weak mobile link. Here a network error or a 5xx asks
 * i18next to retry (its maxRetries/retryTimeout); a 4xx is final.
 */
import type { BackendModule, ReadCallback } from "i18next";

export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url, { credentials: "same-origin" }).then(
      async (response) => {
        if (!response.ok) {
          // i18next reads a truthy second argument as "retry".
          callback(new Error(`${url} answered ${response.status}`), (response.status >= 500) as never);
          return;
        }
        try {
          callback(null, await response.json());
        } catch {
          callback(new Error(`${url} is not JSON`), false as never);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true as never),
    );
  },
};
