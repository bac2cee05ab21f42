import { data } from "react-router";

import { i18nFor, requestLanguage } from "~/server/middleware/i18n.server";
import { logger } from "~/server/monitoring/logger.server";

import { formBreach } from "./form-bounds.server";

/** `key` in the request's language (the language middleware may not have run yet). */
async function say(request: Request, key: string) {
  return (await i18nFor(await requestLanguage(request))).t(key);
}

/**
 * The submitted form, or a 4xx that says what is wrong with the request:
 * JSON, plain text or a broken multipart body is not a form, and nor is one
 * over the bounds of form-bounds.server.ts.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data({ message: await say(request, "errors:notAForm") }, { status: 415 });
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw await unreadableForm(request);
  }
  await checkFormBounds(request, formData);
  return formData;
}

/** The 400 for a form its parser could not make sense of. */
export async function unreadableForm(request: Request) {
  return data({ message: await say(request, "errors:formUnreadable") }, { status: 400 });
}

/**
 * Throws a 400 or 413 page when `formData` breaks a bound on what a form may
 * make the server build or send back. Every reader of a request body calls
 * it (readFormData, the image upload), before any form library sees the form.
 */
export async function checkFormBounds(request: Request, formData: FormData) {
  const breach = formBreach(formData);
  if (!breach) return;
  logger.warn(
    { bound: breach.bound, field: breach.field, path: new URL(request.url).pathname },
    "form refused: over a bound",
  );
  throw data({ message: await say(request, "errors:formBounds") }, { status: breach.status });
}
