/** A new user, by an administrator. */
import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { handleSubmission } from "~/forms/submission.server";
import { resultFor } from "~/forms/reply";
import { validateWith } from "~/forms/validation";
import { toBackendUser } from "~/api/admin-users.server";
import { UserForm, type UserFormShape } from "~/components/admin/user-form";
import { UserCreateSchema } from "~/schemas/admin";
import type { Route } from "./+types/user-new";

const formId = "user-create";
const constraint = getZodConstraint(UserCreateSchema);

/** Nothing to load, but a loader makes a client-side visit ask the server, whose access check runs then. */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  return handleSubmission({ id: formId, schema: UserCreateSchema }, { request, context }, async (value, reply) => {
    const user = await getApi(context).admin.users.create(toBackendUser(value));
    return reply.success("/admin/users", t("admin.users.created", { email: user.email }));
  });
}

export default function UserNewPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = resultFor(actionData, formId);
  const [form, fields] = useForm<UserFormShape>({
    id: formId,
    constraint,
    lastResult: result,
    defaultValue: { is_active: "on" },
    onValidate: validateWith(UserCreateSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{t("admin.users.create")}</h1>
      <section className="card">
        <UserForm form={form} fields={fields} result={result} mode="create" />
      </section>
    </div>
  );
}
