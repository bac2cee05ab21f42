/**
 * A destructive control that asks first. Without JavaScript it is a link to
 * a confirmation page; with JavaScript the same link opens a dialog whose
 * form posts to that page's action.
 */
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { useIsPending } from "~/components/forms/form";
import { Icon } from "~/components/ui/icon";

export function ConfirmLink({
  href,
  label,
  ariaLabel,
  title,
  text,
  confirmLabel,
}: {
  href: string;
  label: ReactNode;
  ariaLabel: string;
  title: string;
  text: ReactNode;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const pending = useIsPending({ formAction: href });
  const titleId = `confirm-${href.replace(/\W+/g, "-")}`;
  return (
    <>
      <Link
        to={href}
        className="btn btn--dangerTertiary btn--sm"
        aria-label={ariaLabel}
        // With JavaScript it opens a dialog, not a page: said to assistive technology and to
        // the service worker's update, which waits for a link to another page (app/pwa/register.ts).
        aria-haspopup={hydrated ? "dialog" : undefined}
        // Once confirmed, until the answer: the dialog has closed, so the link says it is under way.
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (pending) return;
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {pending ? <Icon name="loader-circle" className="spin" /> : <Icon name="trash-2" />}
        {label}
      </Link>
      {hydrated ? (
        <dialog
          ref={dialog}
          className="dialog"
          aria-labelledby={titleId}
          onClose={() => setOpen(false)}
        >
          {open ? (
            <Form
              method="POST"
              action={href}
              className="dialog__body"
              onSubmit={() => setTimeout(() => dialog.current?.close(), 0)}
            >
              <h2 id={titleId}>{title}</h2>
              <div>{text}</div>
              <div className="form__actions">
                <button type="submit" className="btn btn--dangerPrimary btn--md" disabled={pending}>
                  {confirmLabel}
                </button>
                <button
                  type="button"
                  className="btn btn--mainSecondary btn--md"
                  autoFocus
                  onClick={() => dialog.current?.close()}
                >
                  {t("accounts.cancel")}
                </button>
              </div>
            </Form>
          ) : null}
        </dialog>
      ) : null}
    </>
  );
}
