import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { defaultLanguage, defaultNS, fallbackLng, languages, namespaces } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { languageCookie } from "~/utils/preferences.server";

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // Russian unless the resident chose otherwise: the browser's language is not asked.
    order: ["cookie"],
  },
  i18next: {
    resources,
    ns: [...namespaces],
    defaultNS,
    fallbackLng,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
