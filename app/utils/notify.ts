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

export function notify(type: ToastType, message: string, options?: { id?: string; description?: string }) {
  if (!wanted) {
    wanted = true;
    onWanted?.();
  }
  void ready.then((sonner) => sonner.toast[type](message, options));
}
