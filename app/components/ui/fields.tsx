/**
 * Form fields that wire a label, an input and its errors together: the
 * error list has an id the input names in aria-describedby, and
 * aria-invalid is set whenever there is an error. On the page the server
 * rendered after a failed submission an invalid field also takes the focus
 * (useInvalidFocus); a password field empties itself when the server answers (keepsPassword).
 * How a form uses them: app/components/forms/form.tsx.
 */
import type { SubmissionResult } from "@conform-to/react";
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { readErrorText, SaidText, type ErrorText } from "~/utils/i18n/foreign-text";

import { Icon } from "./icon";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** The namespace of the schemas' messages (app/utils/schemas): `errors:required` is a key. */
const errorKey = /^errors:/;

/**
 * What a resident reads for a field's errors: the schemas' messages are keys
 * of the `errors` namespace (`errors:required`), translated here; anything
 * else is the backend's own text, shown as it is, one marked as another
 * language (app/utils/i18n/foreign-text.ts) with its `lang`.
 */
export function useErrorTexts(errors: ListOfErrors): ErrorText[] | undefined {
  const { t } = useTranslation();
  return errors
    ?.filter((error): error is string => Boolean(error))
    .map((error) =>
      errorKey.test(error) ? { text: t(error, { defaultValue: error }) } : readErrorText(error),
    );
}

/** Texts said in a row (a form's own errors), each as `SaidText`. */
export function SaidTexts({ texts }: { texts: ErrorText[] }) {
  return texts.map((text, index) => (
    <Fragment key={index}>
      {index > 0 ? " " : null}
      <SaidText {...text} />
    </Fragment>
  ));
}

/** Errors under a field, as useErrorTexts says them. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = useErrorTexts(errors);
  if (!list?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {list.map((error) => (
        <li key={error.text} className="field__error">
          <Icon name="circle-alert" size="sm" />
          <SaidText {...error} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The field's `autoFocus`: the form's own (`autoFocus: !form.status`, a form
 * not yet answered), or, on the page the server rendered, its errors. Every
 * invalid field then carries the attribute and the browser focuses the first
 * of them, as it does with HTML's autofocus. Once the page is React's, conform
 * moves the focus after a submission, and the attribute is not rendered.
 */
export function useInvalidFocus(errorId: string | undefined, autoFocus: boolean | undefined) {
  const hydrated = useHydrated();
  return autoFocus || (Boolean(errorId) && !hydrated) || undefined;
}

/**
 * Whether the action's answer leaves the password field `name` as it was typed. The server never
 * sends a password back, so the field empties itself when a submission is answered, except when
 * the answer refused other fields only (the password was not judged), or is conform's
 * re-validation while typing (a result with its `intent`). Every action answers `{ result }`.
 */
export function keepsPassword(answer: unknown, name: string | undefined) {
  const result = (answer as { result?: SubmissionResult<string[]> } | null)?.result;
  if (!result) return false;
  if (result.intent) return true;
  const refused = Object.entries(result.error ?? {}).filter(([, errors]) => errors?.length);
  return refused.length > 0 && refused.every(([field]) => field !== "" && field !== name);
}

interface FieldProps {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}

function describedBy(...ids: Array<string | undefined | false>) {
  const value = ids.filter(Boolean).join(" ");
  return value || undefined;
}

export function Field({ labelProps, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useInvalidFocus(errorId, inputProps.autoFocus);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <input
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        {...inputProps}
        autoFocus={autoFocus}
        aria-describedby={describedBy(hintId, errorId)}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface TextareaFieldProps extends Omit<FieldProps, "inputProps"> {
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  hint,
  className,
}: TextareaFieldProps) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useInvalidFocus(errorId, textareaProps.autoFocus);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <textarea
        id={id}
        className="input textarea"
        aria-invalid={errorId ? true : undefined}
        {...textareaProps}
        autoFocus={autoFocus}
        aria-describedby={describedBy(hintId, errorId)}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface CheckboxFieldProps {
  labelProps: LabelHTMLAttributes<HTMLLabelElement> & { children: ReactNode };
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
}

export function CheckboxField({ labelProps, inputProps, errors, hint }: CheckboxFieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useInvalidFocus(errorId, inputProps.autoFocus);
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        aria-invalid={errorId ? true : undefined}
        {...inputProps}
        autoFocus={autoFocus}
        aria-describedby={describedBy(hintId, errorId)}
      />
      <label htmlFor={id} className="field__label" {...labelProps} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A password field. With JavaScript a button shows or hides what was typed;
 * without it, a plain password input. It empties itself when the server
 * answers its page's form (the server never sends a password back: without
 * JavaScript the new page's field is empty already), unless the answer
 * refused other fields only (keepsPassword).
 */
export function PasswordField({ labelProps, inputProps, errors, hint, className }: FieldProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useInvalidFocus(errorId, inputProps.autoFocus);
  const input = useRef<HTMLInputElement>(null);
  const answer = useActionData();
  useEffect(() => {
    if (answer && !keepsPassword(answer, inputProps.name) && input.current)
      input.current.value = "";
    // Once per answer: each answer is a new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <div className="input-group">
        <input
          ref={input}
          id={id}
          className="input"
          aria-invalid={errorId ? true : undefined}
          {...inputProps}
          type={visible ? "text" : "password"}
          autoFocus={autoFocus}
          aria-describedby={describedBy(hintId, errorId)}
        />
        {hydrated ? (
          <button
            type="button"
            className="input-group__button"
            aria-controls={id}
            aria-pressed={visible}
            aria-label={visible ? t("forms.hidePassword") : t("forms.showPassword")}
            onClick={() => setVisible((value) => !value)}
          >
            <Icon name={visible ? "eye-off" : "eye"} />
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
