import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FormMetadata,
} from "@conform-to/react";
import { useId, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { z } from "zod";

import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import type { PostSchema } from "~/utils/schemas/admin";

type PostShape = z.input<typeof PostSchema>;

interface Preview {
  title: string;
  html: string;
}

/** The preview in a post route's action data, when the administrator asked for one. */
export function previewIn(actionData: unknown): Preview | undefined {
  const reply = actionData as { preview?: Preview } | null | undefined;
  return reply?.preview;
}

/** The pictures a new post's form came with, when the action answers with the form again. */
export interface ChosenImages {
  /** Accepted files, by name: to be chosen again where the browser emptied the field. */
  names: string[];
  /** Files refused, and why. */
  errors: string[];
}

export function chosenImagesIn(actionData: unknown): ChosenImages | undefined {
  return (actionData as { chosenImages?: ChosenImages } | null | undefined)?.chosenImages;
}

/**
 * The new post's pictures. A page answered with the form again (a refusal, a
 * preview) comes without JavaScript with the field empty, as no browser
 * refills a file field: the hint names the files to choose again. With
 * JavaScript the field kept them, and the hint says nothing of it.
 */
function ImagesField({ chosen }: { chosen?: ChosenImages }) {
  const { t } = useTranslation();
  const id = useId();
  const [kept, setKept] = useState(false);
  // Before paint: a field that kept its files never flashes the request to choose them again.
  useLayoutEffect(
    () => setKept(Boolean((document.getElementById(id) as HTMLInputElement | null)?.files?.length)),
    [id, chosen],
  );
  const names = !kept && chosen?.names.length ? chosen.names.join(", ") : undefined;
  return (
    <Field
      labelProps={{ children: t("admin:posts.formImages") }}
      inputProps={{
        id,
        name: "images",
        type: "file",
        multiple: true,
        accept: "image/jpeg,image/png,image/webp,image/gif",
        onChange: () => setKept(true),
      }}
      hint={
        <>
          {t("admin:images.uploadHint")}
          {names ? (
            <>
              <br />
              <strong>{t("admin:posts.chooseAgain", { names })}</strong>
            </>
          ) : null}
        </>
      }
      errors={chosen?.errors}
    />
  );
}

/** The action's rendering of the typed post (post-text.server.ts), shown under the form. */
export function PostPreview({ title, html }: Preview) {
  const { t } = useTranslation();
  return (
    <section className="card post-preview" aria-labelledby="post-preview-title">
      <h2 id="post-preview-title">{t("admin:posts.preview")}</h2>
      <article className="post">
        <p className="post-preview__title">{title}</p>
        <div className="post__text" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </section>
  );
}

/**
 * A post's form, for a new post and for an edit: the route holds conform's
 * `useForm` (its id, schema and defaults) and passes its `form`, `fields`
 * and last result here.
 */
export function PostForm({
  form,
  fields,
  submitLabel,
  withImages = false,
  chosenImages,
}: {
  form: FormMetadata<PostShape, string[]>;
  fields: ReturnType<FormMetadata<PostShape, string[]>["getFieldset"]>;
  submitLabel: string;
  /** A new post takes its pictures in the same form (the edit page has its own upload form). */
  withImages?: boolean;
  /** The pictures the answered form came with (the new post's form). */
  chosenImages?: ChosenImages;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "save" });
  const previewPending = useIsPending({ intent: "preview" });
  const labels = {
    title: t("admin:posts.formTitle"),
    text: t("admin:posts.formText"),
    is_actual: t("admin:posts.formActual"),
  };
  return (
    <Form
      method="POST"
      className="form form--wide"
      encType={withImages ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
    >
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <Field
        labelProps={{ children: labels.title }}
        inputProps={{
          ...getInputProps(fields.title, { type: "text" }),
        }}
        errors={fields.title.errors}
      />
      <TextareaField
        labelProps={{ children: labels.text }}
        textareaProps={{ ...getTextareaProps(fields.text), rows: 12 }}
        hint={t("admin:posts.formTextHint")}
        errors={fields.text.errors}
      />
      {withImages ? <ImagesField chosen={chosenImages} /> : null}
      <CheckboxField
        labelProps={{ children: labels.is_actual }}
        inputProps={getInputProps(fields.is_actual, { type: "checkbox" })}
        errors={fields.is_actual.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="form__actions">
        <Button type="submit" name="intent" value="save" pending={pending}>
          <Icon name="check" />
          {submitLabel}
        </Button>
        {/* Validated like a save: the preview shows the post as residents will see it, title and text. */}
        <Button
          type="submit"
          name="intent"
          value="preview"
          variant="mainSecondary"
          pending={previewPending}
        >
          <Icon name="eye" />
          {t("admin:posts.preview")}
        </Button>
      </div>
    </Form>
  );
}
