import { getFormProps, getInputProps, type FormMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { z } from "zod";

import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import type { UserEditSchema } from "~/utils/schemas/admin";

/** The user form's fields as conform reads them, for a new user and an edit alike (the schema tells whether the password is required). */
export type UserFormShape = z.input<typeof UserEditSchema>;

/**
 * The administrators' user form, for a new user and for an edit: the route
 * holds conform's `useForm` (its id, schema and defaults) and passes its
 * `form`, `fields` and last result here.
 *
 * The administrator's own account (`own`): the rights and the active flag are
 * shown checked and disabled, with why, and sent as they are (hidden inputs),
 * so that an administrator cannot lock themself out; the server checks it too.
 */
export function UserForm({
  form,
  fields,
  mode,
  own = false,
}: {
  form: FormMetadata<UserFormShape, string[]>;
  fields: ReturnType<FormMetadata<UserFormShape, string[]>["getFieldset"]>;
  mode: "create" | "edit";
  own?: boolean;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const labels = {
    email: t("admin:users.formEmail"),
    password: mode === "create" ? t("admin:users.formPassword") : t("admin:users.formPasswordEdit"),
    ...personLabels(t),
    is_admin: t("admin:users.formAdmin"),
    is_active: t("admin:users.formActive"),
  };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "off",
        }}
        errors={fields.email.errors}
      />
      <PasswordField
        labelProps={{ children: labels.password }}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
        }}
        hint={
          mode === "create" ? t("register.passwordHint") : t("admin:users.formPasswordEditHint")
        }
        errors={fields.password.errors}
      />
      <PersonFields fields={fields} labels={labels} autoComplete={false} />
      {own ? (
        <>
          <input type="hidden" name={fields.is_admin.name} value="on" />
          <input type="hidden" name={fields.is_active.name} value="on" />
        </>
      ) : null}
      <CheckboxField
        labelProps={{ children: labels.is_admin }}
        inputProps={ownFlag(getInputProps(fields.is_admin, { type: "checkbox" }), own)}
        hint={own && !fields.is_admin.errors?.length ? t("admin:users.ownAdmin") : undefined}
        errors={fields.is_admin.errors}
      />
      <CheckboxField
        labelProps={{ children: labels.is_active }}
        inputProps={ownFlag(getInputProps(fields.is_active, { type: "checkbox" }), own)}
        hint={own && !fields.is_active.errors?.length ? t("admin:users.ownActive") : undefined}
        errors={fields.is_active.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        <Icon name="check" />
        {mode === "create" ? t("admin:users.createSubmit") : t("admin:users.save")}
      </Button>
    </Form>
  );
}

/** On the administrator's own account a flag cannot be unset: checked, disabled, its value sent by a hidden input. */
function ownFlag<Props extends { name: string }>(props: Props, own: boolean) {
  return own ? { ...props, name: undefined, defaultChecked: true, disabled: true } : props;
}
