import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { HoneypotInputs } from "~/components/honeypot";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { firstInvalidField, useClearPasswords, useValidation, type Constraints } from "~/utils/forms";
import { useIsPending } from "~/utils/pending";
import { PersonFields } from "~/components/person-fields";

export interface UserFormValues {
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string | null;
  is_admin: boolean;
  is_active: boolean;
}

export function UserForm({
  mode,
  constraint,
  result,
  defaultValue,
}: {
  mode: "create" | "edit";
  constraint: Constraints;
  result?: SubmissionResult<string[]>;
  defaultValue?: UserFormValues;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const validation = useValidation(() => import("~/schemas/admin").then((m) => (mode === "create" ? m.UserCreateSchema : m.UserEditSchema)));
  const [form, fields] = useForm({
    id: `user-${mode}`,
    constraint,
    lastResult: result,
    defaultValue: defaultValue
      ? {
          ...defaultValue,
          phone: defaultValue.phone ?? "",
          is_admin: defaultValue.is_admin ? "on" : undefined,
          is_active: defaultValue.is_active ? "on" : undefined,
        }
      : { is_active: "on" },
    ...validation.options,
  });
  useClearPasswords(result, [fields.password.id]);
  const focus = firstInvalidField(result, ["email", "password", "last_name", "first_name", "middle_name", "phone"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <Field
        labelProps={{ children: t("admin.users.formEmail") }}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off", autoFocus: focus === "email" }}
        errors={fields.email.errors}
      />
      <PasswordField
        labelProps={{ children: mode === "create" ? t("admin.users.formPassword") : t("admin.users.formPasswordEdit") }}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: focus === "password" }}
        hint={mode === "create" ? t("register.passwordHint") : t("admin.users.formPasswordEditHint")}
        errors={fields.password.errors}
      />
      <PersonFields fields={fields} focus={focus} autoComplete={false} />
      <CheckboxField labelProps={{ children: t("admin.users.formAdmin") }} inputProps={getInputProps(fields.is_admin, { type: "checkbox" })} errors={fields.is_admin.errors} />
      <CheckboxField labelProps={{ children: t("admin.users.formActive") }} inputProps={getInputProps(fields.is_active, { type: "checkbox" })} errors={fields.is_active.errors} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        <Icon name="check" />
        {mode === "create" ? t("admin.users.createSubmit") : t("admin.users.save")}
      </Button>
    </Form>
  );
}
