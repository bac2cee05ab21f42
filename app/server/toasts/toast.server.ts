/**
 * Toasts flashed by actions: a separate signed cookie read once by the next
 * page. With JavaScript sonner shows it; without, the page renders the same
 * message in a polite live region.
 */
import { createCookieSessionStorage, redirect } from "react-router";

import { getEnv } from "~/server/config/env.server";
import { toastCookieName } from "~/utils/http/personal-cookies";
import { toastSchema, type Toast, type ToastInput } from "~/utils/toasts/toast-schema";

export type { Toast, ToastInput };

const toastKey = "toast";
type ToastData = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: toastCookieName,
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: getEnv()
        .SESSION_SECRET.split(",")
        .map((secret) => secret.trim()),
    },
  });
  return storage;
}

export async function createToastHeaders(input: ToastInput) {
  const session = await toastStorage().getSession();
  session.flash(toastKey, toastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(input)).getSetCookie())
    headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** The flashed toast, if any, and the header that clears it. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(toastKey));
  const toast = parsed.success ? parsed.data : null;
  const clear = toast ? await toastStorage().destroySession(session) : null;
  return { toast, clear };
}
