/** The alternative payment service: what it is, its benefits, the accounts to pay, and «Перейти». */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { Balance, balanceView } from "~/components/balance";
import { CopyButton } from "~/components/copy-button";
import { PayAccountLink } from "~/components/pay-account-link";
import { BenefitList, PaymentButton } from "~/components/payment-service";
import { Icon } from "~/components/ui/icon";
import { getPublicConfig } from "~/server/config/env.server";
import { formatFor } from "~/server/format/formatters.server";
import { requireUser } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";

import type { Route } from "./+types/altpayment";

export const middleware: Route.MiddlewareFunction[] = [requireUser];

export async function loader({ context }: Route.LoaderArgs) {
  const { results, count } = await getApi(context).accounts.list({
    ordering: "id",
    page_size: 100,
  });
  const format = formatFor(context);
  return {
    accounts: results.map((account) => ({
      ...account,
      balanceShown: balanceView(account.balance, format),
    })),
    count,
    paymentUrl: getPublicConfig().paymentUrl,
  };
}

export default function AltPaymentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { accounts, paymentUrl } = loaderData;
  return (
    <div className="page">
      <h1>{t("altpayment.title")}</h1>
      <p className="hero__lead">{t("altpayment.lead")}</p>
      <section className="card" aria-labelledby="altpayment-accounts">
        <h2 id="altpayment-accounts">{t("altpayment.accountsTitle")}</h2>
        {accounts.length === 0 ? (
          <p>
            {t("altpayment.noAccounts")}{" "}
            <Link to="/profile/accounts">{t("altpayment.goAccounts")}</Link>
          </p>
        ) : (
          <>
            <p className="muted">{t("altpayment.howTo")}</p>
            <ul className="account-list">
              {accounts.map((account) => (
                <li key={account.id} className="account-card">
                  <div className="account-card__head">
                    <span className="account-card__copy">
                      <strong className="account-card__number">{account.id}</strong>
                      <CopyButton
                        value={String(account.id)}
                        className="account-card__copy-button"
                      />
                    </span>
                    <Balance balance={account.balanceShown} />
                  </div>
                  <p className="account-card__address">
                    <Icon name="map-pin" /> {account.address}
                  </p>
                  <PayAccountLink account={account.id} />
                </li>
              ))}
            </ul>
          </>
        )}
        <PaymentButton href={paymentUrl} />
      </section>
      <section aria-labelledby="altpayment-benefits">
        <h2 id="altpayment-benefits">{t("altpayment.benefitsTitle")}</h2>
        <BenefitList />
      </section>
    </div>
  );
}
