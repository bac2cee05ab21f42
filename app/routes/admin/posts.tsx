/** Every post, current or not, with title search, status filter, sorting and pages. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { ConfirmLink } from "~/components/confirm-link";
import { FilterForm } from "~/components/filters";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { PostFilterFields } from "~/components/post-filters";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { formatFor } from "~/server/format/formatters.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { parsePage, parsePostFilters } from "~/utils/lists/list-query";

import type { Route } from "./+types/posts";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

const pageSize = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const { filters, query: postQuery } = parsePostFilters(params, ignored);
  const query = { ...postQuery, page, page_size: pageSize };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.posts.list({ ...query, page: target }),
  );
  const format = formatFor(context);
  return {
    posts: list.results.map((post) => ({ ...post, createdText: format.date(post.created_at) })),
    count: list.count,
    page,
    pages: list.pages,
    filters,
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
        <h1>{t("admin:posts.title")}</h1>
        <Link to="/posts/create" className="btn btn--mainPrimary btn--md">
          <Icon name="plus" />
          {t("admin:posts.create")}
        </Link>
      </div>
      <FilterForm resetTo="/admin/posts" filtered={filtered}>
        <PostFilterFields idPrefix="admin-posts" filters={filters} />
      </FilterForm>
      <IgnoredParams ignored={ignored} labels={{ status: t("posts.status") }} />
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
                  <th scope="col">{t("admin:posts.colTitle")}</th>
                  <th scope="col">{t("admin:posts.colDate")}</th>
                  <th scope="col">{t("admin:posts.colStatus")}</th>
                  <th scope="col">{t("admin:posts.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id}>
                    <th scope="row">
                      <Link to={`/posts/item/${post.id}`}>{post.title}</Link>
                    </th>
                    <td data-label={t("admin:posts.colDate")}>{post.createdText}</td>
                    <td data-label={t("admin:posts.colStatus")}>
                      {post.is_actual ? (
                        <span className="badge badge--success">{t("admin:posts.actual")}</span>
                      ) : (
                        <span className="badge badge--muted">{t("admin:posts.archive")}</span>
                      )}
                    </td>
                    <td>
                      <div className="row-actions">
                        <Link
                          to={`/admin/posts/${post.id}/edit`}
                          className="btn btn--mainTertiary btn--sm"
                          aria-label={t("admin:posts.editLabel", { title: post.title })}
                        >
                          <Icon name="pencil" />
                          {t("admin:posts.edit")}
                        </Link>
                        <ConfirmLink
                          href={`/admin/posts/${post.id}/delete`}
                          label={t("admin:posts.delete")}
                          ariaLabel={t("admin:posts.deleteLabel", { title: post.title })}
                          title={t("admin:posts.deleteTitle", { title: post.title })}
                          text={<p>{t("admin:posts.deleteText", { count: post.images.length })}</p>}
                          confirmLabel={t("admin:posts.deleteConfirm")}
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
