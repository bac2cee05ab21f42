import i18next from "i18next";
import Fetch from "i18next-fetch-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { getInitialNamespaces } from "remix-i18next/client";

import { browserOptions, pageLanguage } from "~/utils/i18n/browser";
import { clientLanguages, isRouteNamespace, namespaces } from "~/utils/i18n/config";

// The server rendered the page in one language (<html data-lng>); i18next
// loads that language's files (preloaded by the document), then the page
// hydrates. The page is usable as HTML meanwhile. Its routes may name a
// namespace of their own (app/utils/i18n/route-texts.ts).
const lng = pageLanguage(document);
const ns = [...namespaces, ...getInitialNamespaces().filter(isRouteNamespace)];
void i18next
  .use(initReactI18next)
  .use(Fetch)
  .init({ ...browserOptions, lng, ns })
  .then(() => {
    // Without its texts (no network, the files refused five times) React would
    // render keys over the server's words: the page stays the working HTML it is.
    if (
      !clientLanguages(lng).every((each) =>
        ns.every((name) => i18next.hasResourceBundle(each, name)),
      )
    )
      return;
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
