/**
 * Last, first and middle name and phone: the same four fields in
 * registration, the profile and the administrators' user form.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

import { PhoneField } from "~/components/auth/phone-input";
import { Field } from "~/components/ui/fields";

type PersonFieldName = "last_name" | "first_name" | "middle_name" | "phone";
type Fields = Record<
  PersonFieldName,
  FieldMetadata<string | undefined, Record<string, unknown>, string[]>
>;

/** The four fields' labels, for the form's `labels` (its fields and its error summary read the same object). */
export function personLabels(t: (key: string) => string): Record<PersonFieldName, string> {
  return {
    last_name: t("register.lastName"),
    first_name: t("register.firstName"),
    middle_name: t("register.middleName"),
    phone: t("register.phone"),
  };
}

export function PersonFields({
  fields,
  labels,
  autoComplete = true,
}: {
  fields: Fields;
  /** The form's labels (personLabels among them). */
  labels: Record<PersonFieldName, string>;
  /** Off for administrators typing someone else's data. */
  autoComplete?: boolean;
}) {
  const { t } = useTranslation();
  const names: Array<[Exclude<PersonFieldName, "phone">, string]> = [
    ["last_name", "family-name"],
    ["first_name", "given-name"],
    ["middle_name", "additional-name"],
  ];
  return (
    <>
      {names.map(([name, hint]) => (
        <Field
          key={name}
          labelProps={{ children: labels[name] }}
          inputProps={{
            ...getInputProps(fields[name], { type: "text" }),
            autoComplete: autoComplete ? hint : "off",
          }}
          errors={fields[name].errors}
        />
      ))}
      <PhoneField
        label={labels.phone}
        inputProps={{
          ...getInputProps(fields.phone, { type: "tel" }),
          placeholder: t("register.phonePlaceholder"),
        }}
        errors={fields.phone.errors}
      />
    </>
  );
}
