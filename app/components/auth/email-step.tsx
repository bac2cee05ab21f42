/** The first step of registration and of password reset: one e-mail field that sends a code. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { EmailStepSchema } from "~/schemas/auth";
import { useIsPending } from "~/utils/pending";

export function EmailStep({
  id,
  email,
  result,
  lead,
  submit,
}: {
  id: string;
  email: string;
  result?: SubmissionResult<string[]>;
  lead: string;
  /** The button's content: label and icon. */
  submit: ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id,
    constraint: getZodConstraint(EmailStepSchema),
    lastResult: result,
    defaultValue: { email },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailStepSchema }),
  });
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{lead}</p>
      <Field
        labelProps={{ children: t("auth.email") }}
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
