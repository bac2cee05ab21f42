/**
 * Resending the code. The server says how many seconds are left and when
 * that is. With JavaScript the countdown ticks and the button appears at
 * 0:00. Without it (and until the page hydrates) the page says once at what
 * clock time resending becomes possible, with a link that opens the page
 * again, which then offers the button: no countdown that never moves, and no
 * button that is only refused (the server still refuses an early resend).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatCountdown } from "~/utils/format/countdown";

export function ResendControl({
  secondsLeft,
  resendAtText,
  pending,
}: {
  secondsLeft: number;
  /** The clock time resending opens, as the loader wrote it («18:42»). */
  resendAtText: string;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const [left, setLeft] = useState(secondsLeft);

  useEffect(() => {
    setLeft(secondsLeft);
    if (secondsLeft <= 0) return;
    const endsAt = Date.now() + secondsLeft * 1000;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const button = (
    <Button
      type="submit"
      name="intent"
      value="resend"
      variant="mainTertiary"
      size="sm"
      formNoValidate
      pending={pending}
    >
      <Icon name="mail" />
      {t("register.resend")}
    </Button>
  );
  if (left > 0 && !hydrated) {
    return (
      <p className="resend muted">
        <Icon name="clock" />
        <span>
          {t("register.resendAt", { time: resendAtText })}.{" "}
          <a href={`${location.pathname}${location.search}`}>{t("register.resendReload")}</a>
        </span>
      </p>
    );
  }
  if (left > 0) {
    return (
      <p className="resend muted" role="timer" aria-live="off">
        <Icon name="clock" />
        {t("register.resendIn", { time: formatCountdown(left) })}
      </p>
    );
  }
  return button;
}

/** The form's own errors, else (a reload, a new visit) why this code is no longer accepted. */
export function codeStepErrors(
  errors: string[] | undefined,
  codeUsedUp: boolean | undefined,
  t: (key: string) => string,
) {
  if (errors?.length) return errors;
  return codeUsedUp ? [t("errors:codeTriesUsedUp")] : undefined;
}
