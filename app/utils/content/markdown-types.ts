/** A Markdown page of `content/` as the server renders it and a page shows it. */
import type { Language } from "~/utils/i18n/config";

export interface MarkdownPage {
  title: string;
  html: string;
  /** The language the text is written in. */
  lang: Language;
  /** True when the page has no version in the language asked for and is shown in `lang` (Russian) instead. */
  fallback: boolean;
  /** The document's edition (`YYYY-MM-DD`), from the Russian file's front matter; null when it names none. */
  version: string | null;
  /** The edition as the page writes it, in the interface's language («12 марта 2026»); null without one. */
  edition: string | null;
}
