import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { formatFor } from "~/server/format/formatters.server";
import { getApi } from "~/server/middleware/api.server";
import { mediaPath } from "~/utils/media/media-path";

import type { Route } from "./+types/report";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ name: (loaderData as { report: { name: string } }).report.name }),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.reportId)) throw data({ message: "not found" }, { status: 404 });
  const report = await getApi(context).reports.get(params.reportId).catch(rethrowNotFound);
  return {
    report: {
      ...report,
      file: report.file ? mediaPath(report.file) : null,
      createdText: formatFor(context).date(report.created_at),
    },
  };
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { report } = loaderData;
  return (
    <article className="page">
      <h1>{report.name}</h1>
      <dl className="details card">
        <div>
          <dt>{t("reports.year")}</dt>
          <dd>{report.year}</dd>
        </div>
        <div>
          <dt>{t("rates.description")}</dt>
          <dd>{report.description}</dd>
        </div>
        <div>
          <dt>{t("reports.created")}</dt>
          <dd>{report.createdText}</dd>
        </div>
      </dl>
      <p className="form__actions">
        {report.file ? (
          <a href={report.file} className="btn btn--mainPrimary btn--md" download>
            <Icon name="download" />
            {t("reports.download")}
          </a>
        ) : (
          <span className="muted">{t("reports.noFile")}</span>
        )}
        <Link to="/about/info" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("reports.back")}
        </Link>
      </p>
    </article>
  );
}
