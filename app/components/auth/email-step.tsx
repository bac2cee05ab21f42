/** The first step of registration and of password reset: one e-mail field that sends a code. */
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import type { FormProps } from "~/forms/define";
import type { EmailStepSchema } from "~/schemas/auth";
import { useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

export function EmailStep({
  email,
  lead,
  submit,
  ...props
}: FormProps<typeof EmailStepSchema> & {
  email: string;
  lead: string;
  /** The button's content: label and icon. */
  submit: ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props, { defaultValue: { email } });
  const labels = { email: t("auth.email") };
  return (
    <Form method="POST" className="form" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{lead}</p>
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          autoFocus: true,
          placeholder: t("auth.emailPlaceholder"),
        }}
        errors={fields.email.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="email" size="lg" pending={pending}>
        {submit}
      </Button>
    </Form>
  );
}
