/**
 * Information disclosure: reports by year (the years present), name search,
 * a date range (created_at__gte / __lte in full ISO), sorting and pages.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";
import { IgnoredParams, ListResult } from "~/components/pagination";
import { formatFor } from "~/server/format/formatters.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { getApi } from "~/server/middleware/api.server";
import { parseChoice, parseDay, parsePage, parseText } from "~/utils/lists/list-query";

import type { Route } from "./+types/info";

const pageSize = 10;
const sorts = {
  year: "-year,name",
  name: "name",
  newest: "-created_at",
  oldest: "created_at",
} as const;
type Sort = keyof typeof sorts;

/** The company's days start at midnight in Yakutsk (+09:00). */
const dayStart = (day: string) => `${day}T00:00:00+09:00`;
const dayEnd = (day: string) => `${day}T23:59:59.999999+09:00`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const sort =
    parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "year") ??
    (ignored.push("sort"), "year");
  const q = parseText(params.get("q"));
  const yearParam = params.get("year") ?? "";
  const year = /^\d{4}$/.test(yearParam) ? yearParam : "";
  if (yearParam && !year) ignored.push("year");
  const from = parseDay(params.get("from"));
  const to = parseDay(params.get("to"));
  if (from === null) ignored.push("from");
  if (to === null) ignored.push("to");
  // A reversed range is not applied, but what was typed stays in the fields to be corrected.
  const rangeError = Boolean(from && to && from > to);
  const query = {
    name__icontains: q,
    year: year || undefined,
    created_at__gte: from && !rangeError ? dayStart(from) : undefined,
    created_at__lte: to && !rangeError ? dayEnd(to) : undefined,
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  const [list, all] = await Promise.all([
    loadListPage(request, page, pageSize, (target) => api.reports.list({ ...query, page: target })),
    api.reports.list({ ordering: "-year", page_size: 100 }),
  ]);
  const years = [...new Set(all.results.map((report) => report.year))].sort((a, b) => b - a);
  const format = formatFor(context);
  return {
    reports: list.results.map((report) => ({
      ...report,
      createdText: format.date(report.created_at),
    })),
    count: list.count,
    page,
    pages: list.pages,
    years,
    filters: { q, year, from: from ?? "", to: to ?? "", sort },
    ignored,
    rangeError,
  };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { reports, filters, page, pages, count, ignored, years, rangeError } = loaderData;
  const filtered = Boolean(filters.q || filters.year || filters.from || filters.to);
  return (
    <div className="page">
      <h1>{t("reports.title")}</h1>
      <p className="muted">{t("reports.lead")}</p>
      <FilterForm resetTo="/about/info" filtered={filtered}>
        <FilterSelect
          id="reports-year"
          name="year"
          label={t("reports.year")}
          defaultValue={filters.year}
          options={[
            { value: "", label: t("reports.allYears") },
            ...years.map((year) => ({ value: year, label: String(year) })),
          ]}
        />
        <FilterInput id="reports-q" name="q" label={t("reports.search")} defaultValue={filters.q} />
        <FilterInput
          id="reports-from"
          name="from"
          type="date"
          label={t("reports.from")}
          defaultValue={filters.from}
          error={rangeError ? t("reports.rangeError") : undefined}
        />
        <FilterInput
          id="reports-to"
          name="to"
          type="date"
          label={t("reports.to")}
          defaultValue={filters.to}
        />
        <FilterSelect
          id="reports-sort"
          name="sort"
          label={t("list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "year", label: t("reports.sortYear") },
            { value: "name", label: t("reports.sortName") },
            { value: "newest", label: t("reports.sortNewest") },
            { value: "oldest", label: t("reports.sortOldest") },
          ]}
        />
      </FilterForm>
      <IgnoredParams
        ignored={ignored}
        labels={{ year: t("reports.year"), from: t("reports.from"), to: t("reports.to") }}
      />
      <ListResult
        empty={reports.length === 0}
        count={count}
        filtered={filtered}
        resetTo="/about/info"
        page={page}
        pages={pages}
      >
        <ul className="report-list">
          {reports.map((report) => (
            <li key={report.id} className="card report-card">
              <span className="badge badge--muted">{report.year}</span>
              <h2 className="report-card__title">
                <Link to={`/about/info/item/${report.id}`}>{report.name}</Link>
              </h2>
              <p className="muted small">
                {t("reports.created")} {report.createdText}
              </p>
            </li>
          ))}
        </ul>
      </ListResult>
    </div>
  );
}
