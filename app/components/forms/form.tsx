/**
 * The pieces a form's component renders besides its fields: what conform
 * leaves to the page (docs/decisions/030-forms-in-conforms-shape.md). The
 * feedback rule is docs/decisions/012-forms.md's: errors beside the fields,
 * a summary at the top when the server rendered the answer, the form's own
 * errors inside it, toasts only for success.
 */
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useContext, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormAction, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { HoneypotContext } from "~/components/forms/honeypot-context";
import { SaidTexts, useErrorTexts } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { readErrorText } from "~/utils/i18n/foreign-text";

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
 * A hidden field has none (`null`): replyRefused (app/server/forms/action.server.ts) says its errors in the form.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound
export type FieldLabels<Shape extends Record<string, any>> = {
  readonly [Name in keyof Shape]-?: string | null;
};

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

function SummaryItem({
  id,
  label,
  errors,
}: {
  id: string;
  label: string | null;
  errors: string[];
}) {
  const { t } = useTranslation();
  const message = <SaidTexts texts={useErrorTexts(errors) ?? []} />;
  const [before = "", after = ""] = label
    ? t("forms.errorSummaryItem", { label, message: messageSlot }).split(messageSlot)
    : [];
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

/**
 * The honeypot fields of remix-utils' server check (app/server/forms/honeypot.server.ts),
 * written as valid HTML: its own inputs say autocomplete="nope" (no such
 * token), put a <style> in the body and repeat one id in every form of a
 * page. Hidden from everyone but bots: display:none (the `honeypot` class)
 * and aria-hidden.
 */
export function HoneypotInputs({ label }: { label: string }) {
  const {
    nameFieldName = "name__confirm",
    validFromFieldName = "from__confirm",
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${id}-name`}>{label}</label>
      <input
        id={`${id}-name`}
        name={nameFieldName}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={`${id}-from`}>{label}</label>
          <input
            id={`${id}-from`}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * True while this route's form (or the one at `formAction`) is being
 * submitted, so its button can show a spinner. Without JavaScript the
 * browser's own progress indicator does this job.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
  intent,
}: {
  /** Only a submission with this `intent` value (pages with several forms). */
  intent?: string;
  formAction?: string;
  formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  state?: "submitting" | "loading" | "non-idle";
} = {}) {
  const contextual = useFormAction();
  const navigation = useNavigation();
  const isPendingState =
    state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextual) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/** The first field with an error, so a page rendered without JavaScript can autofocus it. */
export function firstInvalidField(
  result: SubmissionResult<string[]> | undefined | null,
  order: string[],
) {
  const errors = result?.error;
  if (!errors) return undefined;
  return order.find((name) => (errors[name]?.length ?? 0) > 0);
}

/**
 * After the server answered a form, passwords are not kept (the server
 * already leaves them out of its reply; with JavaScript the inputs still
 * hold what was typed, so clear them).
 */
export function useClearPasswords(result: unknown, ids: Array<string | undefined>) {
  useEffect(() => {
    if (!result) return;
    for (const id of ids) {
      const input = id ? (document.getElementById(id) as HTMLInputElement | null) : null;
      if (input) input.value = "";
    }
    // ids are stable for the life of a form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
