/**
 * Registration's second and third steps: the code from the letter (with the
 * resend countdown) and the profile. Loaded with the page that shows them
 * (see deferred.tsx), not on the first step.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "~/components/honeypot";
import { CodeField } from "~/components/auth/code-field";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { FormErrors } from "~/components/form-errors";
import { PersonFields } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";
import { firstInvalidField, useClearPasswords, useValidation, type Constraints } from "~/utils/forms";
import { useIsPending } from "~/utils/pending";

/** What a code step gets from its page: registration's and the password reset's alike. */
export interface CodeStepProps {
  email: string;
  /** Until the code may be sent again (the countdown). */
  secondsLeft: number;
  /** When that is (ms since epoch), told as a clock time without JavaScript. */
  resendAt: number;
  /** When the code was sent: a new one restarts the countdown. */
  sentAt: number;
  /** This code's tries are used up: only a new code helps (app/utils/limits.server.ts). */
  codeUsedUp?: boolean;
  constraint: Constraints;
  result?: SubmissionResult<string[]>;
}

export function CodeStep({ email, secondsLeft, resendAt, sentAt, codeUsedUp, constraint, result }: CodeStepProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const validation = useValidation(() => import("~/schemas/auth").then((m) => m.CodeStepSchema));
  const [form, fields] = useForm({
    id: "register-code",
    constraint,
    lastResult: result,
    ...validation.options,
  });
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.codeLead", { email })}</p>
      <CodeField id={fields.code.id} name={fields.code.name} errors={fields.code.errors} autoFocus />
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

export function ProfileStep({
  code,
  constraint,
  result,
}: {
  code?: number;
  constraint: Constraints;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const validation = useValidation(() => import("~/schemas/auth").then((m) => m.ProfileStepSchema));
  const [form, fields] = useForm({
    id: "register-profile",
    constraint,
    lastResult: result,
    ...validation.options,
  });
  useClearPasswords(result, [fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["password", "password_confirmation", "first_name", "middle_name", "last_name", "phone"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.profileLead")}</p>
      <input type="hidden" name="code" value={code ?? ""} readOnly />
      <NewPasswordFields fields={fields} focus={focus} label={t("register.password")} focusFirst />
      <PersonFields fields={fields} focus={focus} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="profile" size="lg" pending={pending}>
        <Icon name="check" />
        {t("register.submit")}
      </Button>
    </Form>
  );
}

