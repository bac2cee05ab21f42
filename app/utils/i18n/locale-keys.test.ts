/**
 * Every language says everything: a key in one locale file and not in the
 * same file of another language is a page that mixes languages (Sakha fell
 * back to Russian, English to nothing). i18next itself answers whether a key
 * exists in a language, with fallbacks turned off; i18next-parser and
 * i18next-cli are not dependencies of the project.
 */
import { describe, expect, it } from "vitest";

import { i18nFor } from "~/server/middleware/i18n.server";

import { htmlLang, languages, serverNamespaces } from "./config";
import { resources } from "./resources";

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Counts that, between them, fall in every plural category of Russian, English and Sakha. */
const counts = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5];

function keysOf(tree: unknown, prefix = ""): string[] {
  if (!tree || typeof tree !== "object") return [prefix];
  return Object.entries(tree).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Per namespace, every key some language has, a plural form counted as its key. */
function allKeys(ns: (typeof serverNamespaces)[number]) {
  const plain = new Set<string>();
  const plural = new Set<string>();
  for (const lng of languages) {
    for (const key of keysOf(resources[lng][ns])) {
      const base = key.replace(pluralSuffix, "");
      (base === key ? plain : plural).add(base);
    }
  }
  for (const key of plural) plain.delete(key);
  return { plain, plural };
}

describe("the locale files", () => {
  it("every language has every key of every namespace, as i18next resolves it without falling back", async () => {
    const missing: string[] = [];
    for (const lng of languages) {
      const i18n = await i18nFor(lng);
      for (const ns of serverNamespaces) {
        const { plain, plural } = allKeys(ns);
        for (const key of plain) {
          if (!i18n.exists(key, { ns, lng, fallbackLng: false }))
            missing.push(`${lng} ${ns}:${key}`);
        }
        for (const key of plural) {
          for (const count of counts) {
            if (!i18n.exists(key, { ns, lng, count, fallbackLng: false }))
              missing.push(`${lng} ${ns}:${key} (count ${count})`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("a plural key has every form the browser's plural rules for the page's language ask for", () => {
    const missing: string[] = [];
    for (const lng of languages) {
      const categories = new Intl.PluralRules(htmlLang[lng]).resolvedOptions().pluralCategories;
      for (const ns of serverNamespaces) {
        const present = new Set(keysOf(resources[lng][ns]));
        for (const key of allKeys(ns).plural) {
          for (const category of categories) {
            if (!present.has(`${key}_${category}`)) missing.push(`${lng} ${ns}:${key}_${category}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
