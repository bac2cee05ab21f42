import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, TextareaField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import type { FormProps } from "~/forms/define";
import type { PostSchema } from "~/schemas/admin";
import { firstInvalidField, useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

export function PostForm({
  defaultValue,
  submitLabel,
  ...props
}: FormProps<typeof PostSchema> & {
  defaultValue?: { title: string; text: string; is_actual: boolean };
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "save" });
  const [form, fields, formProps] = useDefinedForm(props, {
    defaultValue: defaultValue ? { ...defaultValue, is_actual: defaultValue.is_actual ? "on" : undefined } : { is_actual: "on" },
  });
  const focus = firstInvalidField(props.result, ["title", "text"]);
  const labels = { title: t("admin.posts.formTitle"), text: t("admin.posts.formText"), is_actual: t("admin.posts.formActual") };
  return (
    <Form method="POST" className="form form--wide" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <Field
        labelProps={{ children: labels.title }}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoFocus: focus === "title" }}
        errors={fields.title.errors}
      />
      <TextareaField
        labelProps={{ children: labels.text }}
        textareaProps={{ ...getTextareaProps(fields.text), rows: 12, autoFocus: focus === "text" }}
        hint={t("admin.posts.formTextHint")}
        errors={fields.text.errors}
      />
      <CheckboxField
        labelProps={{ children: labels.is_actual }}
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
