/**
 * Password reset's second step: the code from the letter, the new password
 * twice, and the resend countdown. Loaded with the page that shows it (see
 * app/forms/lazy-form.tsx), not on the first step.
 */
import { getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import { firstInvalidField, useClearPasswords, useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";
import type { CodeStepProps } from "./registration-steps";
import type { ResetSchema } from "~/schemas/auth";

export function ResetCodeStep({ email, secondsLeft, resendAt, sentAt, codeUsedUp, ...props }: CodeStepProps<typeof ResetSchema>) {
  const { result } = props;
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props);
  const labels = { code: t("register.code"), ...newPasswordLabels(t, t("reset.newPassword")) };
  useClearPasswords(result, [fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["code", "password", "password_confirmation"]);
  return (
    <Form method="POST" className="form" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("reset.codeLead", { email })}</p>
      <Field
        labelProps={{ children: labels.code }}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          inputMode: "numeric",
          pattern: "[0-9]{4}",
          maxLength: 4,
          autoComplete: "one-time-code",
          autoFocus: focus === "code" || !focus,
        }}
        errors={fields.code.errors}
      />
      <NewPasswordFields fields={fields} labels={labels} focus={focus} />
      <FormErrors id={form.errorId} errors={codeStepErrors(form.errors, codeUsedUp, t)} />
      <div className="form__actions">
        <Button type="submit" name="intent" value="reset" size="lg" pending={pending}>
          <Icon name="check" />
          {t("reset.submit")}
        </Button>
        <Button type="submit" name="intent" value="back" variant="mainSecondary" size="lg" formNoValidate>
          <Icon name="arrow-left" />
          {t("register.back")}
        </Button>
      </div>
      <ResendControl key={sentAt} secondsLeft={secondsLeft} resendAt={resendAt} />
    </Form>
  );
}

