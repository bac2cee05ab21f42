/**
 * The honeypot's values from the root loader, for every form's HoneypotInputs
 * (app/components/forms/form.tsx). A module of its own: the root renders the
 * provider on every page, and the first visit's scripts need no more of the forms.
 */
import { createContext, type ReactNode } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

export const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

export function HoneypotProvider({
  children,
  ...props
}: Partial<HoneypotInputProps> & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}
