import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
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

/**
 * The root's data; on a refusal thrown before any loader ran (the access
 * middleware's 403), the copy the refusal carries, so the shell is still drawn.
 */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<RootData>("root");
  const error = useRouteError();
  if (loaded) return loaded;
  return isRouteErrorResponse(error)
    ? (error.data as { shell?: RootData } | null)?.shell
    : undefined;
}

export function useOptionalUser() {
  return useRootData()?.user ?? null;
}
