/** Every post image, paged, with the post each belongs to. */
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

import { ConfirmLink } from "~/components/confirm-link";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { loadListPage } from "~/server/lists/list-page.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { parsePage } from "~/utils/lists/list-query";
import { mediaPath } from "~/utils/media/media-path";

import type { Route } from "./+types/images";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

const pageSize = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ignored: string[] = [];
  const page = parsePage(url.searchParams.get("page")) ?? (ignored.push("page"), 1);
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.admin.images.list({ page: target, page_size: pageSize }),
  );
  // The posts' titles, once per post on this page; a post that cannot be read keeps its number.
  const postIds = [...new Set(list.results.map((image) => image.post))];
  const titles = new Map(
    await Promise.all(
      postIds.map(
        async (postId) =>
          [
            postId,
            await api.posts.get(String(postId)).then(
              (post) => post.title,
              () => null,
            ),
          ] as const,
      ),
    ),
  );
  return {
    images: list.results.map((image) => ({
      ...image,
      image: mediaPath(image.image),
      postTitle: titles.get(image.post) ?? `#${image.post}`,
    })),
    count: list.count,
    page,
    pages: list.pages,
    ignored,
  };
}

export default function AdminImagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { images, page, pages, count, ignored } = loaderData;
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="page">
      <h1>{t("admin:images.allTitle")}</h1>
      <IgnoredParams ignored={ignored} filters={false} />
      {images.length === 0 ? (
        <EmptyResult filtered={false} resetTo="/admin/images" />
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <ul className="image-admin-list">
            {images.map((image) => (
              <li key={image.id} className="image-admin card">
                <img
                  src={image.image}
                  alt={t("admin:images.alt", { n: image.id, title: image.postTitle })}
                  width={240}
                  height={160}
                  loading="lazy"
                />
                <p className="small">
                  {t("admin:images.post")}:{" "}
                  <Link to={`/admin/posts/${image.post}/edit`}>{image.postTitle}</Link>
                </p>
                <ConfirmLink
                  href={`/admin/images/${image.id}/delete?returnTo=${encodeURIComponent(here)}`}
                  label={t("admin:images.delete")}
                  ariaLabel={t("admin:images.deleteLabel", { n: image.id })}
                  title={t("admin:images.deleteTitle")}
                  text={<p>{t("admin:images.deleteText")}</p>}
                  confirmLabel={t("admin:posts.deleteConfirm")}
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
