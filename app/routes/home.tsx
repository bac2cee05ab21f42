import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { BenefitList, PaymentButton } from "~/components/payment-service";
import { Icon, type IconName } from "~/components/ui/icon";
import { useRootData } from "~/utils/root-data";

const activities: Array<{ key: string; icon: IconName }> = [
  { key: "supply", icon: "gauge" },
  { key: "upkeep", icon: "wrench" },
  { key: "emergency", icon: "siren" },
];

export default function Home() {
  const { t } = useTranslation();
  const config = useRootData()?.config;
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("home.title")}</h1>
        <p className="hero__lead">{t("home.lead")}</p>
        <div className="hero__links">
          <Link to="/posts" className="btn btn--mainSecondary btn--md">
            <Icon name="newspaper" />
            {t("nav.posts")}
          </Link>
          <Link to="/rates" className="btn btn--mainSecondary btn--md">
            <Icon name="receipt" />
            {t("nav.rates")}
          </Link>
          <Link to="/profile/accounts" className="btn btn--mainSecondary btn--md">
            <Icon name="wallet" />
            {t("nav.accounts")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="activities-title">
        <h2 id="activities-title">{t("home.activitiesTitle")}</h2>
        <ul className="activities">
          {activities.map((activity) => (
            <li key={activity.key} className="card activity">
              <Icon name={activity.icon} size="xl" color="main" />
              <h3>{t(`home.activities.${activity.key}.title`)}</h3>
              <p>{t(`home.activities.${activity.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="promo card" aria-labelledby="promo-title">
        <h2 id="promo-title">{t("home.promoTitle")}</h2>
        <p>{t("home.promoLead")}</p>
        <BenefitList />
        {config ? <PaymentButton href={config.paymentUrl} /> : null}
      </section>
    </div>
  );
}
