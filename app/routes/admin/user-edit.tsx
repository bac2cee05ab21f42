import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { ApiError } from "~/api/errors";
import { UserForm } from "~/components/forms";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { UserEditSchema } from "~/schemas/admin";
import { constraints } from "~/schemas/constraints.server";
import { fromBackendUser, toBackendUser, userFormFields } from "~/utils/admin-users.server";
import { rethrowNotFound } from "~/utils/api-errors.server";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/user-edit";
import { readFormData } from "~/utils/request.server";

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ name: (loaderData as { user: { email: string } }).user.email }),
};

function userIdOf(params: { userId: string }) {
  if (!/^\d{1,12}$/.test(params.userId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.userId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await getApi(context).admin.users.get(userIdOf(params)).catch(rethrowNotFound);
  return { user: fromBackendUser(user), constraint: constraints.userEdit };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = userIdOf(params);
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const { t } = getI18n(context);
  const submission = parseWithZod(formData, { schema: UserEditSchema });
  const hide = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  try {
    const user = await getApi(context).admin.users.patch(userId, toBackendUser(submission.value));
    return redirectWithToast("/admin/users", { type: "success", description: t("admin.users.saved", { email: user.email }) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) rethrowNotFound(error);
    if (error instanceof ApiError) return data({ result: replyWithApiError(submission.reply, error, userFormFields, t, hide) }, { status: 400 });
    if (isBackendFailure(error)) return data({ result: submission.reply({ formErrors: [t("errors:unavailable")], hideFields: hide }) }, { status: 503 });
    throw error;
  }
}

export default function UserEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  return (
    <div className="page">
      <h1>{user.email}</h1>
      <section className="card">
        <UserForm mode="edit" constraint={loaderData.constraint} result={actionData?.result} defaultValue={user} />
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
