/**
 * What the service worker may keep and how it shows it (docs/decisions/016-offline.md).
 * Plain functions, shared by the worker (app/pwa/worker-caching.ts) and its tests:
 * the rule that nothing personal is ever stored lives here, in one place.
 */
import { escapeHtml } from "~/utils/format/escape-html";
import { pageOfDataPath } from "~/utils/http/data-request";
import {
  browserNamespaces,
  intlLocale,
  isLanguage,
  languages,
  type Language,
} from "~/utils/i18n/config";
import { localeFileUrl } from "~/utils/i18n/files";
import { isOfflinePage, isPersonalPath } from "~/utils/site-map/paths";

/** Cache Storage names the portal makes; anything else of ours is an old version's. */
export const cacheNames = {
  pages: "portal-pages",
  /** The build's scripts, styles and texts, as pages use them: nobody's data, kept across a sign-out. */
  assets: "portal-assets",
  media: "portal-media",
  prefs: "portal-prefs",
} as const;

/** The request header that asks the server for a page as a signed-out visitor sees it. */
export const publicCopyHeader = "X-Portal-Public-Copy";
/** Headers the worker adds to what it stores: when it was saved, and the page's title for the offline list. */
export const savedAtHeader = "X-Portal-Saved-At";
export const titleHeader = "X-Portal-Title";
/** Where the page's language and theme are kept for the offline page. */
export const prefsKey = "/__portal/prefs";
/** How many public pages are kept, and for how long (Workbox's expiration, least recently saved first). */
export const pageLimits = { maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 } as const;
/** The build's files kept as used: enough for every saved page's scripts, old versions' going first. */
export const assetLimits = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } as const;
/** How long a public page may take before the copy last seen is shown. */
export const networkTimeoutSeconds = 3;

/**
 * A page answer that may be kept on the device: a 200 HTML page of a public
 * path (marked `offline` in the site map, app/utils/site-map/pages.ts), got with GET, that the server did not mark private or no-store (every
 * answer to a signed-in request is `private, no-store`: app/server/middleware/session.server.ts).
 */
export function mayStorePage(
  method: string,
  url: URL,
  response: { status: number; headers: Headers },
) {
  if (method !== "GET" || response.status !== 200) return false;
  if (!isOfflinePage(url.pathname) || isPersonalPath(url.pathname)) return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !/(^|[\s,])(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "");
}

/**
 * Whether following a link takes the resident to another page: the moment a
 * waiting version of the worker takes over (app/pwa/register.ts). Not a place
 * on this page (`#…`), not a link the page turns into something of its own (a
 * dialog: `aria-haspopup`), not another site, another tab or a download.
 */
export function leavesPage(
  link: { href: string; target: string; download: boolean; popup: boolean },
  page: string,
) {
  if ((link.target && link.target !== "_self") || link.download || link.popup) return false;
  const to = new URL(link.href, page);
  const from = new URL(page);
  if (to.origin !== from.origin) return false;
  return !(to.hash && to.pathname === from.pathname && to.search === from.search);
}

/** The locale files' paths (`/locales/rus/translation.json`), as the pages ask for them. */
const localeFiles = new Set(
  languages.flatMap((lng) => browserNamespaces.map((ns) => localeFileUrl(lng, ns).split("?")[0]!)),
);

/**
 * A file of the build whose address is its version: the hashed scripts, styles
 * and sprite under /assets/, and the texts with their version (`/locales/rus/translation.json?v=…`).
 * Read from the cache first, kept as pages use them.
 */
export function isBuildFile(url: URL) {
  if (url.pathname.startsWith("/assets/")) return true;
  return localeFiles.has(url.pathname) && url.searchParams.has("v");
}

