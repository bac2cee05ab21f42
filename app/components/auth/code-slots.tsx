/**
 * The code as four slots (input-otp). Where the code is the whole step, any
 * change that leaves four digits, typed or pasted, submits the form. After a
 * refused code the slots are marked invalid, and the message is tied to the
 * input by aria-describedby.
 */
import { OTPInput, type SlotProps } from "input-otp";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { ErrorList, type ListOfErrors } from "~/components/ui/fields";

function Slot({ char, hasFakeCaret, isActive }: SlotProps) {
  return (
    <div className={`otp__slot ${isActive ? "otp__slot--active" : ""}`}>
      {char}
      {hasFakeCaret ? <span className="otp__caret" /> : null}
    </div>
  );
}

/** Digits typed into the server's plain field before the page hydrated: kept when the slots replace it. */
function typedBeforeHydration(id: string) {
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value.replace(/\D/g, "").slice(0, 4) : "";
}

export function CodeSlots({
  id,
  name,
  label,
  errors,
  errorId,
  defaultValue,
  autoFocus = true,
  submitWhenComplete = true,
}: {
  id: string;
  name: string;
  label: string;
  errors?: ListOfErrors;
  errorId?: string;
  defaultValue?: string;
  autoFocus?: boolean;
  submitWhenComplete?: boolean;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => typedBeforeHydration(id) || (defaultValue ?? ""));
  // input-otp's onComplete fires only when a shorter code grows to four digits,
  // so after a wrong try a pasted code (four replacing four) would never be sent.
  // Any change that leaves four digits submits, through the form's own submit path.
  const shown = useRef(value);
  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    if (!submitWhenComplete || value.length !== 4) return;
    const form = (document.getElementById(id) as HTMLInputElement | null)?.form;
    // After the keystroke's own handling, whose re-validation (conform's, sent to the server) would
    // otherwise start after this submission and replace it.
    const submit = setTimeout(() =>
      form?.requestSubmit(form.querySelector<HTMLButtonElement>("[data-submit-code]") ?? undefined),
    );
    return () => clearTimeout(submit);
  }, [id, value, submitWhenComplete]);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <OTPInput
        id={id}
        name={name}
        maxLength={4}
        pattern="^[0-9]+$"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        aria-label={t("register.codeSlots")}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        containerClassName={errorId ? "otp otp--invalid" : "otp"}
        value={value}
        onChange={setValue}
        render={({ slots }) => (
          <div className="otp__slots">
            {slots.map((slot, index) => (
              <Slot key={index} {...slot} />
            ))}
          </div>
        )}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
