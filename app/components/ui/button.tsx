import type { ButtonHTMLAttributes, ReactNode } from "react";

import { Icon } from "./icon";

export type ButtonSize = "lg" | "md" | "sm" | "link" | "icon";
export type ButtonVariant =
  | "mainPrimary"
  | "mainSecondary"
  | "mainTertiary"
  | "dangerPrimary"
  | "dangerSecondary"
  | "dangerTertiary"
  | "link"
  | "icon";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /**
   * The form this button submits is being sent: a spinner, and presses do nothing. Marked
   * `aria-disabled`, not `disabled`: a disabled button drops the focus, and a form refused
   * after it would leave the keyboard at the top of the page.
   */
  pending?: boolean;
  children?: ReactNode;
}

export function buttonClassName(
  variant: ButtonVariant = "mainPrimary",
  size: ButtonSize = "md",
  extra?: string,
) {
  return ["btn", `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(" ");
}

export function Button({
  size = "md",
  variant = "mainPrimary",
  pending = false,
  disabled,
  className,
  children,
  type = "button",
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      // A press (Enter in a field too) while the form is sent submits nothing.
      onClick={pending ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {pending ? (
        <Icon name="loader-circle" className="spin" size={size === "sm" ? "sm" : "md"} />
      ) : null}
      {children}
    </button>
  );
}
