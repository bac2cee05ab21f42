/**
 * The password reset's steps, one function each, as the page's action calls
 * them by the button pressed (`intent`): the e-mail, then the code from the
 * letter with the new password twice; «Назад» and «Отправить повторно» on
 * the code step. What the flow has reached lives in the session (`reset`).
 *
 * The code and the passwords are one step: the contract checks a reset code
 * only together with the new password (reset_password; check_code knows
 * registration codes alone).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";

import { signInWithNewPassword } from "~/server/auth/sign-in.server";
import { replyRefused } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { requestMetaContext } from "~/utils/http/request-context";
import { EmailStepSchema, ResendSchema, ResetSchema } from "~/utils/schemas/auth";

import { newCodeLetter, tooEarlyToResend, type CodeLetter } from "./code-letter.server";

type Context = Readonly<RouterContextProvider>;

/** Where every step answers: the page shows the step the session holds. */
const here = "/auth/reset";

/** The backend's throttle on sending a code, said as such. */
const throttled = "register.throttled";

const passwords = ["password", "password_confirmation"];

export interface ResetState extends CodeLetter {
  step: "email" | "code";
  email?: string;
}

// The flow's own key in the session's data (TypeScript's declaration merging).
declare module "~/server/middleware/session.server" {
  interface SessionData {
    reset?: ResetState;
  }
}

export function resetState(context: Context): ResetState {
  return getSession(context).get("reset") ?? { step: "email" };
}

/** «Назад»: the e-mail step again, with the e-mail kept. */
export function backToEmail(context: Context) {
  getSession(context).set("reset", { step: "email", email: resetState(context).email });
  return redirect(here);
}

/** Sends the code to `email` and opens the code step; a refusal is the form again. */
async function sendResetCode(
  submission: Parameters<typeof replyRefused>[0],
  email: string,
  context: Context,
) {
  const refusal = await getLimits().codeRequest(context.get(requestMetaContext).clientAddress);
  if (refusal) return replyRefused(submission, refusal, context);
  try {
    await getApi(context).users.sendCodeReset({ email });
  } catch (error) {
    return replyRefused(submission, error, context, { throttled });
  }
  getSession(context).set("reset", { step: "code", email, ...newCodeLetter() });
  return null;
}

/** The e-mail: the code sent. */
export async function sendCode(formData: FormData, context: Context) {
  const submission = parseWithZod(formData, { schema: EmailStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return (await sendResetCode(submission, submission.value.email, context)) ?? redirect(here);
}

/** «Отправить повторно», on the code step's form, whose fields it does not read. */
export async function resendCode(formData: FormData, context: Context) {
  const { email, ...letter } = resetState(context);
  if (!email) return redirect(here);
  const submission = parseWithZod(formData, { schema: ResendSchema });
  const early = tooEarlyToResend(submission, letter, context, passwords);
  if (early) return early;
  return (
    (await sendResetCode(submission, email, context)) ??
    redirectWithToast(here, {
      type: "info",
      description: getI18n(context).t("register.codeResent", { email }),
    })
  );
}

/** The code with the new password: changed, then signed in with it. */
export async function resetPassword(formData: FormData, context: Context) {
  const state = resetState(context);
  const email = state.email;
  if (!email) return redirect(here);
  const submission = parseWithZod(formData, { schema: ResetSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: passwords }) }, { status: 400 });
  const value = submission.value;
  // The backend revokes a reset code after 5 wrong tries per e-mail; this counts per code and per client too.
  const limits = getLimits();
  const client = context.get(requestMetaContext).clientAddress;
  const refusal = await limits.codeTry(client, codeAttemptKey("reset", state));
  if (refusal) return replyRefused(submission, refusal, context);
  try {
    await getApi(context).users.resetPassword({ email, ...value });
  } catch (error) {
    return replyRefused(submission, error, context);
  }
  getSession(context).unset("reset");
  // The owner proved the address: failed sign-ins (perhaps someone else's) no longer hold them back.
  await limits.clearAccount(email);
  return signInWithNewPassword(
    context,
    { email, password: value.password },
    { signedIn: "success.resetSignedIn", signedOut: "success.reset" },
  );
}
