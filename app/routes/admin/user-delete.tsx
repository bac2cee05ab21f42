/** Deleting a user: confirmation page (GET), POST deletes. An administrator's own account is never deleted: the page says why, and a forced POST is refused before the backend. */
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

import { ConfirmPage } from "~/components/admin/confirm";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getUser } from "~/server/middleware/user.server";
import { deleteThenRedirect } from "~/server/toasts/deletion.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { routeTexts } from "~/utils/i18n/route-texts";

import type { Route } from "./+types/user-delete";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

function userIdOf(params: { userId: string }) {
  if (!/^\d{1,12}$/.test(params.userId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.userId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getApi(context).admin.users.get(userIdOf(params)).catch(rethrowNotFound);
  return { user: { id: user.id, email: user.email }, own: getUser(context)?.id === user.id };
}

export async function action({ params, context }: Route.ActionArgs) {
  const userId = userIdOf(params);
  const api = getApi(context);
  const { t } = getI18n(context);
  if (getUser(context)?.id === userId)
    return redirectWithToast("/admin/users", {
      type: "error",
      description: t("admin:users.ownDelete"),
    });
  const user = await api.admin.users.get(userId).catch(rethrowNotFound);
  return deleteThenRedirect(
    context,
    "/admin/users",
    () => api.admin.users.delete(userId),
    t("admin:users.deleted", { email: user.email }),
  );
}

export default function UserDeletePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, own } = loaderData;
  if (own) {
    return (
      <section className="page card confirm-card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">{t("admin:users.ownDeleteTitle")}</h1>
        <p>{t("admin:users.ownDeleteText")}</p>
        <div className="form__actions">
          <Link to="/admin/users" className="btn btn--mainSecondary btn--md">
            {t("admin:users.backToList")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <ConfirmPage
      title={t("admin:users.deleteTitle", { email: user.email })}
      confirmLabel={t("admin:users.deleteConfirm")}
      cancelTo="/admin/users"
      cancelLabel={t("admin:users.cancel")}
    >
      <p>{t("admin:users.deleteText")}</p>
    </ConfirmPage>
  );
}
