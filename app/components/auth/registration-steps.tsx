/**
 * Registration's second and third steps: the code from the letter (with the
 * resend countdown) and the profile. Loaded with the page that shows them
 * (see app/forms/lazy-form.tsx), not on the first step.
 */
import { getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { CodeField } from "~/components/auth/code-field";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/fields";
import { DocumentLink } from "~/components/auth/documents-line";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { FormProps } from "~/forms/define";
import type { CodeStepSchema, ProfileStepSchema, ResetSchema } from "~/schemas/auth";
import { firstInvalidField, useClearPasswords, useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

/** What a code step gets from its page: registration's and the password reset's alike. */
export interface CodeStepProps<Schema extends typeof CodeStepSchema | typeof ResetSchema = typeof CodeStepSchema> extends FormProps<Schema> {
  email: string;
  /** Until the code may be sent again (the countdown). */
  secondsLeft: number;
  /** When that is (ms since epoch), told as a clock time without JavaScript. */
  resendAt: number;
  /** When the code was sent: a new one restarts the countdown. */
  sentAt: number;
  /** This code's tries are used up: only a new code helps (app/http/limits.server.ts). */
  codeUsedUp?: boolean;
}

export function CodeStep({ email, secondsLeft, resendAt, sentAt, codeUsedUp, ...props }: CodeStepProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props);
  const labels = { code: t("register.code") };
  return (
    <Form method="POST" className="form" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.codeLead", { email })}</p>
      <CodeField id={fields.code.id} name={fields.code.name} label={labels.code} errors={fields.code.errors} autoFocus />
      <FormErrors id={form.errorId} errors={codeStepErrors(form.errors, codeUsedUp, t)} />
      <div className="form__actions">
        <Button type="submit" name="intent" value="code" size="lg" pending={pending} data-submit-code>
          {t("register.next")}
          <Icon name="chevron-right" />
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

export function ProfileStep({ code, ...props }: FormProps<typeof ProfileStepSchema> & { code?: number }) {
  const { result } = props;
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props);
  // The code is hidden: the handler makes its errors the form's.
  const labels = { code: null, ...newPasswordLabels(t, t("register.password")), ...personLabels(t), consent: t("register.consent") };
  useClearPasswords(result, [fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["password", "password_confirmation", "first_name", "middle_name", "last_name", "phone", "consent"]);
  return (
    <Form method="POST" className="form" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.profileLead")}</p>
      <input type="hidden" name="code" value={code ?? ""} readOnly />
      <NewPasswordFields fields={fields} labels={labels} focus={focus} focusFirst />
      <PersonFields fields={fields} labels={labels} focus={focus} />
      {/* Required, and announced so, but not by the browser's bubble: without JavaScript the server says why, in the page's language. */}
      <CheckboxField
        labelProps={{ children: labels.consent }}
        inputProps={{ ...getInputProps(fields.consent, { type: "checkbox" }), required: false, "aria-required": true, autoFocus: focus === "consent" }}
        hint={<DocumentLink to="/documents/consent">{t("register.consentText")}</DocumentLink>}
        errors={fields.consent.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="profile" size="lg" pending={pending}>
        <Icon name="check" />
        {t("register.submit")}
      </Button>
    </Form>
  );
}

