/**
 * The backend's refusals in the resident's language: the one place an
 * ApiError's entries (`{code, detail, attr}`, docs/api-contract.md) become
 * the texts a page shows.
 *
 * - Russian: the backend's own `detail`, as the contract says (the sign-in
 *   shows its second entry, other forms their first); the backend writes
 *   Russian for Russian residents.
 * - Other languages: the portal's text for the entry's code, looked up as
 *   `backend:<attr>.<code>` (a field's own wording, e.g. a taken
 *   e-mail), then `backend:<code>`. A code the portal does not know
 *   shows the backend's `detail`, marked as Russian (app/utils/i18n/foreign-text.ts)
 *   so the page renders it with `lang="ru"`; a toast, which cannot mark a
 *   language, says the caller's fallback instead.
 */
import type { i18n as I18n } from "i18next";

import type { ApiError } from "~/utils/api/errors";
import type { ApiErrorItem } from "~/utils/api/types";
import { htmlLang } from "~/utils/i18n/config";
import { foreignText } from "~/utils/i18n/foreign-text";

/** The backend's language (its `detail`s, token errors aside). */
const backendLanguage = "rus";
const keyPart = /^[a-z][a-z0-9_]*$/;

export type RefusalTexts = ReturnType<typeof refusalTexts>;

export function refusalTexts(i18n: Pick<I18n, "language" | "exists" | "t">) {
  const asSent = i18n.language === backendLanguage;

  /** The portal's text for an entry's code, or null when it has none. */
  function own(item: ApiErrorItem): string | null {
    if (!keyPart.test(item.code)) return null;
    const keys = [item.code];
    if (item.attr && keyPart.test(item.attr)) keys.unshift(`${item.attr}.${item.code}`);
    const key = keys.find((candidate) => i18n.exists(candidate, { ns: "backend" }));
    return key ? i18n.t(key, { ns: "backend" }) : null;
  }

  /** One entry as the page says it (a marked Russian text for an unknown code, outside Russian). */
  function text(item: ApiErrorItem): string {
    if (asSent) return item.detail;
    return (
      own(item) ??
      (item.detail ? foreignText(htmlLang[backendLanguage], item.detail) : i18n.t("errors:generic"))
    );
  }

  return {
    text,
    /** Texts by field (`attr`); entries about no field, or one not in `fields`, go under "". */
    fieldErrors(error: ApiError, fields?: readonly string[]): Record<string, string[]> {
      const result: Record<string, string[]> = {};
      for (const item of error.errors) {
        const attr = item.attr && (!fields || fields.includes(item.attr)) ? item.attr : "";
        (result[attr] ??= []).push(text(item));
      }
      return result;
    },
    /** The entry at `index` (then the first) as the page says it; `fallback` when there is none. */
    message(error: ApiError, index: number, fallback: string): string {
      if (asSent) return error.detail(index, fallback);
      const item = error.errors[index] ?? error.errors[0];
      return item ? text(item) : fallback;
    },
    /** For a toast (a deletion refused): the first entry, but a code the portal does not know says the generic text outside Russian. */
    toast(error: ApiError): string {
      const fallback = i18n.t("errors:generic");
      if (asSent) return error.detail(0, fallback);
      const item = error.errors[0];
      return (item && own(item)) ?? fallback;
    },
  };
}
