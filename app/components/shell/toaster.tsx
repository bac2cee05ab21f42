/**
 * Toasts. With JavaScript, sonner shows them with the product's settings;
 * without it, the flashed message rendered by the server stays in the page
 * as a polite live region until sonner, loaded with the first toast, takes it over.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { markToasterReady, notify, whenToastsWanted } from "~/utils/toasts/notify";
import { Icon, type IconName } from "~/components/ui/icon";
import type { Toast } from "~/utils/toasts/toast-schema";

/** sonner arrives with the first toast; once its toaster is mounted, queued toasts show. */
type Sonner = typeof import("sonner");
type ToasterProps = React.ComponentProps<Sonner["Toaster"]> & { onReady: () => void };

const LazyToaster = lazy(async (): Promise<{ default: React.ComponentType<ToasterProps> }> => {
  const loaded = await import("sonner").catch(() => null);
  // Not fetched (a dropped connection): the server's inline message stays.
  if (!loaded) return { default: () => null };
  const sonner: Sonner = loaded;
  function ReadyToaster({ onReady, ...props }: ToasterProps) {
    useEffect(() => {
      markToasterReady(sonner);
      onReady();
    }, [onReady]);
    return <sonner.Toaster {...props} />;
  }
  return { default: ReadyToaster };
});

const icons: Record<Toast["type"], IconName> = {
  success: "circle-check",
  info: "info",
  warning: "triangle-alert",
  error: "circle-alert",
  loading: "loader-circle",
};

export function ToastHost({ toast, theme }: { toast: Toast | null; theme: "light" | "dark" }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => whenToastsWanted(() => setWanted(true)), []);
  const onReady = useCallback(() => setReady(true), []);
  useEffect(() => {
    if (!toast) return;
    // No id of its own: notify keys a toast by its text, so neither a revalidation
    // of the same page nor the same message flashed again shows it twice.
    notify(toast.type, toast.title ?? toast.description, {
      description: toast.title ? toast.description : undefined,
    });
  }, [toast]);

  return (
    <>
      {/* Only after hydration: a toast is asked for in an effect. */}
      {wanted ? (
        <Suspense fallback={null}>
          <LazyToaster
            onReady={onReady}
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
      {/* The server's message stays in the page until sonner takes it over. */}
      {toast && !ready ? (
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
