/**
 * The root loader's data (the shell's: user, theme, language, company
 * details), for the root loader and for a refusal that comes before any
 * loader runs: the access middleware's 403 carries it, so the page a resident
 * is refused still has the shell around it (see `useRootData`).
 */
import type { RouterContextProvider } from "react-router";

import { getPublicConfig } from "~/server/config/env.server";
import { getHoneypotInputProps } from "~/server/forms/honeypot.server";
import { getTheme } from "~/server/http/preferences.server";
import { getLocale } from "~/server/middleware/i18n.server";
import { getUser } from "~/server/middleware/user.server";
import type { RootData } from "~/utils/root-data";

/** Everything but the toast, which only the root loader reads (reading it clears its cookie). */
export async function shellData(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Omit<RootData, "toast">> {
  const [theme, honeypotInputProps] = await Promise.all([
    getTheme(request),
    getHoneypotInputProps(),
  ]);
  const user = getUser(context);
  return {
    locale: getLocale(context),
    theme,
    user: user
      ? { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role }
      : null,
    config: getPublicConfig(),
    year: new Date().getFullYear(),
    honeypotInputProps,
  };
}
