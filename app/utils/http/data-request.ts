/**
 * React Router's data requests (`future.v8_trailingSlashAwareDataRequests`,
 * react-router.config.ts): a page's loaders and actions answer with JavaScript
 * at `<page>.data`, and a page whose path ends in "/" at `<page>_.data`
 * ("/" → "/_.data", "/posts/" → "/posts/_.data").
 */
export const dataSuffix = ".data";

/** The page path a data request's path is for; null when it is no data request. */
export function pageOfDataPath(pathname: string): string | null {
  if (!pathname.endsWith(dataSuffix)) return null;
  if (pathname.endsWith(`/_${dataSuffix}`)) return pathname.slice(0, -`_${dataSuffix}`.length);
  return pathname.slice(0, -dataSuffix.length);
}
