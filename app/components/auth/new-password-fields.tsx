/**
 * A new password and its confirmation: the same pair in registration, the
 * password reset and the profile.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/ui/fields";
import { useTranslation } from "~/i18n/use-translation";

type Fields = Record<"password" | "password_confirmation", FieldMetadata<string, Record<string, unknown>, string[]>>;

export function NewPasswordFields({
  fields,
  focus,
  label,
  focusFirst = false,
}: {
  fields: Fields;
  /** The field to focus (the first invalid one after a server reply). */
  focus?: string;
  /** The first field's label («Пароль», «Новый пароль»). */
  label: string;
  /** Focus the password when nothing else is to be focused. */
  focusFirst?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        labelProps={{ children: label }}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
          autoFocus: focus === "password" || (focusFirst && !focus),
        }}
        hint={t("register.passwordHint")}
        errors={fields.password.errors}
      />
      <PasswordField
        labelProps={{ children: t("register.passwordConfirmation") }}
        inputProps={{
          ...getInputProps(fields.password_confirmation, { type: "password" }),
          autoComplete: "new-password",
          autoFocus: focus === "password_confirmation",
        }}
        errors={fields.password_confirmation.errors}
      />
    </>
  );
}
