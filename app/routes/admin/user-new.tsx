import { useTranslation } from "react-i18next";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { constraintsOf, handleSubmission } from "~/forms/submission.server";
import { toBackendUser } from "~/api/admin-users.server";
import type { Route } from "./+types/user-new";
import { userCreateForm } from "./user-new.form";

export async function loader() {
  return { constraint: await constraintsOf(userCreateForm) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  return handleSubmission(userCreateForm, { request, context }, async (value, reply) => {
    const user = await getApi(context).admin.users.create(toBackendUser(value));
    return reply.success("/admin/users", t("admin.users.created", { email: user.email }));
  });
}

export default function UserNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin.users.create")}</h1>
      <section className="card">
        <userCreateForm.Form mode="create" constraint={loaderData.constraint} actionData={actionData} />
      </section>
    </div>
  );
}
