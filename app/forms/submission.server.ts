/**
 * What every action does with a submitted form, written once: read the form
 * (a 4xx when it is not one), check the honeypot, parse with the form's
 * schema, call the backend (the route's `submit`), and answer.
 *
 * - Invalid input: 400 with conform's result, errors beside the fields.
 * - The backend refuses (ApiError): its texts beside the fields they name
 *   (`attr`), the rest inside the form, in the page's language
 *   (app/api/refusal-texts.server.ts); a 429 says when to try again.
 * - The backend fails (BackendFailureResponse): «Сервис временно недоступен»
 *   inside the form, with the failure's status (503, 504 or 502).
 * - Passwords (every field whose name says so) are never sent back.
 * - Success: the route's redirect, usually `reply.success(to, text)` (a toast
 *   on the next page).
 *
 * Special flows keep their rules in `submit`: limits answer `reply.refusal()`,
 * a sign-in failure `reply.formError()`. See docs/decisions/012-forms.md.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { ApiError, BackendFailureResponse, BackendRefusalResponse } from "~/api/errors";
import { refusalTexts } from "~/api/refusal-texts.server";
import { getI18n } from "~/middleware/i18n.server";
import { formatCountdown } from "~/format/countdown";
import type { Refusal } from "~/http/limits.server";
import { readFormData, unreadableForm } from "~/http/request.server";
import { redirectWithToast } from "~/toasts/toast.server";
import type { Constraints, FormReply } from "./reply";
import { checkHoneypot } from "./honeypot.server";
import { refusalMessage, tooManyRequests } from "./refusals.server";

type Context = Readonly<RouterContextProvider>;

/**
 * A form as an action knows it: its id (the `id` its `useForm` is given, so
 * the page can tell which form an answer is about) and its zod schema.
 */
export interface SubmittedForm<Schema extends z.ZodType = z.ZodType> {
  id: string;
  schema: Schema;
}

const constraintsCache = new WeakMap<object, Constraints>();

/** A form's HTML validation attributes by field, derived from its schema. */
export function constraintsOf(form: Pick<SubmittedForm, "schema">): Constraints {
  const { schema } = form;
  let constraints = constraintsCache.get(schema);
  if (!constraints) {
    constraints = getZodConstraint(schema as Parameters<typeof getZodConstraint>[0]);
    constraintsCache.set(schema, constraints);
  }
  return constraints;
}

/** Fields whose value is never sent back to the page. */
function isSecretField(name: string) {
  return /password/i.test(name);
}

