import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { ApiError } from "~/api/errors";
import { UserForm } from "~/components/forms";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { UserCreateSchema } from "~/schemas/admin";
import { constraints } from "~/schemas/constraints.server";
import { toBackendUser, userFormFields } from "~/utils/admin-users.server";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/user-new";
import { readFormData } from "~/utils/request.server";

export function loader() {
  return { constraint: constraints.userCreate };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const { t } = getI18n(context);
  const submission = parseWithZod(formData, { schema: UserCreateSchema });
  const hide = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  try {
    const user = await getApi(context).admin.users.create(toBackendUser(submission.value));
    return redirectWithToast("/admin/users", { type: "success", description: t("admin.users.created", { email: user.email }) });
  } catch (error) {
    if (error instanceof ApiError) return data({ result: replyWithApiError(submission.reply, error, userFormFields, t, hide) }, { status: 400 });
    if (isBackendFailure(error)) return data({ result: submission.reply({ formErrors: [t("errors:unavailable")], hideFields: hide }) }, { status: 503 });
    throw error;
  }
}

export default function UserNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin.users.create")}</h1>
      <section className="card">
        <UserForm mode="create" constraint={loaderData.constraint} result={actionData?.result} />
      </section>
    </div>
  );
}
