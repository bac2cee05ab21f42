/**
 * The upload form. Without JavaScript: a multipart form with a multiple
 * file input. With JavaScript: previews of the chosen files and a progress
 * bar while XMLHttpRequest sends them.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { useIsPending } from "~/components/forms/form";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { notify } from "~/utils/toasts/notify";

const accept = "image/jpeg,image/png,image/webp,image/gif";

export function ImageUploadForm({
  postId,
  serverErrors,
}: {
  postId: number;
  serverErrors?: string[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const pending = useIsPending({ intent: "upload" });
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<Array<{ name: string; url: string }>>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[] | undefined>(serverErrors);

  // What it said about an earlier upload no longer holds at a new location (a save, a preview, any answer of the page).
  // The field is kept, with the files chosen in it: a preview of the text must not lose them.
  const { key: locationKey } = useLocation();
  useEffect(() => setErrors(serverErrors), [serverErrors, locationKey]);
  useEffect(
    () => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)),
    [previews],
  );

  const errorId = errors?.length ? "upload-images-error" : undefined;

  function onChange() {
    const files = [...(input.current?.files ?? [])];
    setPreviews(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })));
    setErrors(undefined);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const files = input.current?.files;
    if (!files?.length) {
      setErrors([t("admin.images.noFile")]);
      return;
    }
    const form = new FormData();
    for (const file of files) form.append("images", file);
    const request = new XMLHttpRequest();
    request.open("POST", `/admin/posts/${postId}/images`);
    request.responseType = "json";
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      const outcome = request.response as { uploaded?: number; errors?: string[] } | null;
      if (outcome?.uploaded)
        notify("success", t("admin.images.uploaded", { count: outcome.uploaded }));
      setErrors(
        outcome?.errors?.length
          ? outcome.errors
          : request.status >= 400 && !outcome
            ? [t("errors:generic")]
            : undefined,
      );
      setPreviews([]);
      if (input.current) input.current.value = "";
      void revalidator.revalidate();
    };
    request.onerror = () => {
      setProgress(null);
      setErrors([t("errors:unavailable")]);
    };
    setProgress(0);
    request.send(form);
  }

  return (
    <Form
      method="POST"
      encType="multipart/form-data"
      className="form upload-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="field">
        <label htmlFor="upload-images" className="field__label">
          {t("admin.images.uploadLabel")}
        </label>
        <input
          ref={input}
          id="upload-images"
          name="images"
          type="file"
          multiple
          accept={accept}
          className="input"
          onChange={onChange}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={["upload-images-hint", errorId].filter(Boolean).join(" ")}
        />
        <p id="upload-images-hint" className="field__hint">
          {t("admin.images.uploadHint")}
        </p>
        <ErrorList id={errorId} errors={errors} />
      </div>
      {previews.length > 0 ? (
        <ul className="previews" aria-label={t("admin.images.preview")}>
          {previews.map((preview) => (
            <li key={preview.url}>
              <img src={preview.url} alt={preview.name} width={120} height={80} />
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null ? (
        <div className="progress">
          <progress
            max={100}
            value={progress}
            aria-label={t("admin.images.progress", { percent: progress })}
          />
          <span>{t("admin.images.progress", { percent: progress })}</span>
        </div>
      ) : null}
      <Button type="submit" pending={pending || progress !== null}>
        <Icon name="image" />
        {t("admin.images.uploadSubmit")}
      </Button>
    </Form>
  );
}
