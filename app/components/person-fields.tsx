/**
 * Last, first and middle name and phone: the same four fields in
 * registration, the profile and the administrators' user form.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { PhoneField } from "~/components/auth/phone-input";
import { Field } from "~/components/ui/fields";

type PersonFieldName = "last_name" | "first_name" | "middle_name" | "phone";
type Fields = Record<PersonFieldName, FieldMetadata<string | undefined, Record<string, unknown>, string[]>>;

export function PersonFields({
  fields,
  focus,
  autoComplete = true,
}: {
  fields: Fields;
  /** The field to focus (the first invalid one after a server reply). */
  focus?: string;
  /** Off for administrators typing someone else's data. */
  autoComplete?: boolean;
}) {
  const { t } = useTranslation();
  const names: Array<[Exclude<PersonFieldName, "phone">, string, string]> = [
    ["last_name", t("register.lastName"), "family-name"],
    ["first_name", t("register.firstName"), "given-name"],
    ["middle_name", t("register.middleName"), "additional-name"],
  ];
  return (
    <>
      {names.map(([name, label, hint]) => (
        <Field
          key={name}
          labelProps={{ children: label }}
          inputProps={{
            ...getInputProps(fields[name], { type: "text" }),
            autoComplete: autoComplete ? hint : "off",
            autoFocus: focus === name,
          }}
          errors={fields[name].errors}
        />
      ))}
      <PhoneField
        label={t("register.phone")}
        inputProps={{
          ...getInputProps(fields.phone, { type: "tel" }),
          placeholder: t("register.phonePlaceholder"),
          autoFocus: focus === "phone",
        }}
        errors={fields.phone.errors}
      />
    </>
  );
}
