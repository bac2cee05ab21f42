/** A new post (administrators only: the site map says so, the server checks). */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { ApiError } from "~/api/errors";
import { PostForm } from "~/components/forms";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { PostSchema } from "~/schemas/admin";
import { constraints } from "~/schemas/constraints.server";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/create";
import { readFormData } from "~/utils/request.server";

export function loader() {
  return { constraint: constraints.post };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const { t } = getI18n(context);
  const submission = parseWithZod(formData, { schema: PostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const post = await getApi(context).admin.posts.create(submission.value);
    return redirectWithToast(`/admin/posts/${post.id}/edit`, { type: "success", description: t("admin.posts.created", { title: post.title }) });
  } catch (error) {
    if (error instanceof ApiError) return data({ result: replyWithApiError(submission.reply, error, ["title", "text", "is_actual"], t) }, { status: 400 });
    if (isBackendFailure(error)) return data({ result: submission.reply({ formErrors: [t("errors:unavailable")] }) }, { status: 503 });
    throw error;
  }
}

export default function PostCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin.posts.create")}</h1>
      <section className="card">
        <PostForm id="post-create" constraint={loaderData.constraint} result={actionData?.result} submitLabel={t("admin.posts.createSubmit")} />
      </section>
    </div>
  );
}
