/**
 * The sign-in form: e-mail and password. Loaded on demand (see app/forms/lazy-form.tsx);
 * before that it is the server's plain form, which signs in just as well.
 */
import { getInputProps } from "@conform-to/react";
import { Form, useSearchParams } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { Button } from "~/components/ui/button";
import { Field, PasswordField, SaidTexts } from "~/components/ui/fields";
import { readErrorText } from "~/i18n/foreign-text";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { FormProps } from "~/forms/define";
import type { LoginSchema } from "~/schemas/auth";
import { ErrorSummary } from "~/forms/form-errors";
import { firstInvalidField, useClearPasswords, useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

export function LoginForm({ email = "", ...props }: FormProps<typeof LoginSchema> & { email?: string }) {
  const { result } = props;
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const isPending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props, { defaultValue: { email } });
  const labels = { email: t("auth.email"), password: t("auth.password"), redirectTo: null };
  useClearPasswords(result, [fields.password.id]);
  const focus = firstInvalidField(result, ["email", "password"]);
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <Form method="POST" className="form" {...formProps}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "username",
          placeholder: t("auth.emailPlaceholder"),
          autoFocus: focus === "email" || (!focus && !result && !email),
        }}
        errors={fields.email.errors}
      />
      <PasswordField
        labelProps={{ children: labels.password }}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
          autoFocus: focus === "password" || (!focus && !result && Boolean(email)),
        }}
        errors={fields.password.errors}
      />
      {form.errors?.length ? (
        <div id={form.errorId} className="form-error" role="alert">
          <Icon name="circle-alert" />
          <SaidTexts texts={form.errors.map(readErrorText)} />
        </div>
      ) : null}
      <Button type="submit" size="lg" pending={isPending}>
        <Icon name="log-in" />
        {t("auth.submit")}
      </Button>
    </Form>
  );
}
