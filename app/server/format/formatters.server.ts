import type { RouterContextProvider } from "react-router";

import { getLocale } from "~/server/middleware/i18n.server";
import { formatters, type Formatters } from "~/utils/format/format";

/** The formatters of the request's language, for a loader to write its page's dates and sums. */
export function formatFor(context: Readonly<RouterContextProvider>): Formatters {
  return formatters(getLocale(context));
}
