/** Deleting one image: a confirmation page (GET); POST deletes and returns where it came from. */
import { useTranslation } from "react-i18next";
import { data, useSearchParams } from "react-router";

import { ConfirmPage } from "~/components/admin/confirm";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { deleteThenRedirect } from "~/server/toasts/deletion.server";
import { safeRedirect } from "~/utils/http/redirect";
import { routeTexts } from "~/utils/i18n/route-texts";
import { mediaPath } from "~/utils/media/media-path";

import type { Route } from "./+types/image-delete";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

function imageIdOf(params: { imageId: string }) {
  if (!/^\d{1,12}$/.test(params.imageId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.imageId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await getApi(context).admin.images.get(imageIdOf(params)).catch(rethrowNotFound);
  return { image: { id: image.id, image: mediaPath(image.image), post: image.post } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const imageId = imageIdOf(params);
  const { t } = getI18n(context);
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/admin/images");
  return deleteThenRedirect(
    context,
    returnTo,
    () => getApi(context).admin.images.delete(imageId),
    t("admin:images.deleted"),
  );
}

export default function ImageDeletePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { image } = loaderData;
  return (
    <ConfirmPage
      title={t("admin:images.deleteTitle")}
      confirmLabel={t("admin:posts.deleteConfirm")}
      cancelTo={
        params.get("returnTo")?.startsWith("/admin/") ? params.get("returnTo")! : "/admin/images"
      }
      cancelLabel={t("admin:posts.cancel")}
    >
      <img
        src={image.image}
        alt={t("admin:images.alt", { n: 1, title: `#${image.post}` })}
        width={240}
        height={160}
        className="confirm-image"
      />
      <p>{t("admin:images.deleteText")}</p>
    </ConfirmPage>
  );
}
