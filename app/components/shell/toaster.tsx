/**
 * Toasts. With JavaScript, sonner shows them with the product's settings;
 * without it, the flashed message rendered by the server stays in the page
 * as a polite live region (hidden once the page is hydrated).
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast as showToast } from "sonner";
import { useHydrated } from "remix-utils/use-hydrated";
import { Icon, type IconName } from "~/components/ui/icon";
import type { Toast } from "~/utils/toast.server";

const icons: Record<Toast["type"], IconName> = {
  success: "circle-check",
  info: "info",
  warning: "triangle-alert",
  error: "circle-alert",
  loading: "loader-circle",
};

export function ToastHost({ toast, theme }: { toast: Toast | null; theme: "light" | "dark" }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!toast) return;
    // The id makes a revalidation of the same page not show it twice.
    setTimeout(() => {
      showToast[toast.type](toast.title ?? toast.description, {
        id: toast.id,
        description: toast.title ? toast.description : undefined,
      });
    }, 0);
  }, [toast]);

  return (
    <>
      <Toaster
        // Explicit values (sonner's defaults today), so an upgrade cannot change them:
        // 4000 ms, paused on hover and in a hidden tab (built in), 3 visible,
        // swipe threshold 45 px and width 356 px (built in), Escape closes,
        // Alt+T focuses, bottom-right, gap 14 px.
        position="bottom-right"
        duration={4000}
        visibleToasts={3}
        gap={14}
        hotkey={["altKey", "KeyT"]}
        theme={theme}
        richColors
        closeButton
        containerAriaLabel={t("shell.notifications")}
      />
      {toast && !hydrated ? (
        <>
          <div className={`inline-toast inline-toast--${toast.type}`} role="status" aria-live="polite">
            <Icon name={icons[toast.type]} size="lg" />
            <div>
              {toast.title ? <p className="inline-toast__title">{toast.title}</p> : null}
              <p>{toast.description}</p>
            </div>
          </div>
        </>
      ) : null}
    </>
  );
}
