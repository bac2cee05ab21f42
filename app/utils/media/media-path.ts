/**
 * Files the backend serves under /media/ are delivered through the portal's
 * own /media/* route, so the backend need not be public: an absolute
 * backend URL becomes a path on this site.
 */
export function mediaPath(url: string | null): string {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith("/media/") ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url.startsWith("/media/") ? url : "";
  }
}
