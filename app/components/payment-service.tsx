/** The payment service's «Перейти» button and what it offers: the home page and the profile's payment page show both. */
import { useTranslation } from "react-i18next";

import { Icon, type IconName } from "~/components/ui/icon";

const benefits: Array<{ key: string; icon: IconName }> = [
  { key: "oneButton", icon: "credit-card" },
  { key: "history", icon: "history" },
  { key: "severalAddresses", icon: "building-2" },
  { key: "meters", icon: "gauge" },
  { key: "metersArchive", icon: "archive" },
  { key: "detailedBill", icon: "receipt" },
  { key: "noCashier", icon: "smartphone" },
  { key: "feedback", icon: "headset" },
  { key: "subsidy", icon: "landmark" },
];

export function PaymentButton({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn--mainPrimary btn--lg"
    >
      {t("home.go")}
      <Icon name="external-link" />
      <span className="visually-hidden"> ({t("home.opensInNewTab")})</span>
    </a>
  );
}

export function BenefitList() {
  const { t } = useTranslation();
  return (
    <ul className="benefits">
      {benefits.map((benefit) => (
        <li key={benefit.key} className="benefit">
          <Icon name={benefit.icon} size="lg" color="main" />
          <span>{t(`home.benefits.${benefit.key}`)}</span>
        </li>
      ))}
    </ul>
  );
}
