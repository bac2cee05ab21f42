import type { FormMetadata } from "@conform-to/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useErrorTexts } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/use-translation";

/** Errors about the whole form (not one field), inside it, announced when they appear. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      <Icon name="circle-alert" />
      <span>{errors.join(" ")}</span>
    </div>
  );
}

/**
 * The error summary at the top of a form (the GOV.UK pattern), for the page
 * the server renders after a failed submission: a page read from its top,
 * without JavaScript to move the focus, lists what to correct, each item a
 * link to its field. Once the form is React's, errors stay beside the fields
 * only (conform moves the focus to the first of them) and the summary is not
 * rendered: the feedback rule in docs/decisions/012-forms.md.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
export function ErrorSummary({ form }: { form: FormMetadata<any, string[]> }) {
  const { t } = useTranslation();
  // False in the server's HTML and while hydrating it; true once the form is React's.
  const enhanced = useHydrated();
  const fieldset = form.getFieldset();
  // Errors by field name, in the schema's order; "" holds the form's own (shown inside it, not here).
  const invalid = Object.entries(form.allErrors)
    .filter(([name, errors]) => name !== "" && errors.length > 0)
    .map(([name, errors]) => ({ id: fieldset[name]!.id, errors }));
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
          <SummaryItem key={field.id} id={field.id} errors={field.errors} />
        ))}
      </ul>
    </div>
  );
}

function SummaryItem({ id, errors }: { id: string; errors: string[] }) {
  return (
    <li>
      <a href={`#${id}`}>{useErrorTexts(errors)?.join(" ")}</a>
    </li>
  );
}
