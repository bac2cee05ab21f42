/**
 * The profile's two forms: names and phone (update_me), and the password
 * (update_password). Loaded on demand (see app/forms/lazy-form.tsx); until then they are
 * the server's plain forms, which work just as well.
 */
import { getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { loader as profileLoader } from "~/routes/profile/layout";
import type { FormProps } from "~/forms/define";
import type { PasswordSchema, ProfileSchema } from "~/schemas/profile";
import { firstInvalidField, useClearPasswords, useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

type Me = Awaited<ReturnType<typeof profileLoader>>["me"];

export function ProfileForm({ me, ...props }: FormProps<typeof ProfileSchema> & { me: Me }) {
  const { result } = props;
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "profile" });
  const [form, fields, formProps] = useDefinedForm(props, {
    defaultValue: { first_name: me.first_name, middle_name: me.middle_name, last_name: me.last_name, phone: me.phone ?? "" },
  });
  const focus = firstInvalidField(result, ["last_name", "first_name", "middle_name", "phone"]);
  const labels = personLabels(t);
  return (
    <Form method="POST" className="form" {...formProps} aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">{t("profile.edit")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <PersonFields fields={fields} labels={labels} focus={focus} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="profile" pending={pending}>
        <Icon name="check" />
        {t("profile.save")}
      </Button>
    </Form>
  );
}

export function PasswordForm(props: FormProps<typeof PasswordSchema>) {
  const { result } = props;
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "password" });
  const [form, fields, formProps] = useDefinedForm(props);
  useClearPasswords(result, [fields.old_password.id, fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["old_password", "password", "password_confirmation"]);
  const labels = { old_password: t("profile.oldPassword"), ...newPasswordLabels(t, t("profile.newPassword")) };
  return (
    <Form method="POST" className="form" {...formProps} aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{t("profile.passwordTitle")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <PasswordField
        labelProps={{ children: labels.old_password }}
        inputProps={{ ...getInputProps(fields.old_password, { type: "password" }), autoComplete: "current-password", autoFocus: focus === "old_password" }}
        errors={fields.old_password.errors}
      />
      <NewPasswordFields fields={fields} labels={labels} focus={focus} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="password" variant="mainSecondary" pending={pending}>
        <Icon name="shield-check" />
        {t("profile.changePassword")}
      </Button>
    </Form>
  );
}

