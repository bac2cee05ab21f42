import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { getUser } from "~/middleware/user.server";
import { handleSubmission } from "~/forms/submission.server";
import { resultFor } from "~/forms/reply";
import { validateWith } from "~/forms/validation";
import { UserForm } from "~/components/admin/user-form";
import { UserEditSchema } from "~/schemas/admin";
import { fromBackendUser, toBackendUser } from "~/api/admin-users.server";
import { rethrowNotFound } from "~/api/rethrow-not-found.server";
import type { Route } from "./+types/user-edit";

const formId = "user-edit";
const constraint = getZodConstraint(UserEditSchema);

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ name: (loaderData as { user: { email: string } }).user.email }),
};

function userIdOf(params: { userId: string }) {
  if (!/^\d{1,12}$/.test(params.userId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.userId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getApi(context).admin.users.get(userIdOf(params)).catch(rethrowNotFound);
  return { user: fromBackendUser(user), own: getUser(context)?.id === user.id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = userIdOf(params);
  const { t } = getI18n(context);
  return handleSubmission(
    { id: formId, schema: UserEditSchema },
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
  const result = resultFor(actionData, formId);
  const [form, fields] = useForm({
    id: formId,
    constraint,
    lastResult: result,
    defaultValue: { ...user, phone: user.phone ?? "", is_admin: user.is_admin ? "on" : undefined, is_active: user.is_active ? "on" : undefined },
    onValidate: validateWith(UserEditSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{user.email}</h1>
      <section className="card">
        <UserForm form={form} fields={fields} result={result} mode="edit" own={loaderData.own} />
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
