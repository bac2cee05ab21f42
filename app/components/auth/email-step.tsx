/** The first step of registration and of password reset: one e-mail field that sends a code. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { HoneypotInputs } from "~/components/honeypot";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { useValidation, type Constraints } from "~/utils/forms";
import { useIsPending } from "~/utils/pending";

export function EmailStep({
  id,
  email,
  result,
  constraint,
  lead,
  submit,
}: {
  id: string;
  constraint: Constraints;
  email: string;
  result?: SubmissionResult<string[]>;
  lead: string;
  /** The button's content: label and icon. */
  submit: ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const validation = useValidation(() => import("~/schemas/auth").then((m) => m.EmailStepSchema));
  const [form, fields] = useForm({
    id,
    constraint,
    lastResult: result,
    defaultValue: { email },
    ...validation.options,
  });
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers}>
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
