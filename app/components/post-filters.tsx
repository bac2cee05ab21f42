/**
 * Filters shared by the news page and the administrators' list of posts:
 * title contains, current / archive / all, and the order.
 */
import { useTranslation } from "react-i18next";
import { FilterInput, FilterSelect } from "~/components/filters";
import { parseChoice, parseText } from "~/lists/list-query";

const sorts = { newest: "-created_at", oldest: "created_at", title: "title" } as const;
const statuses = { all: undefined, current: "true", archive: "false" } as const;
type Sort = keyof typeof sorts;
type Status = keyof typeof statuses;

/** The filters from the URL (bad values noted in `ignored`) and the backend query they make. */
export function parsePostFilters(params: URLSearchParams, ignored: string[]) {
  const status = parseChoice(params.get("status"), Object.keys(statuses) as Status[], "all") ?? (ignored.push("status"), "all");
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "newest") ?? (ignored.push("sort"), "newest");
  const q = parseText(params.get("q"));
  return {
    filters: { q, status, sort },
    query: { title__icontains: q, is_actual: statuses[status], ordering: sorts[sort] },
  };
}

export function PostFilterFields({ idPrefix, filters, children }: {
  idPrefix: string;
  filters: { q: string; status: string; sort: string };
  /** Extra fields between the search and the selects (the news page's day). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FilterInput id={`${idPrefix}-q`} name="q" label={t("posts.search")} defaultValue={filters.q} />
      {children}
      <FilterSelect
        id={`${idPrefix}-status`}
        name="status"
        label={t("posts.status")}
        defaultValue={filters.status}
        options={[
          { value: "all", label: t("posts.statusAll") },
          { value: "current", label: t("posts.statusCurrent") },
          { value: "archive", label: t("posts.statusArchive") },
        ]}
      />
      <FilterSelect
        id={`${idPrefix}-sort`}
        name="sort"
        label={t("list.sort")}
        defaultValue={filters.sort}
        options={[
          { value: "newest", label: t("posts.sortNewest") },
          { value: "oldest", label: t("posts.sortOldest") },
          { value: "title", label: t("posts.sortTitle") },
        ]}
      />
    </>
  );
}
