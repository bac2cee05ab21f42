/** Tariffs: a table with search by name, the day filter, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";
import { KeepTogether } from "~/components/keep-together";
import { IgnoredParams, ListResult } from "~/components/pagination";
import { formatFor } from "~/server/format/formatters.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { getApi } from "~/server/middleware/api.server";
import { unitLabel } from "~/utils/format/format";
import { parseChoice, parseDay, parsePage, parseText } from "~/utils/lists/list-query";

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
  const sort =
    parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "name") ??
    (ignored.push("sort"), "name");
  const q = parseText(params.get("q"));
  const query = {
    name__icontains: q,
    created_at_day_month_year: day ?? undefined,
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.rates.list({ ...query, page: target }),
  );
  const format = formatFor(context);
  return {
    rates: list.results.map((rate) => ({
      ...rate,
      valueText: format.money(rate.value),
      createdText: format.date(rate.created_at),
    })),
    count: list.count,
    page,
    pages: list.pages,
    filters: { q, day: day ?? "", sort },
    ignored,
  };
}

export default function RatesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rates, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.q || filters.day);
  return (
    <div className="page">
      <h1>{t("rates.title")}</h1>
      <FilterForm resetTo="/rates" filtered={filtered}>
        <FilterInput id="rates-q" name="q" label={t("rates.search")} defaultValue={filters.q} />
        <FilterInput
          id="rates-day"
          name="day"
          type="date"
          label={t("rates.day")}
          defaultValue={filters.day}
        />
        <FilterSelect
          id="rates-sort"
          name="sort"
          label={t("list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "name", label: t("rates.sortName") },
            { value: "newest", label: t("rates.sortNewest") },
            { value: "oldest", label: t("rates.sortOldest") },
          ]}
        />
      </FilterForm>
      <IgnoredParams ignored={ignored} />
      <ListResult
        empty={rates.length === 0}
        count={count}
        filtered={filtered}
        resetTo="/rates"
        page={page}
        pages={pages}
      >
        <div className="table-wrap">
          <table className="table table--stack">
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
                  <td className="num" data-label={t("rates.value")}>
                    <span className="nowrap">
                      {t("rates.perUnit", {
                        value: rate.valueText,
                        unit: unitLabel(rate.unit, t),
                      })}
                    </span>
                  </td>
                  <td data-label={t("rates.description")}>
                    <KeepTogether text={rate.description} />
                    <div className="muted small">
                      {t("rates.created")} {rate.createdText}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListResult>
    </div>
  );
}
