/** Every post, current or not, with title search, status filter, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { ConfirmLink } from "~/components/confirm-link";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getApi } from "~/middleware/api.server";
import { formatDate } from "~/utils/format";
import { pageCount, parseChoice, parsePage, parseText, withParams } from "~/utils/list-query";
import type { Route } from "./+types/posts";

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
  try {
    const result = await api.posts.list(query);
    return { posts: result.results, count: result.count, page, pages: pageCount(result.count, pageSize), filters: { q, status, sort }, ignored };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && page > 1) {
      const first = await api.posts.list({ ...query, page: 1 });
      const last = pageCount(first.count, pageSize);
      throw redirect(`${url.pathname}${withParams(params, { page: last > 1 ? last : undefined })}`);
    }
    throw error;
  }
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
      <Form method="get" className="filters" aria-label={t("list.filters")}>
        <div className="field">
          <label htmlFor="admin-posts-q" className="field__label">
            {t("posts.search")}
          </label>
          <input id="admin-posts-q" name="q" type="search" className="input" defaultValue={filters.q} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="admin-posts-status" className="field__label">
            {t("posts.status")}
          </label>
          <select id="admin-posts-status" name="status" className="select" defaultValue={filters.status}>
            <option value="all">{t("posts.statusAll")}</option>
            <option value="current">{t("posts.statusCurrent")}</option>
            <option value="archive">{t("posts.statusArchive")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="admin-posts-sort" className="field__label">
            {t("list.sort")}
          </label>
          <select id="admin-posts-sort" name="sort" className="select" defaultValue={filters.sort}>
            <option value="newest">{t("posts.sortNewest")}</option>
            <option value="oldest">{t("posts.sortOldest")}</option>
            <option value="title">{t("posts.sortTitle")}</option>
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--mainPrimary btn--md">
            <Icon name="search" />
            {t("list.apply")}
          </button>
          {filtered ? (
            <Link to="/admin/posts" className="btn btn--mainTertiary btn--md">
              {t("list.reset")}
            </Link>
          ) : null}
        </div>
      </Form>
      <IgnoredParams ignored={ignored} />
      {posts.length === 0 ? (
        <EmptyResult filtered={filtered} resetTo="/admin/posts" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <div className="table-wrap">
            <table className="table">
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
                    <td>{formatDate(post.created_at)}</td>
                    <td>
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
