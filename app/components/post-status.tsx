import { useTranslation } from "react-i18next";

/** Every post says whether it is current or archived, so a resident never mistakes an old notice for news. */
export function PostStatus({ actual }: { actual: boolean }) {
  const { t } = useTranslation();
  return actual ? (
    <span className="badge badge--success">{t("posts.actual")}</span>
  ) : (
    <span className="badge badge--muted">{t("posts.archived")}</span>
  );
}
