/**
 * Web addresses in a post's text, as pieces to render: text stays text (React
 * escapes it) and an address becomes a link. Nothing is ever parsed as HTML.
 * Punctuation that ends a sentence is not part of the address.
 */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string };

const address = /\bhttps?:\/\/[^\s<>"«»]+/giu;
const trailing = /[.,;:!?…)\]}'"»]+$/u;

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(address)) {
    let url = match[0];
    // A closing bracket belongs to the address only when it opened one too (Wikipedia-style).
    const cut = url.match(trailing)?.[0] ?? "";
    if (cut) url = url.slice(0, url.length - cut.length);
    if (url.endsWith(")") || cut.startsWith(")")) {
      const opened = (url.match(/\(/g) ?? []).length;
      const closed = (url.match(/\)/g) ?? []).length;
      if (opened > closed && cut.startsWith(")")) url += ")";
    }
    if (!URL.canParse(url)) continue;
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
