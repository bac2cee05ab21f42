/**
 * A text in another language than the page's, carried where only strings go
 * (a form's errors in conform's result, an upload's JSON answer): the string
 * starts with `[lang=ru]`. The error renderers (`ErrorList`, `FormErrors`,
 * the error summary, the sign-in form) show such a text in an element with
 * that `lang`, so it is read (and hyphenated, and spoken) as Russian on an
 * English or Sakha page. The backend's `detail` for a code the portal does
 * not know is the one text marked so (app/server/api/refusal-texts.server.ts).
 */
const marker = /^\[lang=([a-z]{2,3})\]/;

export interface ErrorText {
  text: string;
  /** The BCP 47 tag of a text not in the page's language. */
  lang?: string;
}

/** `text`, marked as written in `lang` (a BCP 47 tag: "ru"). */
export function foreignText(lang: string, text: string): string {
  return `[lang=${lang}]${text}`;
}

export function isForeignText(value: string): boolean {
  return marker.test(value);
}

/** A carried string as its text and, when marked, its language. */
export function readErrorText(value: string): ErrorText {
  const match = marker.exec(value);
  return match ? { text: value.slice(match[0].length), lang: match[1] } : { text: value };
}

/** One text; in its own element with `lang` when it is not in the page's language. */
export function SaidText({ text, lang }: ErrorText) {
  return lang ? <span lang={lang}>{text}</span> : text;
}
