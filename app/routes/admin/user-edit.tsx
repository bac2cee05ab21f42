import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

import { UserForm, type UserFormShape } from "~/components/admin/user-form";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { fromBackendUser, toBackendUser } from "~/server/api/admin-users.server";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getUser } from "~/server/middleware/user.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { UserEditSchema } from "~/utils/schemas/admin";

import type { Route } from "./+types/user-edit";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];

const formId = "user-edit";

export const handle: RouteHandle = {
  i18n: "admin",
  crumbParams: (loaderData) => ({ name: (loaderData as { user: { email: string } }).user.email }),
};

function userIdOf(params: { userId: string }) {
  if (!/^\d{1,12}$/.test(params.userId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.userId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getApi(context).admin.users.get(userIdOf(params)).catch(rethrowNotFound);
  return {
    user: fromBackendUser(user),
    own: getUser(context)?.id === user.id,
    // The schema's rules as HTML attributes: the schema itself stays on the server.
    constraint: getZodConstraint(UserEditSchema),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = userIdOf(params);
  const { t } = getI18n(context);
  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: UserEditSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const value = submission.value;
  // An administrator cannot lock themself out (the backend would allow it).
  if (getUser(context)?.id === userId && (!value.is_admin || !value.is_active)) {
    const fieldErrors = {
      ...(value.is_admin ? {} : { is_admin: [t("admin:users.ownAdmin")] }),
      ...(value.is_active ? {} : { is_active: [t("admin:users.ownActive")] }),
    };
    return data(
      { result: submission.reply({ fieldErrors, hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  let email: string;
  try {
    ({ email } = await getApi(context)
      .admin.users.patch(userId, toBackendUser(value))
      .catch(rethrowNotFound));
  } catch (error) {
    return replyRefused(submission, error, context);
  }
  return redirectWithToast("/admin/users", {
    type: "success",
    description: t("admin:users.saved", { email }),
  });
}

export default function UserEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  const result = actionData?.result;
  const [form, fields] = useForm<UserFormShape>({
    id: formId,
    constraint: loaderData.constraint,
    lastResult: result,
    defaultValue: {
      ...user,
      phone: user.phone ?? "",
      is_admin: user.is_admin ? "on" : undefined,
      is_active: user.is_active ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{user.email}</h1>
      <section className="card">
        <UserForm form={form} fields={fields} mode="edit" own={loaderData.own} />
      </section>
      <p>
        <Link to="/admin/users" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("admin:users.backToList")}
        </Link>
      </p>
    </div>
  );
}
