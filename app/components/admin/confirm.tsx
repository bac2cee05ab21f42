import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";

import { useIsPending } from "~/components/forms/form";
import { Icon } from "~/components/ui/icon";

/** A confirmation page for a destructive action (the no-JavaScript path). */
export function ConfirmPage({
  title,
  children,
  confirmLabel,
  cancelTo,
  cancelLabel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelTo: string;
  cancelLabel: string;
}) {
  const pending = useIsPending();
  useTranslation();
  return (
    <section className="page card confirm-card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{title}</h1>
      {children}
      <Form method="POST" className="form__actions">
        <button type="submit" className="btn btn--dangerPrimary btn--md" disabled={pending}>
          <Icon
            name={pending ? "loader-circle" : "trash-2"}
            className={pending ? "spin" : undefined}
          />
          {confirmLabel}
        </button>
        <Link to={cancelTo} className="btn btn--mainSecondary btn--md">
          {cancelLabel}
        </Link>
      </Form>
    </section>
  );
}
