/**
 * What the two parts of the service worker share (docs/decisions/044): the
 * script registered at /sw.js (service-worker.ts) and the caching it imports
 * once the link is quiet (worker-caching.ts). Types and names only: the
 * registered script stays a few hundred bytes.
 */

/** The few service worker types the worker uses (the DOM library types the rest of the app). */
export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
export interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
}
export type PrecacheEntry = { url: string; revision: string | null };

/** The caching part, as worker-caching.ts leaves it on the worker's global scope for service-worker.ts. */
export interface WorkerCaching {
  /** Takes this version's precache list (the registered script carries it). Called once, before the rest. */
  start(precache: PrecacheEntry[]): void;
  install(event: ExtendableEventLike): Promise<unknown>;
  activate(event: ExtendableEventLike): void;
  fetch(event: FetchEventLike): void;
  message(event: MessageEventLike): void;
}
export const cachingGlobal = "portalWorkerCaching";

/** The page's word to an installing worker (app/pwa/register.ts): none of its requests is under way. */
export const linkQuietMessage = "LINK_QUIET";

/**
 * The link counts as quiet once no request has started (the worker's view) or ended (the page's)
 * for this long: the worker's own downloads wait for it, so that on a slow link they never share
 * it with what the resident is opening (docs/benchmark.md, section 9).
 */
export const linkQuietMs = 2000;

/** Without a page's word (its tab closed at once, or no page of the portal's), an install goes on after this long. */
export const installWaitMs = 30_000;
