/** A new user, by an administrator. */
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";

import { UserForm, type UserFormShape } from "~/components/admin/user-form";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { toBackendUser } from "~/server/api/admin-users.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { UserCreateSchema } from "~/utils/schemas/admin";

import type { Route } from "./+types/user-new";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

const formId = "user-create";
/** The schema's rules as HTML attributes (the schema itself stays on the server); a client-side visit asks the server, whose access check runs then. */
export function loader() {
  return { constraint: getZodConstraint(UserCreateSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: UserCreateSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  let email: string;
  try {
    ({ email } = await getApi(context).admin.users.create(toBackendUser(submission.value)));
  } catch (error) {
    return replyRefused(submission, error, context);
  }
  const { t } = getI18n(context);
  return redirectWithToast("/admin/users", {
    type: "success",
    description: t("admin:users.created", { email }),
  });
}

export default function UserNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData?.result;
  const [form, fields] = useForm<UserFormShape>({
    id: formId,
    constraint: loaderData.constraint,
    lastResult: result,
    defaultValue: { is_active: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{t("admin:users.create")}</h1>
      <section className="card">
        <UserForm form={form} fields={fields} mode="create" />
      </section>
    </div>
  );
}
