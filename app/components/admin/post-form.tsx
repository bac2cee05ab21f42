import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { HoneypotInputs } from "~/components/honeypot";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { firstInvalidField, useValidation, type Constraints } from "~/utils/forms";
import { useIsPending } from "~/utils/pending";

export function PostForm({
  id,
  constraint,
  result,
  defaultValue,
  submitLabel,
}: {
  id: string;
  constraint: Constraints;
  result?: SubmissionResult<string[]>;
  defaultValue?: { title: string; text: string; is_actual: boolean };
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "save" });
  const validation = useValidation(() => import("~/schemas/admin").then((m) => m.PostSchema));
  const [form, fields] = useForm({
    id,
    constraint,
    lastResult: result,
    defaultValue: defaultValue ? { ...defaultValue, is_actual: defaultValue.is_actual ? "on" : undefined } : { is_actual: "on" },
    ...validation.options,
  });
  const focus = firstInvalidField(result, ["title", "text"]);
  return (
    <Form method="POST" className="form form--wide" {...getFormProps(form)} {...validation.triggers}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <Field
        labelProps={{ children: t("admin.posts.formTitle") }}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: focus === "title" }}
        errors={fields.title.errors}
      />
      <TextareaField
        labelProps={{ children: t("admin.posts.formText") }}
        textareaProps={{ ...getTextareaProps(fields.text), rows: 12, autoFocus: focus === "text" }}
        hint={t("admin.posts.formTextHint")}
        errors={fields.text.errors}
      />
      <CheckboxField
        labelProps={{ children: t("admin.posts.formActual") }}
        inputProps={getInputProps(fields.is_actual, { type: "checkbox" })}
        errors={fields.is_actual.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="save" pending={pending}>
        <Icon name="check" />
        {submitLabel}
      </Button>
    </Form>
  );
}
