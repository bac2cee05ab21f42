/** A new post (administrators only: the site map says so, the server checks). */
import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { handleSubmission, readForm } from "~/forms/submission.server";
import { postHtml } from "~/format/post-text.server";
import { resultFor } from "~/forms/reply";
import { validateWith } from "~/forms/validation";
import { PostForm, PostPreview, previewIn } from "~/components/admin/post-form";
import { PostSchema } from "~/schemas/admin";
import type { Route } from "./+types/create";

const formId = "post-create";
const constraint = getZodConstraint(PostSchema);

/** Nothing to load, but a loader makes a client-side visit ask the server, whose access check runs then. */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  const formData = await readForm(request, context);
  return handleSubmission({ id: formId, schema: PostSchema }, { request, context, formData }, async (value, reply) => {
    if (formData.get("intent") === "preview") return reply.again({ preview: { title: value.title, html: postHtml(value.text) } });
    const post = await getApi(context).admin.posts.create(value);
    return reply.success(`/admin/posts/${post.id}/edit`, t("admin.posts.created", { title: post.title }));
  });
}

export default function PostCreatePage({ actionData }: Route.ComponentProps) {
  const preview = previewIn(actionData);
  const { t } = useTranslation();
  const result = resultFor(actionData, formId);
  const [form, fields] = useForm({
    id: formId,
    constraint,
    lastResult: result,
    defaultValue: { is_actual: "on" },
    onValidate: validateWith(PostSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{t("admin.posts.create")}</h1>
      <section className="card">
        <PostForm form={form} fields={fields} result={result} submitLabel={t("admin.posts.createSubmit")} />
      </section>
      {preview ? <PostPreview {...preview} /> : null}
    </div>
  );
}
