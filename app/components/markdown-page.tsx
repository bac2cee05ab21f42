import { useTranslation } from "react-i18next";

import type { MarkdownPage } from "~/utils/content/markdown-types";
import { htmlLang } from "~/utils/i18n/config";

/**
 * A content page. One not yet written in the resident's language says so in
 * a line of the interface's language, and its text carries its own `lang`.
 * A legal text with an edition (front matter) says which under its title.
 */
export function MarkdownArticle({ page }: { page: MarkdownPage }) {
  const { t } = useTranslation();
  return (
    <>
      {page.fallback ? (
        <p className="muted content-fallback" role="note">
          {t("common.notTranslated")}
        </p>
      ) : null}
      <article className="prose" lang={page.fallback ? htmlLang[page.lang] : undefined}>
        <h1>{page.title}</h1>
        {page.edition ? (
          <p className="muted">{t("common.edition", { date: page.edition })}</p>
        ) : null}
        {/* Operator-provided content from content/*.md, rendered on the server. */}
        <div dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </>
  );
}
