/**
 * Toasts. With JavaScript, sonner shows them with the product's settings;
 * without it, the flashed message rendered by the server stays in the page
 * as a polite live region (hidden once the page is hydrated).
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { markToasterReady, notify } from "~/utils/notify";
import { Icon, type IconName } from "~/components/ui/icon";
import type { Toast } from "~/utils/toast.server";

/** sonner arrives after hydration; once its toaster is mounted, queued toasts show. */
const LazyToaster = lazy(async () => {
  const sonner = await import("sonner");
  function ReadyToaster(props: React.ComponentProps<Sonner["Toaster"]>) {
    useEffect(() => markToasterReady(sonner), []);
    return <sonner.Toaster {...props} />;
  }
  return { default: ReadyToaster };
});
type Sonner = typeof import("sonner");

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
    notify(toast.type, toast.title ?? toast.description, {
      id: toast.id,
      description: toast.title ? toast.description : undefined,
    });
  }, [toast]);

  return (
    <>
      {hydrated ? (
        <Suspense fallback={null}>
          <LazyToaster
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
        </Suspense>
      ) : null}
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
