import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { browserOptions, handedResources, LazyHttpBackend, pageLanguage } from "~/i18n/browser";

// The server rendered the page in one language (<html data-lng>) and handed
// over its resources in the document: i18next starts with them at once, and
// hydration fetches no locale file. The page is usable as HTML meanwhile.
void i18next
  .use(initReactI18next)
  .use(LazyHttpBackend)
  .init({ ...browserOptions, lng: pageLanguage(document), resources: handedResources(document) })
  .then(() => {
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
  });
