/**
 * The 4-digit code. With JavaScript: four slots (input-otp, loaded with the
 * code step, not before) that submit the form when the fourth digit is typed.
 * Without, and until the slots arrive: one numeric field with
 * autocomplete="one-time-code" and a «Далее» button.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field, type ListOfErrors } from "~/components/ui/fields";

// Not fetched (a dropped connection): the plain field stays, which works as well.
const CodeSlots = lazy(() => import("./code-slots").catch(() => new Promise<never>(() => {})));

export function CodeField({
  id,
  name,
  label,
  errors,
  defaultValue,
  autoFocus,
}: {
  id: string;
  name: string;
  /** The form's label for it (its error summary names the field by the same one). */
  label: string;
  errors?: ListOfErrors;
  defaultValue?: string;
  autoFocus?: boolean;
}) {
  const hydrated = useHydrated();
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const plain = (
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
        defaultValue,
        autoFocus,
        required: true,
      }}
      errors={errors}
    />
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <CodeSlots id={id} name={name} label={label} errors={errors} errorId={errorId} defaultValue={defaultValue} />
    </Suspense>
  );
}
