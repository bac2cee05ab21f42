/** Tariffs: a table with search by name, the day filter, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { formatDate, formatRoubles } from "~/utils/format";
import { pageCount, parseChoice, parseDay, parsePage, parseText, withParams } from "~/utils/list-query";
import type { Route } from "./+types/index";

const pageSize = 20;
const sorts = { name: "name", newest: "-created_at", oldest: "created_at" } as const;
type Sort = keyof typeof sorts;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const day = parseDay(params.get("day"));
  if (day === null) ignored.push("day");
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "name") ?? (ignored.push("sort"), "name");
  const q = parseText(params.get("q"));
  const query = {
    name__icontains: q,
    created_at_day_month_year: day ?? undefined,
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  try {
    const result = await api.rates.list(query);
    return {
      rates: result.results,
      count: result.count,
      page,
      pages: pageCount(result.count, pageSize),
      filters: { q, day: day ?? "", sort },
      ignored,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      const first = await api.rates.list({ ...query, page: 1 });
      const last = pageCount(first.count, pageSize);
      throw redirect(`${url.pathname}${withParams(params, { page: last > 1 ? last : undefined })}`);
    }
    throw error;
  }
}

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rates, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.q || filters.day);
  return (
    <div className="page">
      <h1>{t("rates.title")}</h1>
      <Form method="get" className="filters" aria-label={t("list.filters")}>
        <div className="field">
          <label htmlFor="rates-q" className="field__label">
            {t("rates.search")}
          </label>
          <input id="rates-q" name="q" type="search" className="input" defaultValue={filters.q} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="rates-day" className="field__label">
            {t("list.day")}
          </label>
          <input id="rates-day" name="day" type="date" className="input" defaultValue={filters.day} />
        </div>
        <div className="field">
          <label htmlFor="rates-sort" className="field__label">
            {t("list.sort")}
          </label>
          <select id="rates-sort" name="sort" className="select" defaultValue={filters.sort}>
            <option value="name">{t("rates.sortName")}</option>
            <option value="newest">{t("rates.sortNewest")}</option>
            <option value="oldest">{t("rates.sortOldest")}</option>
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--mainPrimary btn--md">
            <Icon name="search" />
            {t("list.apply")}
          </button>
          {filtered ? (
            <Link to="/rates" className="btn btn--mainTertiary btn--md">
              {t("list.reset")}
            </Link>
          ) : null}
        </div>
      </Form>
      <IgnoredParams ignored={ignored} />
      {rates.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/rates" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("rates.name")}</th>
                  <th scope="col" className="num">
                    {t("rates.value")}
                  </th>
                  <th scope="col">{t("rates.description")}</th>
                </tr>
              </thead>
              <tbody>
                {rates.map((rate) => (
                  <tr key={rate.id}>
                    <th scope="row">
                      <Link to={`/rates/item/${rate.id}`}>{rate.name}</Link>
                    </th>
                    <td className="num">{t("rates.perUnit", { value: formatRoubles(rate.value), unit: rate.unit })}</td>
                    <td>
                      {rate.description}
                      <div className="muted small">
                        {t("rates.created")} {formatDate(rate.created_at)}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
