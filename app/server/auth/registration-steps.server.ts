/**
 * Registration's steps, one function each, as the page's action calls them
 * by the button pressed (`intent`): the e-mail with the consent, the code
 * from the letter, the profile; «Назад» and «Отправить повторно» on the code
 * step. What the flow has reached lives in the session (`registration`), so
 * a reload or the Back button never loses it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";

import { signInWithNewPassword } from "~/server/auth/sign-in.server";
import { recordConsent } from "~/server/content/consent.server";
import { replyRefused } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { requestMetaContext } from "~/utils/http/request-context";
import {
  CodeStepSchema,
  ProfileStepSchema,
  RegistrationEmailSchema,
  ResendSchema,
} from "~/utils/schemas/auth";

import { newCodeLetter, tooEarlyToResend, type CodeLetter } from "./code-letter.server";

type Context = Readonly<RouterContextProvider>;

/** Where every step answers: the page shows the step the session holds. */
const here = "/auth/registration";

/** The backend's throttle on sending a code, said as such. */
const throttled = "register.throttled";

export interface RegistrationState extends CodeLetter {
  step: "email" | "code" | "profile";
  email?: string;
  /** The code the code step accepted (and counted): the only one the profile step sends. */
  code?: number;
  /** The consent given (and recorded) for this e-mail: «Назад» to the first step finds the box ticked. */
  consented?: boolean;
}

// The flow's own key in the session's data (TypeScript's declaration merging).
declare module "~/server/middleware/session.server" {
  interface SessionData {
    registration?: RegistrationState;
  }
}

export function registrationState(context: Context): RegistrationState {
  return getSession(context).get("registration") ?? { step: "email" };
}

/** «Назад»: the e-mail step again, with the e-mail and the consent kept. */
export function backToEmail(context: Context) {
  const { email, consented } = registrationState(context);
  getSession(context).set("registration", { step: "email", email, consented });
  return redirect(here);
}

/** The e-mail and the consent: the consent recorded, then the code sent. */
export async function sendCode(formData: FormData, context: Context) {
  const submission = parseWithZod(formData, { schema: RegistrationEmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const meta = context.get(requestMetaContext);
  const refusal = await getLimits().codeRequest(meta.clientAddress);
  if (refusal) return replyRefused(submission, refusal, context);
  try {
    // Recorded before the e-mail is sent: the consent is what allows sending it.
    await recordConsent({ email, clientAddress: meta.clientAddress, requestId: meta.requestId });
    await getApi(context).users.registerEmail({ email });
  } catch (error) {
    return replyRefused(submission, error, context, { throttled });
  }
  getSession(context).set("registration", {
    step: "code",
    email,
    consented: true,
    ...newCodeLetter(),
  });
  return redirect(here);
}

/** «Отправить повторно», on the code step's form, whose fields it does not read. */
export async function resendCode(formData: FormData, context: Context) {
  const state = registrationState(context);
  if (!state.email) return redirect(here);
  const submission = parseWithZod(formData, { schema: ResendSchema });
  const early = tooEarlyToResend(submission, state, context);
  if (early) return early;
  const refusal = await getLimits().codeRequest(context.get(requestMetaContext).clientAddress);
  if (refusal) return replyRefused(submission, refusal, context);
  try {
    await getApi(context).users.registerEmail({ email: state.email });
  } catch (error) {
    return replyRefused(submission, error, context, { throttled });
  }
  const { email, consented } = state;
  getSession(context).set("registration", { step: "code", email, consented, ...newCodeLetter() });
  return redirectWithToast(here, {
    type: "info",
    description: getI18n(context).t("register.codeResent", { email: state.email }),
  });
}

/** The code from the letter: every guess counted, per code and per client. */
export async function checkCode(formData: FormData, context: Context) {
  const state = registrationState(context);
  if (!state.email) return redirect(here);
  const submission = parseWithZod(formData, { schema: CodeStepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { code } = submission.value;
  // The backend knows a registration by its code alone.
  const refusal = await getLimits().codeTry(
    context.get(requestMetaContext).clientAddress,
    codeAttemptKey("register", state),
  );
  if (refusal) return replyRefused(submission, refusal, context);
  try {
    await getApi(context).users.checkCode({ code });
  } catch (error) {
    return replyRefused(submission, error, context);
  }
  getSession(context).set("registration", { ...state, step: "profile", code });
  return redirect(here);
}

/** The profile and the password: registered, then signed in with them. */
export async function register(formData: FormData, context: Context) {
  const state = registrationState(context);
  // Only the code this session's own code step accepted (and counted) finishes a registration;
  // a code posted with the form would let the profile step guess codes past every limit.
  const code = state.step === "profile" ? state.code : undefined;
  if (!state.email || !code) return redirect(here);
  const submission = parseWithZod(formData, { schema: ProfileStepSchema });
  if (submission.status !== "success")
    return data(
      { result: submission.reply({ hideFields: ["password", "password_confirmation"] }) },
      { status: 400 },
    );
  const { phone, middle_name, ...rest } = submission.value;
  try {
    await getApi(context).users.registerProfile({
      ...rest,
      code,
      middle_name: middle_name ?? "",
      phone: phone ?? null,
    });
  } catch (error) {
    // The code is hidden: the backend's word on it is said in the form.
    return replyRefused(submission, error, context, { hiddenFields: ["code"] });
  }
  getSession(context).unset("registration");
  // The resident has just typed the e-mail and the password: signed in with them, not asked again.
  return signInWithNewPassword(
    context,
    { email: state.email, password: rest.password },
    { signedIn: "success.registrationSignedIn", signedOut: "success.registration" },
  );
}
