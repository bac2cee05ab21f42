import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fetchBackend } from "~/i18n/fetch-backend";
import { clientLanguages, defaultLanguage, defaultNS, isLanguage, namespaces } from "~/i18n/config";

async function hydrate() {
  // The server rendered the page in this language; the client loads the same
  // files (cached) before hydrating so both render alike. The page is already
  // usable as HTML meanwhile. i18next retries failed loads: 5 tries from 350 ms,
  // doubling each time, on network errors and 5xx only (see fetch-backend).
  const dataLng = document.documentElement.dataset.lng;
  const lng = isLanguage(dataLng) ? dataLng : defaultLanguage;
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      lng,
      ns: [...namespaces],
      defaultNS,
      // Only the files this page needs (see clientLanguages); they were preloaded.
      fallbackLng: (code: string) => (isLanguage(code) ? clientLanguages(code).slice(1) : [defaultLanguage]),
      supportedLngs: ["rus", "en", "ykt"],
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
