/**
 * Registration in three steps: e-mail, the code from the letter, the
 * profile. The step and what it holds live in the session, so a reload or
 * the Back button never loses them. Every step is a plain form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { StepIndicator } from "~/components/auth/steps";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getEnv } from "~/utils/env.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { CodeStepSchema, EmailStepSchema, ProfileStepSchema } from "~/schemas/auth";
import { refusalInit, refusalMessage, replyWithApiError, retryAfterHeaders } from "~/utils/auth-flow.server";
import { codeAttemptKey, getLimits } from "~/utils/limits.server";
import { requestMetaContext } from "~/utils/request-context";
import { formatCountdown, secondsUntilResend } from "~/utils/countdown";
import { constraints } from "~/schemas/constraints.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getSession, type RegistrationState } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/registration";
import { readFormData } from "~/utils/request.server";
import { EmailStep, RegistrationCodeStep, RegistrationProfileStep } from "~/components/forms";

const here = "/auth/registration";
// The fields this step shows: an error about the code (carried in a hidden input) is a form error, said in the form.
const profileFields = ["password", "password_confirmation", "first_name", "middle_name", "last_name", "phone"];

/** A refusal (429) tells when to come back in the page's own response. */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const state: RegistrationState = getSession(context).get("registration") ?? { step: "email" };
  return {
    step: state.step,
    email: state.email ?? "",
    code: state.step === "profile" ? state.code : undefined,
    // This code's tries are used up: the step says so and offers a new code.
    codeUsedUp: state.step === "code" ? await getLimits().codeUsedUp(codeAttemptKey("register", state)) : false,
    secondsLeft: secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS),
    resendAt: (state.sentAt ?? 0) + getEnv().RESEND_COOLDOWN_SECONDS * 1000,
    sentAt: state.sentAt ?? 0,
    constraint: state.step === "email" ? constraints.emailStep : state.step === "code" ? constraints.codeStep : constraints.profileStep,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const session = getSession(context);
  const state: RegistrationState = session.get("registration") ?? { step: "email" };
  const api = getApi(context);
  const { t } = getI18n(context);
  const intent = String(formData.get("intent") ?? "");
  const client = context.get(requestMetaContext).clientAddress;
  const limits = getLimits();

  const unavailable = (error: unknown, reply: (o: { formErrors: string[] }) => unknown) => {
    if (isBackendFailure(error)) return data({ intent, result: reply({ formErrors: [t("errors:unavailable")] }) }, { status: 503 });
    throw error;
  };

  if (intent === "back") {
    session.set("registration", { step: "email", email: state.email });
    return redirect(here);
  }

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: EmailStepSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const refusal = await limits.codeRequest(client);
    if (refusal) return data({ intent, result: submission.reply({ formErrors: [refusalMessage(refusal, t)] }) }, refusalInit(refusal));
    try {
      await api.users.registerEmail({ email: submission.value.email });
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, ["email"], t) }, { status: 400 });
      }
      return unavailable(error, submission.reply);
    }
    session.set("registration", { step: "code", email: submission.value.email, sentAt: Date.now(), codeId: randomUUID() });
    return redirect(here);
  }

  if (!state.email) return redirect(here);

  if (intent === "resend") {
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) {
      const message = t("register.resendTooEarly", { time: formatCountdown(left) });
      return data({ intent: "code", result: { status: "error" as const, error: { "": [message] } } }, { status: 429 });
    }
    const refusal = await limits.codeRequest(client);
    if (refusal) {
      const error = { "": [refusalMessage(refusal, t)] };
      return data({ intent: "code", result: { status: "error" as const, error } }, refusalInit(refusal));
    }
    try {
      await api.users.registerEmail({ email: state.email });
    } catch (error) {
      if (error instanceof ApiError) {
        const message = error.status === 429 ? t("register.throttled", { time: formatCountdown(error.retryAfter ?? 60) }) : error.detail(0, t("errors:generic"));
        return data({ intent: "code", result: { status: "error" as const, error: { "": [message] } } }, { status: 400 });
      }
      if (isBackendFailure(error)) {
        return data({ intent: "code", result: { status: "error" as const, error: { "": [t("errors:unavailable")] } } }, { status: 503 });
      }
      throw error;
    }
    session.set("registration", { step: "code", email: state.email, sentAt: Date.now(), codeId: randomUUID() });
    return redirectWithToast(here, { type: "info", description: t("register.codeResent", { email: state.email }) });
  }

  if (intent === "code") {
    const submission = parseWithZod(formData, { schema: CodeStepSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    // The backend knows a registration by its code alone: every guess is counted, per code and per client.
    const refusal = await limits.codeTry(client, codeAttemptKey("register", state));
    if (refusal) return data({ intent, result: submission.reply({ formErrors: [refusalMessage(refusal, t)] }) }, refusalInit(refusal));
    try {
      await api.users.checkCode({ code: submission.value.code });
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, ["code"], t) }, { status: 400 });
      }
      return unavailable(error, submission.reply);
    }
    session.set("registration", { ...state, step: "profile", code: submission.value.code });
    return redirect(here);
  }

  if (intent === "profile") {
    // Only the code this session's own code step accepted (and counted) finishes a registration;
    // a code posted with the form would let the profile step guess codes past every limit.
    if (state.step !== "profile" || !state.code) return redirect(here);
    const submission = parseWithZod(formData, { schema: ProfileStepSchema });
    const hide = ["password", "password_confirmation"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 });
    }
    const { phone, middle_name, ...rest } = submission.value;
    try {
      await api.users.registerProfile({ ...rest, code: state.code, middle_name: middle_name ?? "", phone: phone ?? null });
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, profileFields, t, hide) }, { status: 400 });
      }
      return unavailable(error, (options) => submission.reply({ ...options, hideFields: hide }));
    }
    session.unset("registration");
    return redirectWithToast("/auth", { type: "success", description: t("success.registration") });
  }

  return data({ intent, result: undefined }, { status: 400 });
}

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const current = loaderData.step === "email" ? 1 : loaderData.step === "code" ? 2 : 3;


  return (
    <section className="auth-page" aria-labelledby="register-title">
      <div className="card auth-card">
        <h1 id="register-title">{t("register.title")}</h1>
        <StepIndicator current={current} />
        {loaderData.step === "email" ? (
          <EmailStep
            id="register-email"
            email={loaderData.email}
            constraint={loaderData.constraint}
            result={actionData?.intent === "email" ? actionData.result : undefined}
            lead={t("register.emailLead")}
            submit={
              <>
                {t("register.next")}
                <Icon name="chevron-right" />
              </>
            }
          />
        ) : null}
        {loaderData.step === "code" ? (
          <RegistrationCodeStep
            email={loaderData.email}
            secondsLeft={loaderData.secondsLeft}
            resendAt={loaderData.resendAt}
            sentAt={loaderData.sentAt}
            codeUsedUp={loaderData.codeUsedUp}
            constraint={loaderData.constraint}
            result={actionData?.intent === "code" ? actionData.result : undefined}
          />
        ) : null}
        {loaderData.step === "profile" ? (
          <RegistrationProfileStep
            code={loaderData.code}
            constraint={loaderData.constraint}
            result={actionData?.intent === "profile" ? actionData.result : undefined}
          />
        ) : null}
        <p className="auth-links">
          <span>
            {t("register.haveAccount")} <Link to="/auth">{t("register.signIn")}</Link>
          </span>
        </p>
      </div>
    </section>
  );
}
