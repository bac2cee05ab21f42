/**
 * The portal's form pieces: what a form needs beyond conform
 * (https://conform.guide) and React Router's <Form>, the same in every form.
 * A form's component reads like conform's documentation:
 *
 * ```tsx
 * export async function loader() {
 *   return { constraint: getZodConstraint(LoginSchema) };  // the rules as HTML attributes
 * }
 * export async function action({ request, context }: Route.ActionArgs) {
 *   const formData = await readForm(request, context);
 *   const submission = parseWithZod(formData, { schema: LoginSchema });
 *   if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
 *   …
 * }
 * const [form, fields] = useForm<z.input<typeof LoginSchema>>({
 *   id: "login",
 *   constraint: loaderData.constraint,
 *   lastResult: actionData?.result,
 *   shouldValidate: "onSubmit",
 *   shouldRevalidate: "onInput",
 * });
 * const labels = { email: t("auth.email"), password: t("auth.password") };
 * <Form method="POST" className="form" {...getFormProps(form)}>
 *   <ErrorSummary form={form} labels={labels} />   // first: the page without JavaScript
 *   <HoneypotInputs />
 *   <Field
 *     labelProps={{ children: labels.email }}
 *     inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoFocus: !form.status }}
 *     errors={fields.email.errors}
 *   />
 *   <PasswordField … />                            // empties itself when the server answers
 *   <FormErrors id={form.errorId} errors={form.errors} />
 *   <Button type="submit" pending={useIsPending()}>…</Button>
 * </Form>
 * ```
 *
 * - Validation is the server's, as conform documents it ("Server Validation"):
 *   no `onValidate`, so zod and the schemas never reach the browser. Once a
 *   form was submitted, conform re-validates a field as it is typed by
 *   submitting the form with its `INTENT`; the action answers it as any
 *   submission (parseWithZod gives no "success" for an intent, so nothing is
 *   done) and React Router skips reloading the page's data after a 400. A
 *   route whose action switches on a button's `intent` answers a re-validation,
 *   which presses none, as the form's own button: by the step on the page
 *   (registration, reset), or by a hidden `intent` (two forms on one page).
 *   The post forms alone validate in the browser too (`onValidate`): the new
 *   post's form carries pictures, which a re-validation would send again.
 * - `labels`: the visible fields' labels, in the page's order, given to the
 *   fields and to ErrorSummary (the server renders it before the fields, so
 *   it cannot read them there). A field the form carries hidden has none.
 * - Focus: conform moves it to the first invalid field once the page is
 *   React's. On the page the server rendered after a failed submission every
 *   invalid field (app/components/ui/fields.tsx) carries `autofocus`, and the
 *   browser focuses the first; with none, the form's own message (FormErrors).
 *   A form's own first-field `autoFocus` is for a form not yet answered:
 *   `autoFocus: !form.status`. A pending button (app/components/ui/button.tsx)
 *   keeps the focus it has, so a refusal leaves the keyboard where it was.
 * - Errors are keys of the `errors` namespace (`errors:required`, from the
 *   schemas) or the backend's texts: the fields say both.
 * - Passwords: `PasswordField` empties itself when the route's action
 *   answers a submission, unless the answer refused other fields only or is a
 *   re-validation (`keepsPassword`, app/components/ui/fields.tsx).
 * - The action: `readForm`, conform's `parseWithZod` and `reply`, and
 *   `replyRefused` for a refusal (app/server/forms/action.server.ts); its
 *   Retry-After is written by the root (app/server/middleware/retry-after.server.ts).
 *   A form of several steps switches on its button's `intent`, one function
 *   per step (app/server/auth/registration-steps.server.ts).
 *
 * The feedback rule is docs/decisions/012-forms.md's: errors beside the
 * fields, a summary at the top when the server rendered the answer, the
 * form's own errors inside it, toasts only for success
 * (docs/decisions/047-forms-read-like-conforms-docs.md).
 */
import { INTENT } from "@conform-to/dom";
import type { FormMetadata } from "@conform-to/react";
import { useContext, useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormAction, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { HoneypotContext } from "~/components/forms/honeypot-context";
import { SaidTexts, useErrorTexts } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { readErrorText } from "~/utils/i18n/foreign-text";

/**
 * Errors about the whole form (not one field), inside it, announced when they appear.
 * On the page the server rendered after a refusal («Неверный адрес…») the message takes the
 * focus, so that it is what a screen reader says first: an invalid field, earlier in the page,
 * takes it instead (the first `autofocus` wins). Once the page is React's, the focus stays where
 * the resident is and the alert is announced.
 */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const hydrated = useHydrated();
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      className="form-error"
      role="alert"
      tabIndex={-1}
      autoFocus={!hydrated || undefined}
    >
      <Icon name="circle-alert" />
      <span>
        <SaidTexts texts={errors.map(readErrorText)} />
      </span>
    </div>
  );
}

/** The visible fields' labels, by the form's field names; a field the form carries hidden has none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound
export type FieldLabels<Shape extends Record<string, any>> = {
  readonly [Name in keyof Shape]?: string;
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
 * labels: the form passes the same `labels` its fields use, in the order they
 * appear (the summary's order). A field without one (carried hidden) is
 * listed last by its message alone; replyRefused says such a field's errors
 * in the form instead (its `hiddenFields`).
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
  const labelOf = labels as Partial<Record<string, string>>;
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
 * and aria-hidden; labelled «Оставьте это поле пустым» for a reader that
 * shows them anyway.
 */
export function HoneypotInputs() {
  const { t } = useTranslation();
  const label = t("forms.honeypot");
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
    // conform's re-validation while typing goes to the action too, and is no submission.
    !navigation.formData?.has(INTENT) &&
    navigation.formAction === (formAction ?? contextual) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
