/**
 * What the portal's service worker does with requests and caches: Workbox's
 * routing, strategies, precaching and expiration. Bundled by scripts/build-sw.js
 * as the build's assets/sw-caching-<hash>.js and imported by the small script
 * registered at /sw.js (service-worker.ts) during its install, once the link is
 * quiet (docs/decisions/044). Why it does what it does: docs/decisions/016-offline.md
 * and 029. In short:
 *
 * - precached: the offline page in each language, nothing else (its revision
 *   follows the company's contacts: server/pwa-endpoints.ts); the build's
 *   scripts, styles and texts are kept as pages use them, and with each saved page;
 * - public pages: network first, after 3 s (or with no network) the copy last
 *   seen, with a note saying when it was saved; a page opened by a link (its
 *   data request) is kept as a loaded page is, fetched once the link is quiet;
 * - nothing personal is ever stored (app/pwa/policy.ts): a signed-in page is
 *   answered from the network only, and a signed-out copy of it is fetched
 *   beside it for later;
 * - everything else without a network: the offline page;
 * - signing out drops every cache the portal made;
 * - a new version waits until the page asks it to take over (on its next navigation).
 *
 * The registered script owns the worker's event listeners (a browser reads
 * them from its first run, before this part is loaded) and hands each event
 * here: Workbox's Router and PrecacheController are used without their own
 * listeners, as Workbox documents for a worker that routes by itself.
 */
import type { WorkboxPlugin } from "workbox-core/types";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { PrecacheController, PrecacheRoute } from "workbox-precaching";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";

import { isLanguage, type Language } from "~/utils/i18n/config";
import { entryIdAt, isOfflinePage } from "~/utils/site-map/paths";

import {
  assetLimits,
  buildFilesOf,
  cacheNames,
  isBuildFile,
  languageOfPage,
  mayStoreMedia,
  mayStorePage,
  networkTimeoutSeconds,
  offlinePath,
  pageLimits,
  pageOfDataRequest,
  prefsKey,
  publicCopyHeader,
  publicPageOfDataRequest,
  publicPagesRead,
  savedAtHeader,
  savedNote,
  titleHeader,
  titleOf,
  withSavedNote,
  withSavedPages,
  withTheme,
  type SavedPage,
} from "./policy";
import {
  cachingGlobal,
  linkQuietMs,
  type ExtendableEventLike,
  type FetchEventLike,
  type MessageEventLike,
  type WorkerCaching,
} from "./worker-parts";

declare const self: {
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  [cachingGlobal]?: WorkerCaching;
};

const precache = new PrecacheController();
const router = new Router();

function activate(event: ExtendableEventLike) {
  // Caches named by an older version of this file: ours, but no longer used.
  const ours = new Set<string>(Object.values(cacheNames));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("portal-") && !ours.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
  // This version's precache only: entries of an older one go.
  void precache.activate(event);
  // The first install takes the open page at once (it has no worker to displace);
  // a new version waits for the page's word (SKIP_WAITING below).
  event.waitUntil(self.clients.claim());
}

function message(event: MessageEventLike) {
  const message = event.data as { type?: string; urls?: unknown } | null;
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
  // The public pages this visit read before the worker took control (the page lists them: app/pwa/register.ts).
  if (message?.type === "SAVE" && Array.isArray(message.urls)) {
    const addresses = message.urls.filter((url): url is string => typeof url === "string");
    const pages = publicPagesRead(addresses, self.location.origin).map(
      (path) => new URL(path, self.location.origin),
    );
    event.waitUntil(Promise.all(pages.map(queueSave)));
  }
}

