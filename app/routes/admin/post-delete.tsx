/** Deleting a post: a confirmation page (GET) that says its images go too; POST deletes. */
import { useTranslation } from "react-i18next";
import { data } from "react-router";

import { ConfirmPage } from "~/components/admin/confirm";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { deleteThenRedirect } from "~/server/toasts/deletion.server";
import { routeTexts } from "~/utils/i18n/route-texts";

import type { Route } from "./+types/post-delete";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];

export const handle: RouteHandle = {
  i18n: "admin",
  crumbParams: (loaderData) => ({ title: (loaderData as { post: { title: string } }).post.title }),
};

function postIdOf(params: { postId: string }) {
  if (!/^\d{1,12}$/.test(params.postId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.postId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getApi(context).posts.get(postIdOf(params)).catch(rethrowNotFound);
  return { post: { id: post.id, title: post.title, images: post.images.length } };
}

export async function action({ params, context }: Route.ActionArgs) {
  const postId = postIdOf(params);
  const api = getApi(context);
  const { t } = getI18n(context);
  const post = await api.posts.get(postId).catch(rethrowNotFound);
  return deleteThenRedirect(
    context,
    "/admin/posts",
    () => api.admin.posts.delete(postId),
    t("admin:posts.deleted", { title: post.title }),
  );
}

export default function PostDeletePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { post } = loaderData;
  return (
    <ConfirmPage
      title={t("admin:posts.deleteTitle", { title: post.title })}
      confirmLabel={t("admin:posts.deleteConfirm")}
      cancelTo="/admin/posts"
      cancelLabel={t("admin:posts.cancel")}
    >
      <p>{t("admin:posts.deleteText", { count: post.images })}</p>
    </ConfirmPage>
  );
}
