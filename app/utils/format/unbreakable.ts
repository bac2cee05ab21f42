/**
 * Phrases a line must not break inside: phone numbers («+7 (4112) 40-10-01»),
 * ranges of hours and days («13:00–14:00», «Пн–Пт») and values with their
 * units («−40 °C», «4,9 м³»). They are wrapped (`white-space: nowrap`), not
 * rewritten with other characters, so a copied phone stays the same phone.
 */
const phone = String.raw`(?:\+7|8)[\s-]?\(?\d{3,5}\)?[\s-]?\d{1,3}(?:[\s-]\d{2}){2}`;
const hours = String.raw`\d{1,2}:\d{2}\s?[–—-]\s?\d{1,2}:\d{2}`;
const days = String.raw`\p{Lu}\p{Ll}{1,2}\s?[–—]\s?\p{Lu}\p{Ll}{1,2}(?![\p{L}])`;
const units = [
  "°C",
  "°С",
  "%",
  "₽",
  "руб.",
  "коп.",
  "м³",
  "м²",
  "кВт·ч",
  "МВт·ч",
  "Гкал",
  "кг",
  "мм",
  "см",
  "км",
  "мин",
]
  .map((unit) => unit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .join("|");
const value = String.raw`[−-]?\d+(?:[.,]\d+)?\s(?:${units})(?![\p{L}\d])`;
const unbreakable = new RegExp(`${phone}|${hours}|${days}|${value}`, "gu");

export interface TextPiece {
  text: string;
  /** True for a phrase that must stay on one line. */
  whole: boolean;
}

export function splitUnbreakable(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(unbreakable)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), whole: false });
    pieces.push({ text: match[0], whole: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), whole: false });
  return pieces;
}

/**
 * The same for rendered HTML (the Markdown pages): only text between tags is
 * touched, never an attribute or a tag; the text is already escaped, and the
 * phrases contain no `&`, `<` or `>`.
 */
export function keepTogetherInHtml(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith("<")
        ? part
        : splitUnbreakable(part)
            .map((piece) =>
              piece.whole ? `<span class="nowrap">${piece.text}</span>` : piece.text,
            )
            .join(""),
    )
    .join("");
}
