/**
 * Copies a value (a phone, an account number) with one press. It exists only
 * once scripts run: without them the value itself is plain selectable text.
 */
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";

import { Icon } from "~/components/ui/icon";
import { notify } from "~/utils/toasts/notify";

export function CopyButton({
  value,
  className = "contact__copy",
}: {
  value: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={`btn btn--icon btn--sm ${className}`}
      aria-label={t("footer.copyLabel", { value })}
      title={t("footer.copy")}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          notify("success", t("footer.copied", { value }));
        } catch {
          notify("error", t("footer.copyFailed"));
        }
      }}
    >
      <Icon name="copy" />
    </button>
  );
}
