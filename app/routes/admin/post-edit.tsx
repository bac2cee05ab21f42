/**
 * Editing a post (PUT of the whole form) and managing its images: upload
 * several at once, replace one (PATCH), delete one. Everything works as
 * plain forms; JavaScript adds previews and upload progress.
 */
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";

import { ImageUploadForm } from "~/components/admin/image-upload";
import { PostForm, PostPreview, previewIn } from "~/components/admin/post-form";
import { ConfirmLink } from "~/components/confirm-link";
import { useIsPending } from "~/components/forms/form";
import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { rethrowNotFound } from "~/server/api/rethrow-not-found.server";
import { postHtml } from "~/server/format/post-text.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { replacePostImage, uploadPostImages } from "~/server/media/post-image-uploads.server";
import { parseImageUpload } from "~/server/media/uploads.server";
import { requireAdmin } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { routeTexts } from "~/utils/i18n/route-texts";
import { mediaPath } from "~/utils/media/media-path";
import { PostSchema } from "~/utils/schemas/admin";

import type { Route } from "./+types/post-edit";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeTexts("admin")];

const formId = "post-edit";
const constraint = getZodConstraint(PostSchema);

export const handle: RouteHandle = {
  i18n: "admin",
  crumbParams: (loaderData) => ({ title: (loaderData as { post: { title: string } }).post.title }),
};

