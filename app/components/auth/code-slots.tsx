/**
 * The code as four slots (input-otp), submitting the form when the fourth
 * digit is typed. Loaded by CodeField only once the page is hydrated.
 */
import { OTPInput, type SlotProps } from "input-otp";
import { useTranslation } from "~/i18n/use-translation";
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
  errors,
  errorId,
  defaultValue,
}: {
  id: string;
  name: string;
  errors?: ListOfErrors;
  errorId?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation();
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
