/**
 * Toasts on the client. sonner is loaded when the first toast is asked for,
 * so a visit without one never downloads it; a toast asked for before the
 * toaster is ready waits for it (a moment on a fast link).
 */
type ToastType = "success" | "info" | "warning" | "error" | "loading";
type Sonner = typeof import("sonner");

let resolveReady: (sonner: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  resolveReady = resolve;
});

let wanted = false;
let onWanted: (() => void) | null = null;

/** The toast host mounts the toaster when this fires (at once if a toast already waits). */
export function whenToastsWanted(listener: () => void) {
  onWanted = listener;
  if (wanted) listener();
  return () => {
    if (onWanted === listener) onWanted = null;
  };
}

/** Called by the toaster once it is mounted. */
export function markToasterReady(sonner: Sonner) {
  resolveReady(sonner);
}

/** Error toasts on screen: about an earlier try, so the next toast replaces them. */
const errorToasts = new Set<string | number>();

/**
 * Shows a toast. The same text never shows twice (its text is its id unless
 * one is given, so it updates the toast already there), and a new toast
 * dismisses the error toasts before it: a stale failure never stays beside
 * the success that followed it.
 */
export function notify(
  type: ToastType,
  message: string,
  options?: { id?: string; description?: string },
) {
  if (!wanted) {
    wanted = true;
    onWanted?.();
  }
  void ready.then((sonner) => {
    const id = options?.id ?? `${message}\n${options?.description ?? ""}`;
    for (const stale of errorToasts) if (stale !== id) sonner.toast.dismiss(stale);
    errorToasts.clear();
    sonner.toast[type](message, { ...options, id });
    if (type === "error") errorToasts.add(id);
  });
}