function postIdOf(params: { postId: string }) {
  if (!/^\d{1,12}$/.test(params.postId)) throw data({ message: "not found" }, { status: 404 });
  return Number(params.postId);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const postId = postIdOf(params);
  const api = getApi(context);
  const [post, images] = await Promise.all([
    api.posts.get(postId).catch(rethrowNotFound),
    api.admin.images.list({ post: postId, page_size: 100 }).catch(rethrowNotFound),
  ]);
  return {
    post: { id: post.id, title: post.title, text: post.text, is_actual: post.is_actual },
    images: images.results.map((image) => ({ id: image.id, image: mediaPath(image.image) })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const postId = postIdOf(params);
  const api = getApi(context);
  const i18n = getI18n(context);
  const { t } = i18n;
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");

  if (multipart) {
    const url = new URL(request.url);
    if (url.searchParams.get("intent") === "replace") {
      const parsed = await parseImageUpload(request, "image", t);
      const imageId = Number(parsed.fields.get("imageId"));
      let errors: string[];
      try {
        errors = parsed.errors.length
          ? parsed.errors
          : Number.isInteger(imageId) && imageId > 0
            ? await replacePostImage(api, imageId, parsed.files, i18n)
            : [t("admin:images.noImage")];
      } finally {
        await parsed.cleanup();
      }
      if (errors.length)
        return data({ intent: "replace" as const, imageId, errors }, { status: 400 });
      return redirectWithToast(`/admin/posts/${postId}/edit`, {
        type: "success",
        description: t("admin:images.replaced"),
      });
    }
    const outcome = await uploadPostImages(api, postId, request, i18n);
    if (outcome.errors.length === 0) {
      return redirectWithToast(`/admin/posts/${postId}/edit`, {
        type: "success",
        description: t("admin:images.uploaded", { count: outcome.uploaded }),
      });
    }
    // Some files were refused: stay on the page and say which, beside the field, and how many
    // went in. Said by this page, not as a toast: a toast flashed with it would be read by the next.
    return data(
      {
        intent: "upload" as const,
        imageId: null,
        errors: outcome.errors,
        uploaded: outcome.uploaded,
      },
      { status: 400 },
    );
  }

  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: PostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (formData.get("intent") === "preview")
    return {
      result: submission.reply(),
      preview: { title: value.title, html: postHtml(value.text) },
    };
  let title: string;
  try {
    ({ title } = await api.admin.posts.update(postId, value).catch(rethrowNotFound));
  } catch (error) {
    return replyRefused(submission, error, context);
  }
  return redirectWithToast(`/admin/posts/${postId}/edit`, {
    type: "success",
    description: t("admin:posts.saved", { title }),
  });
}

function PostEditForm({
  post,
  actionData,
}: {
  post: { title: string; text: string; is_actual: boolean };
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: formId,
    constraint,
    lastResult: result,
    defaultValue: { ...post, is_actual: post.is_actual ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return <PostForm form={form} fields={fields} submitLabel={t("admin:posts.save")} />;
}

function ReplaceForm({
  postId,
  imageId,
  n,
  errors,
}: {
  postId: number;
  imageId: number;
  n: number;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ formAction: `/admin/posts/${postId}/edit?intent=replace` });
  const inputId = `replace-${imageId}`;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  return (
    <Form
      method="POST"
      action={`/admin/posts/${postId}/edit?intent=replace`}
      encType="multipart/form-data"
      className="replace-form"
    >
      <input type="hidden" name="imageId" value={imageId} />
      <label htmlFor={inputId} className="field__label small">
        {t("admin:images.replaceLabel", { n })}
      </label>
      <input
        id={inputId}
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="input"
        required
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      <ErrorList id={errorId} errors={errors} />
      <Button type="submit" size="sm" variant="mainSecondary" pending={pending}>
        {t("admin:images.replace")}
      </Button>
    </Form>
  );
}

export default function PostEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { post, images } = loaderData;
  // The images' answers (the post's own form picks its answer by its id).
  const imageReply = actionData && "intent" in actionData ? actionData : undefined;
  const preview = previewIn(actionData);
  return (
    <div className="page">
      <div className="page__head">
        <h1>{post.title}</h1>
        <Link to={`/posts/item/${post.id}`} className="btn btn--mainTertiary btn--sm">
          <Icon name="external-link" />
          {t("admin:posts.viewOnSite")}
        </Link>
      </div>
      <section className="card">
        <PostEditForm
          key={`${post.title}|${post.text.length}|${post.is_actual}`}
          post={post}
          actionData={actionData}
        />
      </section>
      {preview ? <PostPreview {...preview} /> : null}
      <section className="card images-card" aria-labelledby="post-images-title">
        <h2 id="post-images-title">{t("admin:images.section")}</h2>
        {images.length === 0 ? (
          <p className="muted">{t("admin:images.none")}</p>
        ) : (
          <ul className="image-admin-list">
            {images.map((image, index) => (
              <li key={image.id} className="image-admin">
                <img
                  src={image.image}
                  alt={t("admin:images.alt", { n: index + 1, title: post.title })}
                  width={240}
                  height={160}
                  loading="lazy"
                />
                <ReplaceForm
                  postId={post.id}
                  imageId={image.id}
                  n={index + 1}
                  errors={
                    imageReply && imageReply.intent === "replace" && imageReply.imageId === image.id
                      ? imageReply.errors
                      : undefined
                  }
                />
                <ConfirmLink
                  href={`/admin/images/${image.id}/delete?returnTo=${encodeURIComponent(`/admin/posts/${post.id}/edit`)}`}
                  label={t("admin:images.delete")}
                  ariaLabel={t("admin:images.deleteLabel", { n: index + 1 })}
                  title={t("admin:images.deleteTitle")}
                  text={<p>{t("admin:images.deleteText")}</p>}
                  confirmLabel={t("admin:posts.deleteConfirm")}
                />
              </li>
            ))}
          </ul>
        )}
        <h3>{t("admin:images.upload")}</h3>
        <ImageUploadForm
          postId={post.id}
          serverErrors={imageReply?.intent === "upload" ? imageReply.errors : undefined}
          serverUploaded={
            imageReply?.intent === "upload" && "uploaded" in imageReply
              ? imageReply.uploaded
              : undefined
          }
        />
      </section>
      <p>
        <Link to="/admin/posts" className="btn btn--mainSecondary btn--md">
          <Icon name="arrow-left" />
          {t("admin:posts.backToList")}
        </Link>
      </p>
    </div>
  );
}
