import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";

/** A page whose data arrives with a later release. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t(titleKey)}</h1>
      <div className="empty-state">
        <Icon name="clock" size="xl" color="main" />
        <p className="empty-state__title">{t("common.comingSoon")}</p>
        <p>{t("common.comingSoonText")}</p>
      </div>
    </section>
  );
}
