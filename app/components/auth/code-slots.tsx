/**
 * The code as four slots (input-otp), submitting the form whenever they come
 * to hold four digits, typed or pasted. Loaded by CodeField only once the
 * page is hydrated.
 */
import { useEffect, useRef, useState } from "react";
import { OTPInput, type SlotProps } from "input-otp";
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

export default function CodeSlots({
  id,
  name,
  label,
  errors,
  errorId,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  errors?: ListOfErrors;
  errorId?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(defaultValue ?? "");
  // input-otp's onComplete fires only when a shorter code grows to four digits,
  // so after a wrong try a pasted code (four replacing four) was never sent.
  // Any change that leaves four digits submits, through the form's own submit path.
  const shown = useRef(value);
  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    if (value.length !== 4) return;
    const form = (document.getElementById(id) as HTMLInputElement | null)?.form;
    form?.requestSubmit(form.querySelector<HTMLButtonElement>("[data-submit-code]") ?? undefined);
  }, [id, value]);
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
        autoFocus
        aria-label={t("register.codeSlots")}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        containerClassName="otp"
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
