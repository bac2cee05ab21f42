/**
 * The 4-digit code. With JavaScript: four slots (input-otp) that submit the
 * form when the fourth digit is typed. Without: one numeric field with
 * autocomplete="one-time-code" and a «Далее» button.
 */
import { OTPInput, type SlotProps } from "input-otp";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList, Field, type ListOfErrors } from "~/components/ui/fields";

function Slot({ char, hasFakeCaret, isActive }: SlotProps) {
  return (
    <div className={`otp__slot ${isActive ? "otp__slot--active" : ""}`}>
      {char}
      {hasFakeCaret ? <span className="otp__caret" /> : null}
    </div>
  );
}

export function CodeField({
  id,
  name,
  errors,
  defaultValue,
  autoFocus,
}: {
  id: string;
  name: string;
  errors?: ListOfErrors;
  defaultValue?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  if (!hydrated) {
    return (
      <Field
        labelProps={{ children: t("register.code") }}
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
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t("register.code")}
      </label>
      <OTPInput
        id={id}
        name={name}
        maxLength={4}
        pattern="^[0-9]+$"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        defaultValue={defaultValue}
        aria-label={t("register.codeSlots")}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        containerClassName="otp"
        onComplete={(_value: string) => {
          // Submit as soon as the fourth digit is in, through the form's own submit path.
          const input = document.getElementById(id) as HTMLInputElement | null;
          const form = input?.form;
          form?.requestSubmit(form.querySelector<HTMLButtonElement>("[data-submit-code]") ?? undefined);
        }}
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
