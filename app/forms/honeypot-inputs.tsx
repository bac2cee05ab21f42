/**
 * The honeypot fields of remix-utils' server check (app/forms/honeypot.server.ts),
 * written as valid HTML: its own inputs say autocomplete="nope" (no such
 * token), put a <style> in the body and repeat one id in every form of a
 * page. Hidden from everyone but bots: display:none (the `honeypot` class)
 * and aria-hidden.
 */
import { createContext, useContext, useId, type ReactNode } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

export function HoneypotProvider({ children, ...props }: Partial<HoneypotInputProps> & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

export function HoneypotInputs({ label }: { label: string }) {
  const { nameFieldName = "name__confirm", validFromFieldName = "from__confirm", encryptedValidFrom } = useContext(HoneypotContext);
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${id}-name`}>{label}</label>
      <input id={`${id}-name`} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={`${id}-from`}>{label}</label>
          <input id={`${id}-from`} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
        </>
      ) : null}
    </div>
  );
}
