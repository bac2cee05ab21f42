/**
 * What is the portal's own in an action that answers a form; the rest is
 * conform's documented shape (docs/decisions/030-forms-in-conforms-shape.md):
 *
 * ```ts
 * const formData = await readForm(request, context);
 * const submission = parseWithZod(formData, { schema });
 * if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
 * try { await api.… } catch (error) { return replyRefused(submission, error, context); }
 * return redirectWithToast(to, { type: "success", description: t("…") });
 * ```
 */
import { INTENT } from "@conform-to/dom";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";

import { refusalTexts } from "~/server/api/refusal-texts.server";
import type { Refusal } from "~/server/http/limits.server";
import { readFormData, unreadableForm } from "~/server/http/request.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { retryAfterContext } from "~/server/middleware/retry-after.server";
import { ApiError, BackendFailureResponse, BackendRefusalResponse } from "~/utils/api/errors";
import { formatCountdown } from "~/utils/format/countdown";

import { checkHoneypot } from "./honeypot.server";

type Context = Readonly<RouterContextProvider>;
type T = (key: string, options?: Record<string, unknown>) => string;

/** What an action answers about its form: conform's result (the page's `lastResult`). */
export type FormAnswer = { result: SubmissionResult<string[]> };

/**
 * The submitted form, as every action reads it: a 4xx for a body that is not
 * a form or breaks the body bounds (app/server/http/request.server.ts), a 400 for a
 * bot that filled the honeypot, or for a conform control field it cannot read.
 */
export async function readForm(request: Request, context: Context): Promise<FormData> {
  const formData = await readFormData(request);
  await checkHoneypot(formData, getI18n(context).t("errors:formRejected"));
  const intent = formData.get(INTENT);
  if (intent !== null && !readableJson(intent)) throw await unreadableForm(request);
  return formData;
}

function readableJson(value: FormDataEntryValue) {
  if (typeof value !== "string") return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The form again, saying why its work was refused, in the page's language:
 *
 * - a limit of the portal's (app/server/http/limits.server.ts): why and when to
 *   come back, 429 with Retry-After;
 * - the backend's refusal (ApiError): its texts beside the fields they name
 *   (`attr`), the rest inside the form; its 429 says when to try again
 *   (`throttled`: the key of the form's own wording for it, with `{{time}}`);
 * - the backend down, slow or broken: «Сервис временно недоступен», with the
 *   failure's status (503, 504, 502); its 403: «Недостаточно прав», 403.
 *
 * Anything else (a redirect, a 404 the route turns into its page, a bug) is
 * thrown on. Fields the page carries hidden (`hiddenFields`) and those not in
 * the form have their texts said in the form. Passwords are never sent back.
 */
export function replyRefused(
  submission: Pick<Submission<unknown>, "payload" | "reply">,
  cause: unknown,
  context: Context,
  {
    hiddenFields = [],
    throttled = "forms.throttled",
  }: { hiddenFields?: readonly string[]; throttled?: string } = {},
) {
  const i18n = getI18n(context);
  const { t } = i18n;
  const fields = Object.keys(submission.payload).filter((name) => !hiddenFields.includes(name));
  const answer = (
    formErrors: string[],
    init: ResponseInit,
    fieldErrors: Record<string, string[]> = {},
  ) =>
    data<FormAnswer>(
      {
        result: submission.reply({
          formErrors,
          fieldErrors,
          hideFields: fields.filter(isSecretField),
        }),
      },
      init,
    );

  if (isRefusal(cause))
    return answer(
      [refusalMessage(cause, t)],
      tooManyRequests(context, cause.retryAfterSeconds ?? undefined),
    );
  if (cause instanceof ApiError) {
    if (cause.status === 429)
      return answer(
        [t(throttled, { time: formatCountdown(cause.retryAfter ?? 60) })],
        tooManyRequests(context, cause.retryAfter ?? undefined),
      );
    const { "": general = [], ...fieldErrors } = refusalTexts(i18n).fieldErrors(cause, fields);
    const formErrors =
      general.length || Object.keys(fieldErrors).length ? general : [t("errors:generic")];
    return answer(formErrors, { status: 400 }, fieldErrors);
  }
  if (cause instanceof BackendFailureResponse)
    return answer([t("errors:unavailable")], { status: cause.status });
  if (cause instanceof BackendRefusalResponse)
    return answer([t("errors:forbidden")], { status: 403 });
  throw cause;
}

/** Fields whose value is never sent back to the page. */
function isSecretField(name: string) {
  return /password/i.test(name);
}

function isRefusal(cause: unknown): cause is Refusal {
  return (
    typeof cause === "object" &&
    cause !== null &&
    !(cause instanceof Error) &&
    !(cause instanceof Response) &&
    "limiter" in cause
  );
}

/** What a refused visitor reads: why, and in how many minutes to come back. */
export function refusalMessage(refusal: Refusal, t: T) {
  const minutes = Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60));
  switch (refusal.limiter) {
    case "code-session":
      return t("errors:codeTriesUsedUp");
    case "code-client":
      return t("errors:tooManyCodeTries", { minutes });
    case "code-requests":
      return t("errors:tooManyCodeRequests", { minutes });
    case "attach-user":
    case "attach-client":
      return t("errors:tooManyAttachTries", { minutes });
    default:
      // One text for the account and the client limit: a refusal never tells whether an account exists.
      return t("errors:tooManyLogins", { minutes });
  }
}

/**
 * A 429 and, when waiting helps, when to come back: the root's
 * retryAfterMiddleware writes it as Retry-After in whole seconds on the
 * page's answer and its data's alike, whether the portal's limit or the
 * backend's throttle refused (server/edge.ts adds a default to a 429 or 503
 * without one).
 */
export function tooManyRequests(context: Context, retryAfterSeconds?: number): ResponseInit {
  if (retryAfterSeconds) context.set(retryAfterContext, retryAfterSeconds);
  return { status: 429 };
}
