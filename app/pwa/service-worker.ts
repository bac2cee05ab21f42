/**
 * The script registered at /sw.js (scripts/build-sw.js bundles it; docs/decisions/044).
 *
 * It is small on purpose. A browser downloads the registered script as soon as
 * the page registers it, beside whatever page the resident opens next; on a
 * slow link 12 KB of Workbox there cost that page a fifth of its first paint
 * (docs/benchmark.md, section 9). So this script only holds the worker's event
 * listeners and its precache list, and imports what the worker does
 * (worker-caching.ts, the build's assets/sw-caching-<hash>.js) during its
 * install, once a page of the portal says none of its requests is under way
 * (app/pwa/register.ts), or after `installWaitMs` without a word. From then on
 * the import is part of the installed worker: each later start of the worker
 * reads it from the worker's own script cache, not the network.
 */
import {
  cachingGlobal,
  installWaitMs,
  linkQuietMessage,
  type ExtendableEventLike,
  type FetchEventLike,
  type MessageEventLike,
  type PrecacheEntry,
  type WorkerCaching,
} from "./worker-parts";

declare const self: {
  __WB_MANIFEST: PrecacheEntry[];
  registration: { installing: unknown; waiting: unknown; active: unknown };
  /** The worker itself; Firefox 140 does not have it yet. */
  serviceWorker?: { state: string };
  addEventListener(
    type: "install" | "activate",
    listener: (event: ExtendableEventLike) => void,
  ): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  [cachingGlobal]?: WorkerCaching;
};
declare function importScripts(...urls: string[]): void;
/** The caching part of this build: its address, written in by scripts/build-sw.js. */
declare const __WORKER_CACHING_URL__: string;

const cachingUrl = __WORKER_CACHING_URL__;

let caching: WorkerCaching | undefined;
function loadCaching(): WorkerCaching {
  if (!caching) {
    importScripts(cachingUrl);
    caching = self[cachingGlobal]!;
    caching.start(self.__WB_MANIFEST);
  }
  return caching;
}

// An installed worker started again has its import in its own cache: loaded at once, before any
// event. Only a version's first run waits (a browser without `self.serviceWorker` can tell a first
// run only when the registration has no worker at all: an update there loads at once, as before).
const firstRun = self.serviceWorker
  ? self.serviceWorker.state === "parsed"
  : !(self.registration.installing || self.registration.waiting || self.registration.active);
if (!firstRun) loadCaching();

let linkQuiet = () => {};
const quiet = new Promise<void>((resolve) => {
  linkQuiet = resolve;
});

self.addEventListener("install", (event) => {
  setTimeout(linkQuiet, installWaitMs);
  event.waitUntil(quiet.then(() => loadCaching().install(event)));
});
self.addEventListener("activate", (event) => loadCaching().activate(event));
self.addEventListener("fetch", (event) => caching?.fetch(event));
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === linkQuietMessage) linkQuiet();
  else loadCaching().message(event);
});
