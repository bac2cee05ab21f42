/**
 * Registers the service worker (docs/decisions/016-offline.md). Bundled on its
 * own by scripts/build-sw.js (client/pwa-register.js, served at /pwa-register.js)
 * and loaded by the document's small inline starter (app/pwa/starter.ts) after
 * the page's load, from the second page on: a first visit's scripts do not
 * carry it, and nothing waits for it.
 *
 * A new version installs in the background and waits; it takes over at the
 * resident's next navigation (a link followed), never in the middle of a
 * page (a form half filled in stays as it is): Workbox's "waiting" pattern
 * (workbox-window's messageSkipWaiting, then a full load of the next page).
 */
import { Workbox } from "workbox-window";

import { cacheNames, leavesPage, pagesRead, prefsKey } from "./policy";
import { pagesBeforeControlKey } from "./starter";
import { linkQuietMessage, linkQuietMs } from "./worker-parts";

/**
 * Resolves once none of this page's requests has ended for `linkQuietMs` (the
 * browser lists a request when it ends: a long one still under way goes
 * unseen, which the worker's own 30 s wait bounds as well as this can).
 */
export function whenLinkQuiet(ms = linkQuietMs): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver(() => restart());
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        observer.disconnect();
        resolve();
      }, ms);
    };
    observer.observe({ type: "resource" });
    restart();
  });
}

/**
 * An installing worker imports what it does (Workbox, about 11 KB) only when told the link is
 * quiet (app/pwa/service-worker.ts): on a slow link it would share it with the page being read.
 */
function letInstallWhenQuiet(registration: ServiceWorkerRegistration) {
  const tell = () => {
    if (registration.installing)
      void whenLinkQuiet().then(() =>
        registration.installing?.postMessage({ type: linkQuietMessage }),
      );
  };
  tell();
  registration.addEventListener("updatefound", tell);
}

/** With Save-Data the resident asked for no more bytes than the page needs: no worker, no precache. */
export function wantsServiceWorker(nav: Navigator = navigator) {
  const connection = (nav as Navigator & { connection?: { saveData?: boolean } }).connection;
  return "serviceWorker" in nav && !connection?.saveData;
}

/** The page's language and theme, for the offline page the worker shows later. */
async function rememberPreferences() {
  const lng = document.documentElement.dataset.lng;
  const theme = document.body.classList.contains("dark") ? "dark" : "light";
  const prefs = await caches.open(cacheNames.prefs);
  await prefs.put(
    prefsKey,
    new Response(JSON.stringify({ lng, theme }), {
      headers: { "Content-Type": "application/json" },
    }),
  );
}

/** The pages the inline starter noted while no worker controlled this tab, read once. */
function pagesLoadedBefore(): string[] {
  try {
    const noted: unknown = JSON.parse(sessionStorage.getItem(pagesBeforeControlKey) ?? "[]");
    sessionStorage.removeItem(pagesBeforeControlKey);
    return Array.isArray(noted)
      ? noted.filter((path): path is string => typeof path === "string" && path.startsWith("/"))
      : [];
  } catch {
    return [];
  }
}

export function registerServiceWorker() {
  if (!wantsServiceWorker()) return;
  const wb = new Workbox("/sw.js");
  // Read at each click, not from workbox-window's "waiting" event: that one comes late (200 ms) or
  // never (a new version the browser found while this page loaded, still installing at register()).
  let registration: ServiceWorkerRegistration | undefined;
  // The first install saw none of the pages this visit read (those loaded whole before, which the
  // inline starter noted; this document; those opened by links: React Router's data requests), so it
  // is told them now. The worker keeps only the public ones.
  wb.addEventListener("activated", (event) => {
    if (event.isUpdate) return;
    const fetched = (
      performance.getEntriesByType("resource") as PerformanceResourceTiming[]
    ).filter((entry) => entry.initiatorType === "fetch");
    const read = [...performance.getEntriesByType("navigation"), ...fetched];
    const urls = pagesRead(
      [...pagesLoadedBefore(), ...read.map((entry) => entry.name), location.href],
      location.origin,
    );
    if (urls.length > 0) wb.messageSW({ type: "SAVE", urls }).catch(() => {});
  });

  // The next link to another page: the waiting version takes over, then the link opens as a fresh
  // page. Without a network it opens as a fresh page too, which the worker answers with the saved
  // copy or the offline page (in the page, React Router would need the route's script, which this
  // device may never have loaded). Captured before the page's own handlers, which would open it in place.
  document.addEventListener(
    "click",
    (event) => {
      const waiting = Boolean(registration?.waiting);
      const offline = !navigator.onLine && Boolean(navigator.serviceWorker.controller);
      if (
        !(waiting || offline) ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      const popup = (link.getAttribute("aria-haspopup") ?? "false") !== "false";
      if (
        !leavesPage(
          { href: link.href, target: link.target, download: link.hasAttribute("download"), popup },
          location.href,
        )
      )
        return;
      event.preventDefault();
      event.stopPropagation();
      const href = link.href;
      if (!waiting) return location.assign(href);
      wb.addEventListener("controlling", () => location.assign(href));
      wb.messageSkipWaiting();
      // Should the new version never take over, the link still opens.
      setTimeout(() => location.assign(href), 3000);
    },
    { capture: true },
  );

  void rememberPreferences().catch(() => {});
  // The language and theme switch without a new page: kept as they change.
  const observer = new MutationObserver(() => void rememberPreferences().catch(() => {}));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-lng"] });
  observer.observe(document.body, { attributes: true, attributeFilter: ["class"] });
  void wb.register().then(
    (registered) => {
      registration = registered;
      if (registered) letInstallWhenQuiet(registered);
    },
    () => {},
  );
}

registerServiceWorker();
