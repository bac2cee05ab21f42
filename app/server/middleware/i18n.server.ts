/**
 * Languages on the server, with remix-i18next's React Router middleware: it
 * decides each request's language and gives loaders, actions and the render
 * their i18next instance (`getI18n`) and language (`getLocale`).
 *
 * `requestLanguage` is the one answer to "which language is this request
 * in": the middleware asks it, and so do the HTTP edge's refusal pages and
 * whatever runs before the middleware.
 * This module is the only place that makes i18next instances (ESLint keeps
 * it so).
 */
import { createInstance, type i18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";

import { languageCookie } from "~/server/http/preferences.server";
import {
  defaultLanguage,
  defaultNS,
  fallbackLng,
  htmlLang,
  isLanguage,
  languages,
  serverNamespaces,
  type Language,
} from "~/utils/i18n/config";
import { resources } from "~/utils/i18n/resources";

const options: InitOptions = {
  resources,
  ns: [...serverNamespaces],
  defaultNS,
  fallbackLng,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  // The resources are bundled: init is done when it returns.
  initAsync: false,
};

/** The header-bearing part of a request: a web Request, or Express's headers behind a getter. */
export interface LanguageSource {
  headers: { get(name: string): string | null | undefined };
}

/** Browsers name languages by BCP 47 tags (ru, sah), the portal by its own codes (rus, ykt). */
const languageOfTag = new Map<string, Language>(languages.map((lng) => [htmlLang[lng], lng]));

/** The portal's languages an Accept-Language header asks for, most wanted first. */
export function acceptedLanguages(header: string | null | undefined): Language[] {
  const wanted = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        lng: languageOfTag.get(tag.trim().split("-")[0]!.toLowerCase()),
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter(
      (each): each is { lng: Language; q: number; index: number } =>
        each.lng !== undefined && each.q > 0,
    )
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return [...new Set(wanted.map((each) => each.lng))];
}

/**
 * Which language a request is in: the resident's choice (the `lng` cookie),
 * else the first of the browser's languages the portal speaks, else Russian.
 */
export async function requestLanguage(request: LanguageSource): Promise<Language> {
  const chosen: unknown = await languageCookie.parse(request.headers.get("Cookie") ?? null);
  if (isLanguage(chosen)) return chosen;
  return acceptedLanguages(request.headers.get("Accept-Language"))[0] ?? defaultLanguage;
}

const [middleware, localeOf, instanceOf] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    order: ["custom"],
    findLocale: requestLanguage,
  },
  i18next: options,
  plugins: [initReactI18next],
});

export const i18nextMiddleware = middleware;

/** The request's language (the middleware has run). */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  const lng = localeOf(context);
  return isLanguage(lng) ? lng : defaultLanguage;
}

/** The request's i18next instance, in its language (the middleware has run). */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return instanceOf(context);
}

const fixed = new Map<Language, i18n>();

/**
 * An instance in `lng` for what no request's middleware serves: the HTTP
 * edge's refusal pages, the feed (the portal's language whoever asks), a
 * check that runs before the middleware, tests. Made once per language.
 */
export async function i18nFor(lng: Language): Promise<i18n> {
  let instance = fixed.get(lng);
  if (!instance) {
    instance = createInstance(options);
    await instance.init({ lng });
    fixed.set(lng, instance);
  }
  return instance;
}