/** A page's answer as it is kept: stamped with the time it was saved and its title. */
async function stamped(response: Response): Promise<Response> {
  const html = await response.text();
  const headers = new Headers(response.headers);
  // One copy per address on this device: the server's Vary (language, cookies) is for shared
  // caches, and would keep the copy from matching the request that asks for it offline.
  headers.delete("Vary");
  headers.set(savedAtHeader, new Date().toISOString());
  headers.set(titleHeader, encodeURIComponent(titleOf(html)));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** The saved pages' limits, for copies stored outside the page route's strategy (which has its own plugin). */
const pagesExpiration = new CacheExpiration(cacheNames.pages, pageLimits);

/** Fetches the page as a signed-out visitor sees it (the server drops the session for this header) and keeps it. */
async function savePublicCopy(url: URL) {
  const pages = await caches.open(cacheNames.pages);
  const request = new Request(url.href, {
    headers: { [publicCopyHeader]: "1" },
    credentials: "same-origin",
  });
  const response = await fetch(request).catch(() => null);
  // Whatever the server says: a private or no-store answer is never kept.
  if (!response || !mayStorePage("GET", url, response)) return;
  const copy = await stamped(response);
  const html = await copy.clone().text();
  await pages.put(new Request(url.href), copy);
  await pagesExpiration.updateTimestamp(url.href);
  await pagesExpiration.expireEntries();
  await keepBuildFiles(buildFilesOf(html, self.location.origin));
}

const assetsExpiration = new CacheExpiration(cacheNames.assets, assetLimits);

/**
 * The scripts, styles and texts a saved page names, so that it comes alive
 * offline. The page itself loaded them a moment ago: they come from the
 * browser's HTTP cache (hashed, immutable), seldom over the link.
 */
async function keepBuildFiles(paths: string[]) {
  const assets = await caches.open(cacheNames.assets);
  for (const path of paths) {
    if (await assets.match(path)) continue;
    const response = await fetch(path, { credentials: "same-origin" }).catch(() => null);
    if (response?.status !== 200) continue;
    await assets.put(path, response);
    await assetsExpiration.updateTimestamp(new URL(path, self.location.origin).href);
  }
  await assetsExpiration.expireEntries();
}

// The resident's own requests come first: a copy is fetched only once none of theirs has
// started for `linkQuietMs`.
// A worker just started or taken control has not seen what its pages are loading: it waits too
// (set again on activation and on each request: see `fetch` and `activate` at the end).
let lastRequestAt = Date.now();
async function linkQuiet() {
  for (
    let wait = lastRequestAt + linkQuietMs - Date.now();
    wait > 0;
    wait = lastRequestAt + linkQuietMs - Date.now()
  ) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** One copy fetched at a time, when the link is quiet. */
let saving: Promise<unknown> = Promise.resolve();
function queueSave(url: URL) {
  saving = saving
    .then(linkQuiet)
    .then(() => savePublicCopy(url))
    .catch(() => {});
  return saving;
}

const storePublicOnly: WorkboxPlugin = {
  async cacheWillUpdate({ request, response }) {
    return mayStorePage(request.method, new URL(request.url), response) ? stamped(response) : null;
  },
  // A signed-in page is the resident's own: answered, never kept. What the
  // same address shows a signed-out visitor is kept instead, for later.
  async fetchDidSucceed({ request, response, event }) {
    const url = new URL(request.url);
    if (
      request.method === "GET" &&
      response.status === 200 &&
      !mayStorePage("GET", url, response) &&
      isOfflinePage(url.pathname)
    ) {
      (event as unknown as ExtendableEventLike).waitUntil(queueSave(url));
    }
    return response;
  },
  // Read from the cache only when the network failed or was too slow: say so on the page.
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.text();
    const savedAt = new Date(
      cachedResponse.headers.get(savedAtHeader) ?? cachedResponse.headers.get("Date") ?? Date.now(),
    );
    const body = withSavedNote(html, savedNote(languageOfPage(html), savedAt));
    return new Response(body, { status: 200, headers: cachedResponse.headers });
  },
};

// This version's offline pages, as Workbox's precacheAndRoute would answer them.
router.registerRoute(new PrecacheRoute(precache));

router.registerRoute(
  new Route(
    ({ request, url }) =>
      request.mode === "navigate" &&
      url.origin === self.location.origin &&
      isOfflinePage(url.pathname),
    new NetworkFirst({
      cacheName: cacheNames.pages,
      networkTimeoutSeconds,
      plugins: [storePublicOnly, new ExpirationPlugin(pageLimits)],
    }),
  ),
);

// Every other page (the profile, sign-in, the administration…): the network only.
router.registerRoute(new Route(({ request }) => request.mode === "navigate", new NetworkOnly()));

/**
 * A client-side navigation asks for `<page>.data`. Once it succeeded for a
 * public page, the page itself is kept as a loaded page is: its signed-out
 * copy (the data answer is never stored). Without a network the browser is
 * sent to the page itself as a document navigation (React Router's redirect
 * answer for data requests), which the routes above answer with the saved
 * copy or the offline page.
 */
router.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && pageOfDataRequest(url) !== null,
    async ({ request, url, event }) => {
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        const page = pageOfDataRequest(url);
        if (!page) throw error;
        return new Response(null, {
          status: 204,
          headers: {
            "X-Remix-Redirect": page,
            "X-Remix-Reload-Document": "true",
            "X-Remix-Status": "302",
          },
        });
      }
      const page = response.status === 200 ? publicPageOfDataRequest(url) : null;
      if (page)
        (event as unknown as ExtendableEventLike).waitUntil(
          queueSave(new URL(page, self.location.origin)),
        );
      return response;
    },
  ),
);

