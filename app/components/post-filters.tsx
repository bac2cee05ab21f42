/**
 * The filter fields shared by the news page and the administrators' list of
 * posts (their parsing: parsePostFilters in app/utils/lists/list-query.ts).
 */
import { useTranslation } from "react-i18next";

import { FilterInput, FilterSelect } from "~/components/filters";

export function PostFilterFields({
  idPrefix,
  filters,
  children,
}: {
  idPrefix: string;
  filters: { q: string; status: string; sort: string };
  /** Extra fields between the search and the selects (the news page's day). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FilterInput
        id={`${idPrefix}-q`}
        name="q"
        label={t("posts.search")}
        defaultValue={filters.q}
      />
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
