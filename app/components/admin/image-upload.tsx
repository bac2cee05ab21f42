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

type UploadOutcome = { uploaded?: number; errors?: string[] } | null;

/** Sends the files with XMLHttpRequest, whose upload reports its progress (fetch's does not). */
function sendImages(
  postId: number,
  files: FileList,
  on: {
    progress: (percent: number) => void;
    done: (outcome: UploadOutcome, status: number) => void;
    failed: () => void;
  },
) {
  const form = new FormData();
  for (const file of files) form.append("images", file);
  const request = new XMLHttpRequest();
  request.open("POST", `/admin/posts/${postId}/images`);
  request.responseType = "json";
  request.upload.onprogress = (event) => {
    if (event.lengthComputable) on.progress(Math.round((event.loaded / event.total) * 100));
  };
  request.onload = () => on.done(request.response as UploadOutcome, request.status);
  request.onerror = on.failed;
  request.send(form);
}

/** What the answer says is wrong: its own errors, or the generic text for a failure without any. */
function outcomeErrors(outcome: UploadOutcome, status: number, t: (key: string) => string) {
  if (outcome?.errors?.length) return outcome.errors;
  return status >= 400 && !outcome ? [t("errors:generic")] : undefined;
}

export function ImageUploadForm({
  postId,
  serverErrors,
  serverUploaded,
}: {
  postId: number;
  serverErrors?: string[];
  /** How many files of a partly refused upload went in, as the page's answer says it (without JavaScript). */
  serverUploaded?: number;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const pending = useIsPending({ intent: "upload" });
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<Preview[]>([]);
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

  function onChange() {
    const files = [...(input.current?.files ?? [])];
    setPreviews(files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })));
    setErrors(undefined);
  }

  function onDone(outcome: UploadOutcome, status: number) {
    setProgress(null);
    if (outcome?.uploaded)
      notify("success", t("admin:images.uploaded", { count: outcome.uploaded }));
    setErrors(outcomeErrors(outcome, status, t));
    setPreviews([]);
    if (input.current) input.current.value = "";
    void revalidator.revalidate();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const files = input.current?.files;
    if (!files?.length) return setErrors([t("admin:images.noFile")]);
    setProgress(0);
    sendImages(postId, files, {
      progress: setProgress,
      done: onDone,
      failed: () => {
        setProgress(null);
        setErrors([t("errors:unavailable")]);
      },
    });
  }

  return (
    <Form
      method="POST"
      encType="multipart/form-data"
      className="form upload-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="upload" />
      {errors === serverErrors ? <UploadedNotice count={serverUploaded} /> : null}
      <ImageFileField input={input} errors={errors} onChange={onChange} />
      <UploadPreviews previews={previews} />
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      <Button type="submit" pending={pending || progress !== null}>
        <Icon name="image" />
        {t("admin:images.uploadSubmit")}
      </Button>
    </Form>
  );
}

type Preview = { name: string; url: string };

/** What went in of a partly refused upload, said beside what was refused. */
function UploadedNotice({ count }: { count?: number }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <p className="notice" role="status">
      <Icon name="circle-check" />
      {t("admin:images.uploaded", { count })}
    </p>
  );
}

function ImageFileField({
  input,
  errors,
  onChange,
}: {
  input: React.RefObject<HTMLInputElement | null>;
  errors?: string[];
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const errorId = errors?.length ? "upload-images-error" : undefined;
  return (
    <div className="field">
      <label htmlFor="upload-images" className="field__label">
        {t("admin:images.uploadLabel")}
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
        {t("admin:images.uploadHint")}
      </p>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function UploadPreviews({ previews }: { previews: Preview[] }) {
  const { t } = useTranslation();
  if (previews.length === 0) return null;
  return (
    <ul className="previews" aria-label={t("admin:images.preview")}>
      {previews.map((preview) => (
        <li key={preview.url}>
          <img src={preview.url} alt={preview.name} width={120} height={80} />
        </li>
      ))}
    </ul>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={t("admin:images.progress", { percent })} />
      <span>{t("admin:images.progress", { percent })}</span>
    </div>
  );
}
