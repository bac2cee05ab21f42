/**
 * Icons in the sprite (names of lucide-static icons). `npm run icons`
 * rebuilds `public/icons/sprite.svg` and the single icons from this list.
 */
export const iconNames = [
  "archive",
  "arrow-left",
  "building-2",
  "calendar",
  "check",
  "chevron-left",
  "chevron-right",
  "circle-alert",
  "circle-check",
  "clock",
  "copy",
  "credit-card",
  "download",
  "droplets",
  "external-link",
  "eye",
  "eye-off",
  "file-signature",
  "file-text",
  "folder-open",
  "gauge",
  "globe",
  "hand-coins",
  "headset",
  "history",
  "house",
  "image",
  "info",
  "landmark",
  "loader-circle",
  "log-in",
  "log-out",
  "mail",
  "map-pin",
  "menu",
  "moon",
  "network",
  "newspaper",
  "octagon-x",
  "pencil",
  "phone",
  "plus",
  "receipt",
  "rss",
  "scale",
  "search",
  "shield",
  "shield-check",
  "siren",
  "smartphone",
  "square-pen",
  "sun",
  "trash-2",
  "triangle-alert",
  "user",
  "users",
  "wallet",
  "wrench",
  "x",
  "zap",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * A site map entry's icon. The site map names its icons as plain strings, and
 * app/utils/site-map/navigation.test.ts checks each is a name above: no check
 * at run time, so the list stays out of the browser's bundle.
 */
export function entryIcon(name: string): IconName {
  return name as IconName;
}