// The build's scripts, styles and texts as pages use them (their address is their version):
// what a saved page needs offline, never downloaded ahead of the resident (the precache holds the offline pages only).
router.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && isBuildFile(url),
    new CacheFirst({ cacheName: cacheNames.assets, plugins: [new ExpirationPlugin(assetLimits)] }),
  ),
);

const storeMediaIfPublic: WorkboxPlugin = {
  async cacheWillUpdate({ request, response }) {
    return mayStoreMedia(request.method, new URL(request.url), response) ? response : null;
  },
};
// Post images, for the saved copies of the news.
router.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/media/"),
    new CacheFirst({
      cacheName: cacheNames.media,
      plugins: [
        storeMediaIfPublic,
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
      ],
    }),
  ),
);

/** The offline page, in the language and theme the resident's pages were last in, listing the pages saved here. */
async function offlinePage(): Promise<Response> {
  const prefs = (await (
    await caches.open(cacheNames.prefs)
  )
    .match(prefsKey)
    .then((r) => r?.json())
    .catch(() => null)) as {
    lng?: unknown;
    theme?: unknown;
  } | null;
  const lng: Language = isLanguage(prefs?.lng) ? prefs.lng : "rus";
  const cached =
    (await precache.matchPrecache(offlinePath(lng))) ??
    (await precache.matchPrecache(offlinePath("rus")));
  if (!cached) return Response.error();
  const pages = await caches.open(cacheNames.pages);
  const saved: SavedPage[] = await Promise.all(
    (await pages.keys()).map(async (request) => {
      const response = await pages.match(request);
      const url = new URL(request.url);
      return {
        url: url.pathname + url.search,
        title: decodeURIComponent(response?.headers.get(titleHeader) ?? ""),
        savedAt: response?.headers.get(savedAtHeader)
          ? new Date(response.headers.get(savedAtHeader)!)
          : null,
      };
    }),
  );
  const html = withSavedPages(withTheme(await cached.text(), prefs?.theme), saved, lng);
  return new Response(html, {
    status: 503,
    statusText: "Service Unavailable",
    headers: cached.headers,
  });
}

router.setCatchHandler(async ({ request }) =>
  request.mode === "navigate" ? offlinePage() : Response.error(),
);

/**
 * Signing out (a form or React Router's data request, both POST): when the
 * server has answered, every cache the portal made is dropped (the precache
 * holds only this build's files and the offline pages, nobody's data). The
 * public pages saved before are fetched again as a signed-out visitor sees them.
 */
function signOut(event: FetchEventLike) {
  const url = new URL(event.request.url);
  if (
    event.request.method !== "POST" ||
    url.origin !== self.location.origin ||
    entryIdAt(url.pathname) !== "logout"
  )
    return false;
  event.respondWith(
    fetch(event.request).then((response) => {
      if (response.status < 400) event.waitUntil(dropCachesAfterSignOut());
      return response;
    }),
  );
  return true;
}

async function dropCachesAfterSignOut() {
  const saved = await caches
    .open(cacheNames.pages)
    .then((pages) => pages.keys())
    .then((keys) => keys.map((request) => new URL(request.url)))
    .catch(() => [] as URL[]);
  const names = await caches.keys();
  // The build's files stay: nobody's data, as the precache.
  await Promise.all(
    names
      .filter((name) => name.startsWith("portal-") && name !== cacheNames.assets)
      .map((name) => caches.delete(name)),
  );
  await Promise.all(saved.map(queueSave));
}

self[cachingGlobal] = {
  start(entries) {
    precache.addToCacheList(entries);
  },
  install: (event) => precache.install(event),
  activate(event) {
    lastRequestAt = Date.now();
    activate(event);
  },
  fetch(event) {
    lastRequestAt = Date.now();
    if (signOut(event)) return;
    const response = router.handleRequest({ request: event.request, event });
    if (response) event.respondWith(response);
  },
  message,
};
