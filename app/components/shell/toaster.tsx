/**
 * Toasts. The message flashed to a page loaded whole is the server's: it stays
 * in the page as a polite live region, with JavaScript or without. A message
 * that comes with a navigation inside the page (JavaScript) is a toast: sonner,
 * loaded with the first one, shows it with the product's settings.
 *
 * The server's message is never handed over to sonner after hydration: taking
 * it out of the page moved everything below it up just as the page became
 * interactive, and a tap aimed at a button landed beside it.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { Icon, type IconName } from "~/components/ui/icon";
import { markToasterReady, notify, whenToastsWanted } from "~/utils/toasts/notify";
import type { Toast } from "~/utils/toasts/toast-schema";

/** sonner arrives with the first toast; once its toaster is mounted, queued toasts show. */
type Sonner = typeof import("sonner");
type ToasterProps = React.ComponentProps<Sonner["Toaster"]> & { onUnavailable: () => void };

const LazyToaster = lazy(async (): Promise<{ default: React.ComponentType<ToasterProps> }> => {
  const loaded = await import("sonner").catch(() => null);
  // Not fetched (a dropped connection): the message is shown in the page instead.
  if (!loaded) {
    return {
      default: function Unavailable({ onUnavailable }: ToasterProps) {
        useEffect(onUnavailable, [onUnavailable]);
        return null;
      },
    };
  }
  const sonner: Sonner = loaded;
  function ReadyToaster({ onUnavailable: _, ...props }: ToasterProps) {
    useEffect(() => {
      markToasterReady(sonner);
    }, []);
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
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => whenToastsWanted(() => setWanted(true)), []);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  // The message the server rendered into this document (the loader data's own object until it revalidates).
  const rendered = useRef(toast);
  const inPage = toast !== null && toast === rendered.current;
  useEffect(() => {
    if (!toast || toast === rendered.current) return;
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
            onUnavailable={onUnavailable}
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
      {/* The server's message, in the page as it was rendered (and any message, should sonner not load). */}
      {toast && (inPage || unavailable) ? (
        <>
          <div
            className={`inline-toast inline-toast--${toast.type}`}
            role="status"
            aria-live="polite"
          >
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
