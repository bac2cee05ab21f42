/**
 * A new password and its confirmation: the same pair in registration, the
 * password reset and the profile.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

import { PasswordField } from "~/components/ui/fields";

type PasswordFieldName = "password" | "password_confirmation";
type Fields = Record<PasswordFieldName, FieldMetadata<string, Record<string, unknown>, string[]>>;

/**
 * The pair's labels, for the form's `labels` (its fields and its error summary
 * read the same object): the first is the form's own («Пароль», «Новый пароль»).
 */
export function newPasswordLabels(
  t: (key: string) => string,
  password: string,
): Record<PasswordFieldName, string> {
  return { password, password_confirmation: t("register.passwordConfirmation") };
}

export function NewPasswordFields({
  fields,
  labels,
  autoFocus = false,
}: {
  fields: Fields;
  /** The form's labels (newPasswordLabels among them). */
  labels: Record<PasswordFieldName, string>;
  /** Focus the password (a form not yet answered whose first field it is). */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        labelProps={{ children: labels.password }}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
          autoFocus,
        }}
        hint={t("register.passwordHint")}
        errors={fields.password.errors}
      />
      <PasswordField
        labelProps={{ children: labels.password_confirmation }}
        inputProps={{
          ...getInputProps(fields.password_confirmation, { type: "password" }),
          autoComplete: "new-password",
        }}
        errors={fields.password_confirmation.errors}
      />
    </>
  );
}
