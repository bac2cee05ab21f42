/** A new post (administrators only: the site map says so, the server checks). */
import { useTranslation } from "react-i18next";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { constraintsOf, handleSubmission } from "~/forms/submission.server";
import type { Route } from "./+types/create";
import { postCreateForm } from "./create.form";

export async function loader() {
  return { constraint: await constraintsOf(postCreateForm) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  return handleSubmission(postCreateForm, { request, context }, async (value, reply) => {
    const post = await getApi(context).admin.posts.create(value);
    return reply.success(`/admin/posts/${post.id}/edit`, t("admin.posts.created", { title: post.title }));
  });
}

export default function PostCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("admin.posts.create")}</h1>
      <section className="card">
        <postCreateForm.Form constraint={loaderData.constraint} actionData={actionData} submitLabel={t("admin.posts.createSubmit")} />
      </section>
    </div>
  );
}
