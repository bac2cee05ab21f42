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
  /** The form this button submits is being sent: disable it and show a spinner. */
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
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? (
        <Icon name="loader-circle" className="spin" size={size === "sm" ? "sm" : "md"} />
      ) : null}
      {children}
    </button>
  );
}
