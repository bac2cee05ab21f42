/**
 * Attaching an account by its number and the holder's surname as on the bill.
 * Loaded on demand (see app/forms/lazy-form.tsx): the list above needs no form code.
 */
import { getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { ErrorSummary, FormErrors } from "~/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";
import type { FormProps } from "~/forms/define";
import type { AttachSchema } from "~/schemas/profile";
import { useDefinedForm } from "~/forms/hooks";
import { useIsPending } from "~/forms/pending";

export function AttachForm(props: FormProps<typeof AttachSchema>) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields, formProps] = useDefinedForm(props);
  const labels = { id: t("accounts.attachNumber"), customer: t("accounts.attachSurname") };
  return (
    <Form method="POST" className="form" {...formProps} aria-labelledby="attach-title">
      <h2 id="attach-title">{t("accounts.attachTitle")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <p className="muted">{t("accounts.attachLead")}</p>
      <HoneypotInputs label={t("forms.honeypot")} />
      <Field
        labelProps={{ children: labels.id }}
        inputProps={{ ...getInputProps(fields.id, { type: "text" }), inputMode: "numeric", autoComplete: "off", autoFocus: Boolean(fields.id.errors) }}
        hint={t("accounts.attachNumberHint")}
        errors={fields.id.errors}
      />
      <Field
        labelProps={{ children: labels.customer }}
        inputProps={{ ...getInputProps(fields.customer, { type: "text" }), autoComplete: "family-name", autoFocus: !fields.id.errors && Boolean(fields.customer.errors) }}
        errors={fields.customer.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        <Icon name="plus" />
        {t("accounts.attach")}
      </Button>
    </Form>
  );
}

