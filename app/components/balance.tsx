import { useTranslation } from "react-i18next";

import { useFormat } from "~/utils/format/format";

/** What the holder owes (positive), has paid in advance (negative), or nothing. */
export function Balance({ value }: { value: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount === 0) {
    return <span className="balance balance--settled">{t("accounts.settled")}</span>;
  }
  if (amount > 0) {
    return (
      <span className="balance balance--due">
        {t("accounts.toPay")}: <strong>{format.money(value)}</strong>
      </span>
    );
  }
  return (
    <span className="balance balance--prepaid">
      {t("accounts.prepaid")}: <strong>{format.money(String(-amount))}</strong>
    </span>
  );
}
