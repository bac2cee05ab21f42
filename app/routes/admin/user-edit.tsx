import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { getUser } from "~/middleware/user.server";
import { constraintsOf, handleSubmission } from "~/forms/submission.server";
import { fromBackendUser, toBackendUser } from "~/api/admin-users.server";
import { rethrowNotFound } from "~/api/rethrow-not-found.server";
import type { Route } from "./+types/user-edit";
import { userEditForm } from "./user-edit.form";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ name: (loaderData as { user: { email: string } }).user.email }),
};

function userIdOf(params: { userId: string }) {
  if (!/^\d{1,12}$/.test(params.userId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.userId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getApi(context).admin.users.get(userIdOf(params)).catch(rethrowNotFound);
  return { user: fromBackendUser(user), own: getUser(context)?.id === user.id, constraint: await constraintsOf(userEditForm) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = userIdOf(params);
  const { t } = getI18n(context);
  return handleSubmission(
    userEditForm,
    { request, context },
    async (value, reply) => {
      // An administrator cannot lock themself out (the backend would allow it).
      if (getUser(context)?.id === userId && (!value.is_admin || !value.is_active)) {
        return reply.fieldErrors({
          ...(value.is_admin ? {} : { is_admin: [t("admin.users.ownAdmin")] }),
          ...(value.is_active ? {} : { is_active: [t("admin.users.ownActive")] }),
        });
      }
      const user = await getApi(context).admin.users.patch(userId, toBackendUser(value));
      return reply.success("/admin/users", t("admin.users.saved", { email: user.email }));
    },
    { onApiError: (error) => error.status === 404 && rethrowNotFound(error) },
  );
}

export default function UserEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  return (
    <div className="page">
      <h1>{user.email}</h1>
      <section className="card">
        <userEditForm.Form mode="edit" own={loaderData.own} constraint={loaderData.constraint} actionData={actionData} defaultValue={user} />
      </section>
      <p>
        <Link to="/admin/users" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("admin.users.backToList")}
        </Link>
      </p>
    </div>
  );
}
