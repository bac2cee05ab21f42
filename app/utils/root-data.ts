import { useRouteLoaderData } from "react-router";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { SessionUser } from "~/utils/api/token-claims";
import type { Theme } from "~/utils/http/theme-schema";
import type { Language } from "~/utils/i18n/config";
import type { PublicConfig } from "~/utils/public-config";
import type { Toast } from "~/utils/toasts/toast-schema";

/**
 * The root loader's data: user, theme, language and company details. Declared
 * here, not inferred from root.tsx, so the shell reads it without importing
 * the root module that renders the shell.
 */
export interface RootData {
  locale: Language;
  theme: Theme;
  toast: Toast | null;
  /** Only what the shell shows: never a token. */
  user: Pick<SessionUser, "firstName" | "lastName" | "email" | "role"> | null;
  config: PublicConfig;
  year: number;
  honeypotInputProps: HoneypotInputProps;
}

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

export function useOptionalUser() {
  return useRootData()?.user ?? null;
}
