/**
 * The 4-digit code. Once the page is React's: four slots (input-otp) that,
 * where the code is the whole step, submit the form when the fourth digit is
 * typed. Without JavaScript, and until the page hydrates: one numeric field
 * with autocomplete="one-time-code" and the form's button. The slots come
 * with the route's own code, so they are there as soon as the step is.
 */
import { useHydrated } from "remix-utils/use-hydrated";

import { Field, type ListOfErrors } from "~/components/ui/fields";

import { CodeSlots } from "./code-slots";

export function CodeField({
  id,
  name,
  label,
  errors,
  defaultValue,
  autoFocus,
  submitWhenComplete = true,
}: {
  id: string;
  name: string;
  /** The form's label for it (its error summary names the field by the same one). */
  label: string;
  errors?: ListOfErrors;
  /** What was typed, as the form's last answer gives it back (conform's `initialValue`). */
  defaultValue?: unknown;
  autoFocus?: boolean;
  /** Submit at the fourth digit: only where the code is all the step asks for. */
  submitWhenComplete?: boolean;
}) {
  const hydrated = useHydrated();
  const typed = typeof defaultValue === "string" ? defaultValue : undefined;
  if (!hydrated) {
    return (
      <Field
        labelProps={{ children: label }}
        inputProps={{
          id,
          name,
          type: "text",
          inputMode: "numeric",
          pattern: "[0-9]{4}",
          maxLength: 4,
          autoComplete: "one-time-code",
          defaultValue: typed,
          autoFocus,
          required: true,
        }}
        errors={errors}
      />
    );
  }
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <CodeSlots
      id={id}
      name={name}
      label={label}
      errors={errors}
      errorId={errorId}
      defaultValue={typed}
      autoFocus={autoFocus}
      submitWhenComplete={submitWhenComplete}
    />
  );
}
