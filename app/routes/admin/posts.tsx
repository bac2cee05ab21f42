/** Every post, current or not, with title search, status filter, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmLink } from "~/components/confirm-link";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { formatDate } from "~/utils/format";
import { parseChoice, parsePage, parseText } from "~/utils/list-query";
import type { Route } from "./+types/posts";
import { loadListPage } from "~/utils/list-page.server";
import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";

const pageSize = 20;
const sorts = { newest: "-created_at", oldest: "created_at", title: "title" } as const;
const statuses = { all: undefined, current: "true", archive: "false" } as const;
type Sort = keyof typeof sorts;
type Status = keyof typeof statuses;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const status = parseChoice(params.get("status"), Object.keys(statuses) as Status[], "all") ?? (ignored.push("status"), "all");
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "newest") ?? (ignored.push("sort"), "newest");
  const q = parseText(params.get("q"));
  const query = { title__icontains: q, is_actual: statuses[status], ordering: sorts[sort], page, page_size: pageSize };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) => api.posts.list({ ...query, page: target }));
  return {
    posts: list.results,
    count: list.count,
    page,
    pages: list.pages,
    filters: { q, status, sort },
    ignored,
  };
}

export default function AdminPostsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.q || filters.status !== "all");
  return (
    <div className="page">
      <div className="page__head">
        <h1>{t("admin.posts.title")}</h1>
        <Link to="/posts/create" className="btn btn--mainPrimary btn--md">
          <Icon name="plus" />
          {t("admin.posts.create")}
        </Link>
      </div>
      <FilterForm resetTo="/admin/posts" filtered={filtered}>
        <FilterInput id="admin-posts-q" name="q" label={t("posts.search")} defaultValue={filters.q} />
        <FilterSelect
          id="admin-posts-status"
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
          id="admin-posts-sort"
          name="sort"
          label={t("list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "newest", label: t("posts.sortNewest") },
            { value: "oldest", label: t("posts.sortOldest") },
            { value: "title", label: t("posts.sortTitle") },
          ]}
        />
      </FilterForm>
      <IgnoredParams ignored={ignored} />
      {posts.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/admin/posts" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">{t("admin.posts.colTitle")}</th>
                  <th scope="col">{t("admin.posts.colDate")}</th>
                  <th scope="col">{t("admin.posts.colStatus")}</th>
                  <th scope="col">{t("admin.posts.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id}>
                    <th scope="row">
                      <Link to={`/posts/item/${post.id}`}>{post.title}</Link>
                    </th>
                    <td data-label={t("admin.posts.colDate")}>{formatDate(post.created_at)}</td>
                    <td data-label={t("admin.posts.colStatus")}>
                      {post.is_actual ? (
                        <span className="badge badge--success">{t("admin.posts.actual")}</span>
                      ) : (
                        <span className="badge badge--muted">{t("admin.posts.archive")}</span>
                      )}
                    </td>
                    <td>
                      <div className="row-actions">
                        <Link to={`/admin/posts/${post.id}/edit`} className="btn btn--mainTertiary btn--sm" aria-label={t("admin.posts.editLabel", { title: post.title })}>
                          <Icon name="pencil" />
                          {t("admin.posts.edit")}
                        </Link>
                        <ConfirmLink
                          href={`/admin/posts/${post.id}/delete`}
                          label={t("admin.posts.delete")}
                          ariaLabel={t("admin.posts.deleteLabel", { title: post.title })}
                          title={t("admin.posts.deleteTitle", { title: post.title })}
                          text={<p>{t("admin.posts.deleteText", { count: post.images.length })}</p>}
                          confirmLabel={t("admin.posts.deleteConfirm")}
                        />
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
