/**
 * Toasts on the client. sonner is loaded after hydration, off the first
 * visit's critical path; a toast asked for before it is ready waits for it.
 */
type ToastType = "success" | "info" | "warning" | "error" | "loading";
type Sonner = typeof import("sonner");

let resolveReady: (sonner: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  resolveReady = resolve;
});

/** Called by the toaster once it is mounted. */
export function markToasterReady(sonner: Sonner) {
  resolveReady(sonner);
}

export function notify(type: ToastType, message: string, options?: { id?: string; description?: string }) {
  void ready.then((sonner) => sonner.toast[type](message, options));
}
