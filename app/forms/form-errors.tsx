import type { FormMetadata } from "@conform-to/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SaidTexts, useErrorTexts } from "~/components/ui/fields";
import { readErrorText } from "~/i18n/foreign-text";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "react-i18next";

/** Errors about the whole form (not one field), inside it, announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      <Icon name="circle-alert" />
      <span>
        <SaidTexts texts={errors.map(readErrorText)} />
      </span>
    </div>
  );
}

/**
 * Each field's visible label, by the form's field names, declared once in the
 * form's component: its fields show them and its error summary names them.
 * A hidden field has none (`null`): the handler makes its errors the form's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound
export type FieldLabels<Shape extends Record<string, any>> = { readonly [Name in keyof Shape]-?: string | null };

/**
 * The error summary at the top of a form (the GOV.UK pattern), for the page
 * the server renders after a failed submission: a page read from its top,
 * without JavaScript to move the focus, lists what to correct, each item a
 * link to its field that names it by its label («Пароль: Обязательное поле»).
 * Once the form is React's, errors stay beside the fields only (conform moves
 * the focus to the first of them) and the summary is not rendered: the
 * feedback rule in docs/decisions/012-forms.md.
 *
 * The server renders the summary before the fields, so it cannot read their
 * labels: the component passes the same `labels` object its fields use, in
 * the order they appear (the summary's order), and a field without a label is
 * a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
export function ErrorSummary<Shape extends Record<string, any>>({
  form,
  labels,
}: {
  form: FormMetadata<Shape, string[]>;
  labels: NoInfer<FieldLabels<Shape>>;
}) {
  const { t } = useTranslation();
  // False in the server's HTML and while hydrating it; true once the form is React's.
  const enhanced = useHydrated();
  const fieldset = form.getFieldset();
  const labelOf = labels as Partial<Record<string, string | null>>;
  // In the page's order, which is the labels' (a field not among them last).
  const order = Object.keys(labels);
  const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  // Errors by field name; "" holds the form's own (shown inside it, not here).
  const invalid = Object.entries(form.allErrors)
    .filter(([name, errors]) => name !== "" && errors.length > 0)
    .sort(([a], [b]) => place(a) - place(b))
    .map(([name, errors]) => ({ id: fieldset[name]!.id, label: labelOf[name] ?? null, errors }));
  if (enhanced || invalid.length === 0) return null;
  const titleId = `${form.id}-error-summary`;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="error-summary__title">
        <Icon name="circle-alert" />
        {t("forms.errorSummaryTitle")}
      </h2>
      <ul className="error-summary__list">
        {invalid.map((field) => (
          <SummaryItem key={field.id} {...field} />
        ))}
      </ul>
    </div>
  );
}

/** Where the message goes in the item's wording, whatever the language's order. */
const messageSlot = "\u0000";

function SummaryItem({ id, label, errors }: { id: string; label: string | null; errors: string[] }) {
  const { t } = useTranslation();
  const message = <SaidTexts texts={useErrorTexts(errors) ?? []} />;
  const [before = "", after = ""] = label ? t("forms.errorSummaryItem", { label, message: messageSlot }).split(messageSlot) : [];
  return (
    <li>
      <a href={`#${id}`}>
        {before}
        {message}
        {after}
      </a>
    </li>
  );
}
