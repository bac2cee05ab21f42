/**
 * A Russian phone number. With JavaScript the value is masked as
 * +7 (XXX) XXX-XX-XX while typing (a first 7 or 8 becomes +7); without it,
 * a plain tel field. The server normalizes to 11 digits either way.
 */
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";

import { ErrorList, useInvalidFocus, type ListOfErrors } from "~/components/ui/fields";

export function formatPhone(raw: string) {
  let digits = raw.replace(/\D/g, "");
  if (digits === "") return "";
  if (digits[0] === "8") digits = `7${digits.slice(1)}`;
  if (digits[0] !== "7") digits = `7${digits}`;
  digits = digits.slice(0, 11);
  const rest = digits.slice(1);
  let out = "+7";
  if (rest.length > 0) out += ` (${rest.slice(0, 3)}`;
  if (rest.length >= 3) out += ")";
  if (rest.length > 3) out += ` ${rest.slice(3, 6)}`;
  if (rest.length > 6) out += `-${rest.slice(6, 8)}`;
  if (rest.length > 8) out += `-${rest.slice(8, 10)}`;
  return out;
}

export function PhoneInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const [value, setValue] = useState(() =>
    props.defaultValue ? formatPhone(String(props.defaultValue)) : "",
  );
  const ref = useRef<HTMLInputElement>(null);
  // Typed before the page's scripts ran: hydration leaves it in the field but
  // not in the state, and the next render would erase it. Take it over.
  useEffect(() => {
    const typed = ref.current?.value ?? "";
    if (typed !== "") setValue(formatPhone(typed));
  }, []);
  const { defaultValue: _ignored, ...rest } = props;
  return (
    <input
      {...rest}
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => setValue(formatPhone(event.currentTarget.value))}
    />
  );
}

export function PhoneField({
  label,
  inputProps,
  errors,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const autoFocus = useInvalidFocus(errorId, inputProps.autoFocus);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <PhoneInput
        {...inputProps}
        id={id}
        autoFocus={autoFocus}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
