/**
 * The page's resources, handed to the browser's i18next in the document (a
 * data block, never run): the page's language and its client fallback
 * (clientLanguages), every namespace. The browser starts i18next with them
 * and hydrates without fetching a locale file (app/entry.client.tsx).
 */
import type { i18n, Resource } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { clientLanguages, namespaces, pageResourcesId, type Language } from "./config";

/** What an instance's store holds for a page in `lng`. */
export function pageResources(instance: i18n, lng: Language): Resource {
  const resources: Resource = {};
  for (const each of clientLanguages(lng)) {
    for (const ns of namespaces) {
      const bundle = instance.getResourceBundle(each, ns) as Resource[string][string] | undefined;
      if (bundle) (resources[each] ??= {})[ns] = bundle;
    }
  }
  return resources;
}

/** `<` escaped so that no string can close the block. */
export const pageResourcesJson = (instance: i18n, lng: Language) => JSON.stringify(pageResources(instance, lng)).replace(/</g, "\\u003c");

/**
 * On the server every request's instance reads the same bundled resources,
 * which never change while it runs: each language's block is made once.
 */
const made = new WeakMap<object, Map<Language, string>>();
function serverJson(instance: i18n, lng: Language) {
  const store: object = instance.store.data;
  let byLanguage = made.get(store);
  if (!byLanguage) made.set(store, (byLanguage = new Map()));
  let json = byLanguage.get(lng);
  if (json === undefined) byLanguage.set(lng, (json = pageResourcesJson(instance, lng)));
  return json;
}

export function PageResources({ lng, nonce }: { lng: Language; nonce?: string }) {
  const { i18n } = useTranslation();
  // The browser's store holds what the server sent: the same text, so hydration matches.
  const json = useMemo(() => (import.meta.env.SSR ? serverJson(i18n, lng) : pageResourcesJson(i18n, lng)), [i18n, lng]);
  return <script type="application/json" id={pageResourcesId} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
