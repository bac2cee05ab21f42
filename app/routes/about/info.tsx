/**
 * Information disclosure: reports by year (the years present), name search,
 * a date range (created_at__gte / __lte in full ISO), sorting and pages.
 */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { formatDate } from "~/utils/format";
import { pageCount, parseChoice, parseDay, parsePage, parseText, withParams } from "~/utils/list-query";
import type { Route } from "./+types/info";

const pageSize = 10;
const sorts = { year: "-year,name", name: "name", newest: "-created_at", oldest: "created_at" } as const;
type Sort = keyof typeof sorts;

/** The company's days start at midnight in Yakutsk (+09:00). */
const dayStart = (day: string) => `${day}T00:00:00+09:00`;
const dayEnd = (day: string) => `${day}T23:59:59.999999+09:00`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "year") ?? (ignored.push("sort"), "year");
  const q = parseText(params.get("q"));
  const yearParam = params.get("year") ?? "";
  const year = /^\d{4}$/.test(yearParam) ? yearParam : "";
  if (yearParam && !year) ignored.push("year");
  let from = parseDay(params.get("from"));
  let to = parseDay(params.get("to"));
  if (from === null) ignored.push("from");
  if (to === null) ignored.push("to");
  let rangeError = false;
  if (from && to && from > to) {
    rangeError = true;
    from = undefined;
    to = undefined;
  }
  const query = {
    name__icontains: q,
    year: year || undefined,
    created_at__gte: from ? dayStart(from) : undefined,
    created_at__lte: to ? dayEnd(to) : undefined,
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  try {
    const [result, all] = await Promise.all([api.reports.list(query), api.reports.list({ ordering: "-year", page_size: 100 })]);
    const years = [...new Set(all.results.map((report) => report.year))].sort((a, b) => b - a);
    return {
      reports: result.results,
      count: result.count,
      page,
      pages: pageCount(result.count, pageSize),
      years,
      filters: { q, year, from: from ?? "", to: to ?? "", sort },
      ignored,
      rangeError,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      const first = await api.reports.list({ ...query, page: 1 });
      const last = pageCount(first.count, pageSize);
      throw redirect(`${url.pathname}${withParams(params, { page: last > 1 ? last : undefined })}`);
    }
    throw error;
  }
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { reports, filters, page, pages, count, ignored, years, rangeError } = loaderData;
  const filtered = Boolean(filters.q || filters.year || filters.from || filters.to);
  return (
    <div className="page">
      <h1>{t("reports.title")}</h1>
      <p className="muted">{t("reports.lead")}</p>
      <Form method="get" className="filters" aria-label={t("list.filters")}>
        <div className="field">
          <label htmlFor="reports-year" className="field__label">
            {t("reports.year")}
          </label>
          <select id="reports-year" name="year" className="select" defaultValue={filters.year}>
            <option value="">{t("reports.allYears")}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="reports-q" className="field__label">
            {t("reports.search")}
          </label>
          <input id="reports-q" name="q" type="search" className="input" defaultValue={filters.q} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="reports-from" className="field__label">
            {t("reports.from")}
          </label>
          <input id="reports-from" name="from" type="date" className="input" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="reports-to" className="field__label">
            {t("reports.to")}
          </label>
          <input id="reports-to" name="to" type="date" className="input" defaultValue={filters.to} />
        </div>
        <div className="field">
          <label htmlFor="reports-sort" className="field__label">
            {t("list.sort")}
          </label>
          <select id="reports-sort" name="sort" className="select" defaultValue={filters.sort}>
            <option value="year">{t("reports.sortYear")}</option>
            <option value="name">{t("reports.sortName")}</option>
            <option value="newest">{t("reports.sortNewest")}</option>
            <option value="oldest">{t("reports.sortOldest")}</option>
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--mainPrimary btn--md">
            <Icon name="search" />
            {t("list.apply")}
          </button>
          {filtered ? (
            <Link to="/about/info" className="btn btn--mainTertiary btn--md">
              {t("list.reset")}
            </Link>
          ) : null}
        </div>
      </Form>
      {rangeError ? (
        <p className="notice" role="status">
          <Icon name="info" />
          {t("reports.rangeError")}
        </p>
      ) : null}
      <IgnoredParams ignored={ignored} />
      {reports.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/about/info" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <ul className="report-list">
            {reports.map((report) => (
              <li key={report.id} className="card report-card">
                <span className="badge badge--muted">{report.year}</span>
                <h2 className="report-card__title">
                  <Link to={`/about/info/item/${report.id}`}>{report.name}</Link>
                </h2>
                <p className="muted small">
                  {t("reports.created")} {formatDate(report.created_at)}
                </p>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
