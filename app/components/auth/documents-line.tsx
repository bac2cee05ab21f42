/**
 * The documents a resident accepts by registering, one link away on every
 * registration step. They open in a new tab: following one in the same tab
 * would lose what the resident has typed (and, without JavaScript, all of it).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> ({t("common.externalLink")})</span>
    </Link>
  );
}

const documents: Record<string, string> = {
  agreement: "/documents/agreement",
  privacy: "/documents/privacy",
};

/** «Регистрируясь, вы принимаете <agreement>…</agreement> и <privacy>…</privacy>.»: the marked words become the links. */
export function DocumentsLine() {
  const { t } = useTranslation();
  // split() with the two groups gives: text, name, link text, text, name, link text, text.
  const parts = t("register.documents").split(/<(agreement|privacy)>(.*?)<\/\1>/);
  return (
    <p className="muted auth-documents">
      {parts.map((part, index) => {
        if (index % 3 === 0) return part;
        if (index % 3 === 2) return null;
        return (
          <DocumentLink key={index} to={documents[part]!}>
            {parts[index + 1]}
          </DocumentLink>
        );
      })}
    </p>
  );
}
