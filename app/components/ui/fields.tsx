/**
 * Form fields that wire a label, an input and its errors together: the
 * error list has an id the input names in aria-describedby, and
 * aria-invalid is set whenever there is an error.
 */
import {
  Fragment,
  useId,
  useState,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";

import { readErrorText, SaidText, type ErrorText } from "~/utils/i18n/foreign-text";

import { Icon } from "./icon";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * What a resident reads for a field's errors: schema errors are keys of the
 * `errors` namespace, the backend's texts are shown as they are, one marked
 * as another language (app/utils/i18n/foreign-text.ts) with its `lang`.
 */
export function useErrorTexts(errors: ListOfErrors): ErrorText[] | undefined {
  const { t } = useTranslation("errors");
  return errors
    ?.filter((error): error is string => Boolean(error))
    .map((error) =>
      /^[a-zA-Z]+$/.test(error)
        ? { text: t(error, { defaultValue: error }) }
        : readErrorText(error),
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

/**
 * Errors under a field. Schema errors are keys of the `errors` namespace;
 * the backend's texts are not keys and show as they are.
 */
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
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <input
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        {...inputProps}
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
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <textarea
        id={id}
        className="input textarea"
        aria-invalid={errorId ? true : undefined}
        {...textareaProps}
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
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        aria-invalid={errorId ? true : undefined}
        {...inputProps}
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
 * without it, a plain password input.
 */
export function PasswordField({ labelProps, inputProps, errors, hint, className }: FieldProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label" {...labelProps} />
      <div className="input-group">
        <input
          id={id}
          className="input"
          aria-invalid={errorId ? true : undefined}
          {...inputProps}
          type={visible ? "text" : "password"}
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
