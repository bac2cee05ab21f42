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

// Offline and installing (docs/decisions/016-offline.md), its own chunk after the page's load. A
// first visit of one page carries none of it (006's first-visit budget): the worker comes with
// the second page, a link followed now or a later visit.
if (import.meta.env.PROD) {
  let started = false;
  const registerWorker = () => {
    if (started) return;
    started = true;
    void import("~/pwa/register").then((pwa) => pwa.registerServiceWorker()).catch(() => {});
  };
  const afterLoad = () => (document.readyState === "complete" ? registerWorker() : window.addEventListener("load", registerWorker, { once: true }));
  let returning = false;
  try {
    returning = localStorage.getItem("portal-visited") === "1";
    localStorage.setItem("portal-visited", "1");
  } catch {
    // Storage refused: the next page followed registers it.
  }
  if (returning) afterLoad();
  else {
    const onNextPage = (event: Event) => {
      if (event.type === "submit" || (event.target as Element | null)?.closest?.("a[href]")) afterLoad();
    };
    document.addEventListener("click", onNextPage, { capture: true });
    document.addEventListener("submit", onNextPage, { capture: true });
  }
}
