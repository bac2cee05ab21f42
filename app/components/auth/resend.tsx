/**
 * Resending the code. The server says how many seconds are left; with
 * JavaScript the countdown ticks, without it the remaining time is shown as it
 * was when the page was made. At 0:00 the resend button appears; an early
 * resend is refused by the server anyway.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatCountdown } from "~/utils/countdown";

export function ResendControl({ secondsLeft, pending }: { secondsLeft: number; pending?: boolean }) {
  const { t } = useTranslation();
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

  if (left > 0) {
    return (
      <p className="resend muted" role="timer" aria-live="off">
        <Icon name="clock" />
        {t("register.resendIn", { time: formatCountdown(left) })}
      </p>
    );
  }
  return (
    <Button type="submit" name="intent" value="resend" variant="mainTertiary" size="sm" formNoValidate pending={pending}>
      <Icon name="mail" />
      {t("register.resend")}
    </Button>
  );
}

/** The form's own errors, else (a reload, a new visit) why this code is no longer accepted. */
export function codeStepErrors(errors: string[] | undefined, codeUsedUp: boolean | undefined, t: (key: string) => string) {
  if (errors?.length) return errors;
  return codeUsedUp ? [t("errors:codeTriesUsedUp")] : undefined;
}
