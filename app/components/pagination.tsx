import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

import { Icon } from "~/components/ui/icon";
import { pageWindow, withParams } from "~/utils/lists/list-query";

/** Previous / next and page numbers as plain links that keep the filters. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pages <= 1) return null;
  const href = (target: number) => withParams(search, { page: target === 1 ? undefined : target });
  return (
    <nav className="pagination" aria-label={t("list.pages")}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn btn--mainSecondary btn--sm" rel="prev">
          <Icon name="chevron-left" />
          {t("list.previous")}
        </Link>
      ) : (
        <span className="btn btn--mainSecondary btn--sm" aria-disabled="true">
          <Icon name="chevron-left" />
          {t("list.previous")}
        </span>
      )}
      <ol className="pagination__pages">
        {pageWindow(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="visually-hidden">{t("list.page")} </span>
                  {number}
                </span>
              ) : (
                <Link to={href(number)} className="pagination__page">
                  <span className="visually-hidden">{t("list.page")} </span>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn btn--mainSecondary btn--sm" rel="next">
          {t("list.next")}
          <Icon name="chevron-right" />
        </Link>
      ) : (
        <span className="btn btn--mainSecondary btn--sm" aria-disabled="true">
          {t("list.next")}
          <Icon name="chevron-right" />
        </span>
      )}
    </nav>
  );
}

/**
 * A list's result below its filters: the empty state, or how many were found,
 * the items (`children`) and the pages.
 */
export function ListResult({
  empty,
  count,
  filtered,
  resetTo,
  page,
  pages,
  emptyState,
  children,
}: {
  empty: boolean;
  count: number;
  filtered: boolean;
  resetTo: string;
  page: number;
  pages: number;
  /** What an empty list without filters shows instead of the common note (the accounts' own). */
  emptyState?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  if (empty)
    return !filtered && emptyState ? (
      emptyState
    ) : (
      <EmptyResult filtered={filtered} resetTo={resetTo} />
    );
  return (
    <>
      <p className="muted" role="status">
        {t("list.found", { count })}
      </p>
      {children}
      <Pagination page={page} pages={pages} />
    </>
  );
}

/** An empty result says so and offers to reset the filters. */
export function EmptyResult({ resetTo, filtered }: { resetTo: string; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="status">
      <Icon name="search" size="xl" color="main" />
      <p className="empty-state__title">{filtered ? t("list.emptyFiltered") : t("list.empty")}</p>
      {filtered ? (
        <Link to={resetTo} className="btn btn--mainSecondary btn--md">
          {t("list.reset")}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Says which values of the address were not used, by the labels the resident
 * sees on the form (`labels`; page and sort are known here), never by the
 * parameters' internal names; and, where the page has a filter form, how to
 * correct them.
 */
export function IgnoredParams({
  ignored,
  labels = {},
  filters = true,
}: {
  ignored: string[];
  labels?: Record<string, string>;
  /** Whether the page has a filter form with its «Показать» button. */
  filters?: boolean;
}) {
  const { t } = useTranslation();
  if (ignored.length === 0) return null;
  const known: Record<string, string> = {
    page: t("list.page"),
    sort: t("list.sort"),
    day: t("list.day"),
    ...labels,
  };
  const names = ignored.map((name) => t("list.quoted", { name: known[name] ?? name })).join(", ");
  const text = t("list.ignored", { params: names });
  return (
    <p className="notice" role="status">
      <Icon name="info" />
      {filters ? `${text} ${t("list.ignoredCorrect")}` : text}
    </p>
  );
}
