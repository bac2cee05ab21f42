import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLanguage, inlineLocaleId, isLanguage } from "~/i18n/config";
import { loadLanguage, startWith, type InlineLocale } from "~/i18n/translator";

// The server rendered the page in one language and put the strings its render
// used at the end of the document: the browser renders alike with them, at
// once, without fetching a locale file first. The page is already usable as
// HTML meanwhile. The complete files of the language follow after hydration
// (app/i18n/translator.ts), retried on network errors and 5xx.
const block = document.getElementById(inlineLocaleId);
const dataLng = document.documentElement.dataset.lng;
const lng = isLanguage(dataLng) ? dataLng : defaultLanguage;
let inline: InlineLocale = { lng, bundles: {} };
try {
  if (block?.textContent) inline = JSON.parse(block.textContent) as InlineLocale;
} catch {
  // A broken block: the strings come with the complete files below.
}
block?.remove();
startWith({ ...inline, lng });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// Not needed for the page as it stands: after hydration, without competing with it.
const loadRest = () => void loadLanguage(lng).catch(() => {});
if ("requestIdleCallback" in window) requestIdleCallback(loadRest, { timeout: 2000 });
else setTimeout(loadRest, 200);