/** The build's files a page names in its HTML (its scripts, styles, sprite and texts): what it needs to come alive offline. */
export function buildFilesOf(html: string, origin: string): string[] {
  const found = new Set<string>();
  // Links and the sprite's <use>: what the page loads, not every route module its manifest names.
  for (const [, raw] of html.matchAll(/\shref="(\/(?:assets|locales)\/[^"\s#]{1,300})[#"]/g)) {
    const url = new URL(raw.replace(/&amp;/g, "&"), origin);
    if (isBuildFile(url)) found.add(url.pathname + url.search);
  }
  return [...found];
}

/** A /media file (a post's image): kept only when the server said anyone may keep it. */
export function mayStoreMedia(
  method: string,
  url: URL,
  response: { status: number; headers: Headers },
) {
  if (method !== "GET" || response.status !== 200 || !url.pathname.startsWith("/media/"))
    return false;
  return /(^|[\s,])public\b/i.test(response.headers.get("Cache-Control") ?? "");
}

/**
 * The page a React Router data request (`/posts.data?_routes=…`, `/_.data`)
 * is for: offline, the worker sends the browser there as a document
 * navigation, which it answers with the saved copy or the offline page.
 */
export function pageOfDataRequest(url: URL): string | null {
  const path = pageOfDataPath(url.pathname);
  if (path === null) return null;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

/** The public page a data request read, to keep its signed-out copy; null for anything else (a personal page, a resource route). */
export function publicPageOfDataRequest(url: URL): string | null {
  const page = pageOfDataRequest(url);
  return page !== null && isOfflinePage(new URL(page, url).pathname) ? page : null;
}

/**
 * The pages a document read, oldest first, each once, from the addresses it
 * fetched (the document's own and React Router's data requests: the page's
 * performance entries). Other sites are left out; the page sends the rest to
 * the worker, which keeps the public ones (`publicPagesRead`): the page's
 * script need not carry the site map.
 */
export function pagesRead(addresses: readonly string[], origin: string): string[] {
  const pages: string[] = [];
  for (const address of addresses) {
    const url = new URL(address, origin);
    if (url.origin !== origin) continue;
    const data = pageOfDataRequest(url);
    const page = data !== null ? new URL(data, origin) : url;
    const path = page.pathname + page.search;
    const seen = pages.indexOf(path);
    if (seen >= 0) pages.splice(seen, 1);
    pages.push(path);
  }
  return pages;
}

/**
 * The public pages among those a document read: what the worker keeps once it
 * takes control, since it saw none of them. Personal pages, scripts and the
 * oldest past the cache's size are left out.
 */
export function publicPagesRead(addresses: readonly string[], origin: string): string[] {
  return pagesRead(addresses, origin)
    .filter((path) => isOfflinePage(new URL(path, origin).pathname))
    .slice(-pageLimits.maxEntries);
}

/** The title of a page, from its HTML, for the offline page's list. */
export function titleOf(html: string): string {
  const raw = /<title[^>]*>([^<]{0,300})<\/title>/i.exec(html)?.[1] ?? "";
  return decodeEntities(raw).trim();
}

function decodeEntities(text: string) {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27|nbsp);/g,
    (_, name: string) =>
      ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: "\u00a0" })[name] ??
      "",
  );
}

/** The language of a saved page, from its `<html data-lng>`; Russian otherwise. */
export function languageOfPage(html: string): Language {
  // eslint-disable-next-line no-restricted-syntax -- a saved page's markup, not a request: the worker has no request language
  const lng = /<html[^>]*\sdata-lng="([a-z]+)"/i.exec(html.slice(0, 2000))?.[1];
  return isLanguage(lng) ? lng : "rus";
}

/** «25.11.2026, 14:05» in the language's own order. */
export function formatSavedAt(date: Date, lng: Language, timeZone?: string) {
  return new Intl.DateTimeFormat(intlLocale[lng], {
    dateStyle: "short",
    timeStyle: "short",
    timeZone,
  }).format(date);
}

/** The words the worker writes itself: it has no i18next, and these few are all it needs. */
export const savedNoteText: Record<Language, (when: string) => string> = {
  rus: (when) =>
    `Сохранённая копия от ${when}. Нет связи с сайтом: страница может быть устаревшей.`,
  en: (when) =>
    `Saved copy from ${when}. The site cannot be reached: this page may be out of date.`,
  ykt: (when) => `${when} туруорбут куопуйата. Саайтка холбонуу суох: сирэй эргэрбит буолуон сөп.`,
};

/**
 * The note a saved copy carries, at the end of <body> (React's hydration
 * leaves an element it did not render there alone), shown at the top.
 */
export function savedNote(lng: Language, savedAt: Date, timeZone?: string) {
  const text = escapeHtml(savedNoteText[lng](formatSavedAt(savedAt, lng, timeZone)));
  return (
    `<p class="saved-note" role="status" data-saved-note="" style="position:fixed;inset:auto 0 0 0;z-index:1000;margin:0;` +
    `padding:.6rem 1rem;background:#fff4d6;color:#3d2b00;border-top:2px solid #b07a00;font:600 .95rem/1.4 system-ui,sans-serif;text-align:center">` +
    `${text}</p>`
  );
}

/** The saved page with its note added before </body>. */
export function withSavedNote(html: string, note: string) {
  const end = html.lastIndexOf("</body>");
  return end < 0 ? html + note : html.slice(0, end) + note + html.slice(end);
}

export interface SavedPage {
  url: string;
  title: string;
  savedAt: Date | null;
}

/** The offline page's list of pages saved on this device, newest first, in place of its marker. */
export function withSavedPages(html: string, pages: SavedPage[], lng: Language, timeZone?: string) {
  const items = [...pages]
    .sort((a, b) => (b.savedAt?.getTime() ?? 0) - (a.savedAt?.getTime() ?? 0))
    .map((page) => {
      const when = page.savedAt
        ? ` <small>${escapeHtml(formatSavedAt(page.savedAt, lng, timeZone))}</small>`
        : "";
      return `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.title || page.url)}</a>${when}</li>`;
    })
    .join("");
  return html.replace(/<ul data-saved-pages="">[\s\S]*?<\/ul>/, (list) =>
    items ? list.replace(/>[\s\S]*<\/ul>$/, `>${items}</ul>`) : list,
  );
}

/** The offline page in the resident's theme (the page itself carries both). */
export function withTheme(html: string, theme: unknown) {
  return theme === "dark" ? html.replace(/<body([^>]*)>/, '<body$1 class="dark">') : html;
}

/** The offline page's own address for a language (precached, one per language). */
export const offlinePath = (lng: Language) => `/offline/${lng}`;
