/** A new post (administrators only: the site map says so, the server checks). */
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";

import {
  chosenImagesIn,
  PostForm,
  PostPreview,
  previewIn,
  type ChosenImages,
} from "~/components/admin/post-form";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { postHtml } from "~/server/format/post-text.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { checkHoneypot } from "~/server/forms/honeypot.server";
import { forwardImages } from "~/server/media/post-image-uploads.server";
import { parseImageUpload } from "~/server/media/uploads.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { PostSchema } from "~/utils/schemas/admin";

import type { Route } from "./+types/create";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];
export const handle: RouteHandle = { i18n: "admin" };

const formId = "post-create";
const constraint = getZodConstraint(PostSchema);

/** Nothing to load, but a loader makes a client-side visit ask the server, whose access check runs then. */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  const { t } = i18n;
  const api = getApi(context);
  // With pictures the form is multipart: its fields and files are read together, within the upload limits.
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const upload = multipart ? await parseImageUpload(request, "images", t) : undefined;
  try {
    if (upload?.tooLarge)
      return data(
        { result: { status: "error" as const, error: { "": upload.errors } } },
        { status: 413 },
      );
    if (upload) await checkHoneypot(upload.fields, t("errors:formRejected"));
    const formData = upload?.fields ?? (await readForm(request, context));
    // The form again (a refusal, a preview): a browser cannot refill a file field, so the page names the pictures to choose again.
    const chosenImages: ChosenImages | undefined =
      upload?.files.length || upload?.errors.length
        ? { names: upload.files.map((file) => file.name), errors: upload.errors }
        : undefined;
    const submission = parseWithZod(formData, { schema: PostSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply(), chosenImages }, { status: 400 });
    const value = submission.value;
    if (formData.get("intent") === "preview")
      return {
        result: submission.reply(),
        chosenImages,
        preview: { title: value.title, html: postHtml(value.text) },
      };
    let post: { id: number; title: string };
    try {
      post = await api.admin.posts.create(value);
    } catch (error) {
      const refused = replyRefused(submission, error, context);
      return data({ ...refused.data, chosenImages }, refused.init ?? undefined);
    }
    // The post stands whatever happens to its pictures; the edit page says which failed and offers the upload again.
    const outcome = upload?.files.length
      ? await forwardImages(api, post.id, upload.files, i18n)
      : { errors: [] };
    // Said as sentences inside the toast's own: a field's message has no full stop of its own.
    const errors = [...(upload?.errors ?? []), ...outcome.errors];
    if (errors.length) {
      return redirectWithToast(`/admin/posts/${post.id}/edit`, {
        type: "warning",
        description: t("admin:posts.createdImagesFailed", {
          title: post.title,
          errors: errors.map((text) => (/[.!?…]$/.test(text) ? text : `${text}.`)).join(" "),
        }),
      });
    }
    return redirectWithToast(`/admin/posts/${post.id}/edit`, {
      type: "success",
      description: t("admin:posts.created", { title: post.title }),
    });
  } finally {
    await upload?.cleanup();
  }
}

export default function PostCreatePage({ actionData }: Route.ComponentProps) {
  const preview = previewIn(actionData);
  const { t } = useTranslation();
  const result = actionData?.result;
  const [form, fields] = useForm({
    id: formId,
    constraint,
    lastResult: result,
    defaultValue: { is_actual: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="page">
      <h1>{t("admin:posts.create")}</h1>
      <section className="card">
        <PostForm
          form={form}
          fields={fields}

          submitLabel={t("admin:posts.createSubmit")}
          withImages
          chosenImages={chosenImagesIn(actionData)}
        />
      </section>
      {preview ? <PostPreview {...preview} /> : null}
    </div>
  );
}