/** The submitted form, honeypot checked: for a route that reads `intent` before it knows which form it is. */
export async function readForm(request: Request, context: Context): Promise<FormData> {
  const formData = await readFormData(request);
  await checkHoneypot(formData, getI18n(context).t("errors:formRejected"));
  return formData;
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/** An answer about `form`: which form it is and conform's result, with a status and headers. */
function answer(form: Pick<SubmittedForm, "id">, result: SubmissionResult<string[]>, init: number | ResponseInit) {
  return data<FormReply>({ form: form.id, result }, typeof init === "number" ? { status: init } : init);
}

/** The answers an action gives about one form. */
export function replies(form: Pick<SubmittedForm, "id">, context: Context, options: { reply?: (options: ReplyOptions) => SubmissionResult<string[]>; fields?: readonly string[]; hide?: string[] } = {}) {
  const i18n = getI18n(context);
  const { t } = i18n;
  const hide = options.hide ?? [];
  const reply =
    options.reply ??
    (({ formErrors = [], fieldErrors = {} }: ReplyOptions): SubmissionResult<string[]> => ({ status: "error", error: { "": formErrors, ...fieldErrors } }));
  const replyWith = (formErrors: string[], fieldErrors: Record<string, string[]> = {}) => reply({ formErrors, fieldErrors, hideFields: hide });
  const self = {
    /** An error about the whole form, shown inside it. */
    formError: (message: string, init: number | ResponseInit = 400) => answer(form, replyWith([message]), init),
    /** Errors beside fields, for rules the schema cannot know (e.g. about the signed-in user). */
    fieldErrors: (fieldErrors: Record<string, string[]>, init: number | ResponseInit = 400) => answer(form, replyWith([], fieldErrors), init),
    /** A limit refused the request: why and when to come back, 429 with Retry-After. */
    refusal: (refusal: Refusal) => answer(form, replyWith([refusalMessage(refusal, t)]), tooManyRequests(refusal.retryAfterSeconds)),
    /** The backend's refusal, in the page's language: beside the fields it names, the rest inside the form. */
    apiError(error: ApiError) {
      if (error.status === 429) {
        return self.formError(t("register.throttled", { time: formatCountdown(error.retryAfter ?? 60) }), tooManyRequests(error.retryAfter));
      }
      // Without fields (a resend), every detail is about the form.
      const { "": general = [], ...fieldErrors } = refusalTexts(i18n).fieldErrors(error, options.fields ?? []);
      const formErrors = general.length || Object.keys(fieldErrors).length ? general : [t("errors:generic")];
      return answer(form, replyWith(formErrors, fieldErrors), 400);
    },
    /** The backend is down, slow or broken: said inside the form, with the failure's status. */
    backendFailure: (failure: BackendFailureResponse) => self.formError(t("errors:unavailable"), failure.status),
    /** Nothing done, nothing wrong: the form again as typed, with what the route shows beside it (a preview). */
    again: <Extra extends object>(extra: Extra) => data<FormReply & Extra>({ form: form.id, result: replyWith([]), ...extra }),
    /** Done: to the next page, which says so in a toast. */
    success: (to: string, description: string, init?: ResponseInit) => redirectWithToast(to, { type: "success", description }, init),
    /** The backend's refusals and failures as answers; anything else (a redirect, a 404, a bug) goes on. */
    fromError(error: unknown) {
      if (error instanceof ApiError) return self.apiError(error);
      if (error instanceof BackendFailureResponse) return self.backendFailure(error);
      if (error instanceof BackendRefusalResponse) return self.formError(t("errors:forbidden"), 403);
      throw error;
    },
  };
  return self;
}

export type Replies = ReturnType<typeof replies>;

/**
 * Handles one form's submission (see the file's comment). `formData`, when the
 * route has read it already (with `readForm`), is used as it is.
 */
export async function handleSubmission<Schema extends z.ZodType, Result extends Response | ReturnType<typeof data<FormReply>>>(
  form: SubmittedForm<Schema>,
  { request, context, formData }: { request: Request; context: Context; formData?: FormData },
  submit: (value: z.output<Schema>, reply: Replies) => Promise<Result>,
  options: {
    /** A backend refusal the route answers itself (e.g. a 404 that becomes the 404 page); undefined for the usual answer. */
    onApiError?: (error: ApiError) => void;
    /** Fields the page carries hidden (the code on registration's last step): the backend's word on them is said in the form. */
    hiddenFields?: readonly string[];
  } = {},
) {
  const submitted = formData ?? (await readForm(request, context));
  const { schema } = form;
  const fields = Object.keys(constraintsOf(form));
  const hide = fields.filter(isSecretField);
  const parse = () => parseWithZod(submitted, { schema });
  let submission: ReturnType<typeof parse>;
  try {
    submission = parse();
  } catch {
    // A control field of the library it cannot read (an intent that is not JSON) is the client's error, not ours.
    throw await unreadableForm(request);
  }
  if (submission.status !== "success") return answer(form, submission.reply({ hideFields: hide }), 400);
  const shown = fields.filter((name) => !options.hiddenFields?.includes(name));
  const reply = replies(form, context, { reply: submission.reply, fields: shown, hide });
  try {
    return await submit(submission.value as z.output<Schema>, reply);
  } catch (error) {
    if (error instanceof ApiError) options.onApiError?.(error);
    return reply.fromError(error);
  }
}
