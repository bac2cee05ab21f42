/** «Оплатить» for one personal account: the payment service opened on that account where `PAYMENT_URL` takes it. */
import { useTranslation } from "react-i18next";

import { Icon } from "~/components/ui/icon";
import { paymentUrl } from "~/utils/format/payment-url";
import { useRootData } from "~/utils/root-data";

export function PayAccountLink({ account }: { account: string }) {
  const { t } = useTranslation();
  const template = useRootData()?.config.paymentAccountUrl;
  if (!template) return null;
  return (
    <a
      href={paymentUrl(template, account)}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn--mainSecondary btn--sm account-card__pay"
      aria-label={`${t("accounts.payLabel", { id: account })} (${t("home.opensInNewTab")})`}
    >
      <Icon name="credit-card" />
      {t("accounts.pay")}
      <Icon name="external-link" size="sm" />
    </a>
  );
}
