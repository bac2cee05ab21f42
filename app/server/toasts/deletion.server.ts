/**
 * What the administrators' delete actions answer: back to the list (or
 * wherever they came from) with a toast that says it is done, or why the
 * backend refused (its 4xx, in the page's language). A backend failure or a
 * bug is not a refusal: it goes on to the error page.
 */
import type { RouterContextProvider } from "react-router";

import { refusalTexts } from "~/server/api/refusal-texts.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { ApiError } from "~/utils/api/errors";

import { redirectWithToast } from "./toast.server";

export async function deleteThenRedirect(
  context: Readonly<RouterContextProvider>,
  to: string,
  remove: () => Promise<unknown>,
  done: string,
) {
  try {
    await remove();
  } catch (error) {
    if (error instanceof ApiError)
      return redirectWithToast(to, {
        type: "error",
        description: refusalTexts(getI18n(context)).toast(error),
      });
    throw error;
  }
  return redirectWithToast(to, { type: "success", description: done });
}
