import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

import { KeepTogether } from "~/components/keep-together";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { formatFor } from "~/server/format/formatters.server";
import { getApi } from "~/server/middleware/api.server";
import { unitLabel } from "~/utils/format/format";

import type { Route } from "./+types/item";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ name: (loaderData as { rate: { name: string } }).rate.name }),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.rateId)) throw data({ message: "not found" }, { status: 404 });
  const rate = await getApi(context).rates.get(params.rateId).catch(rethrowNotFound);
  const format = formatFor(context);
  return {
    rate: {
      ...rate,
      valueText: format.money(rate.value),
      createdText: format.date(rate.created_at),
    },
  };
}

export default function RatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rate } = loaderData;
  return (
    <article className="page">
      <h1>{rate.name}</h1>
      <dl className="details card">
        <div>
          <dt>{t("rates.value")}</dt>
          <dd className="details__big">
            <span className="nowrap">
              {t("rates.perUnit", {
                value: rate.valueText,
                unit: unitLabel(rate.unit, t),
              })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("rates.description")}</dt>
          <dd>
            <KeepTogether text={rate.description} />
          </dd>
        </div>
        <div>
          <dt>{t("rates.created")}</dt>
          <dd>{rate.createdText}</dd>
        </div>
      </dl>
      <p>
        <Link to="/rates" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("rates.back")}
        </Link>
      </p>
    </article>
  );
}
