/**
 * Password reset: the e-mail, then the code from the letter with the new
 * password twice. The step, the e-mail and when the code was sent live in
 * the session; resending follows the registration's countdown.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link, redirect } from "react-router";
import { ApiError } from "~/api/errors";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getEnv } from "~/utils/env.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { EmailStepSchema, ResetSchema } from "~/schemas/auth";
import { refusalInit, refusalMessage, replyWithApiError, retryAfterHeaders } from "~/utils/auth-flow.server";
import { codeAttemptKey, getLimits } from "~/utils/limits.server";
import { requestMetaContext } from "~/utils/request-context";
import { formatCountdown, secondsUntilResend } from "~/utils/countdown";
import { constraints } from "~/schemas/constraints.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getSession, type ResetState } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/reset";
import { readFormData } from "~/utils/request.server";
import { EmailStep, ResetCodeStep } from "~/components/forms";

const here = "/auth/reset";

/** A refusal (429) tells when to come back in the page's own response. */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const state: ResetState = getSession(context).get("reset") ?? { step: "email" };
  return {
    step: state.step,
    email: state.email ?? "",
    secondsLeft: secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS),
    resendAt: (state.sentAt ?? 0) + getEnv().RESEND_COOLDOWN_SECONDS * 1000,
    sentAt: state.sentAt ?? 0,
    codeUsedUp: state.step === "code" ? await getLimits().codeUsedUp(codeAttemptKey("reset", state)) : false,
    constraint: state.step === "email" ? constraints.emailStep : constraints.reset,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const session = getSession(context);
  const state: ResetState = session.get("reset") ?? { step: "email" };
  const api = getApi(context);
  const { t } = getI18n(context);
  const intent = String(formData.get("intent") ?? "");
  const client = context.get(requestMetaContext).clientAddress;
  const limits = getLimits();
  const formError = (message: string, status: number) =>
    data({ intent: "reset", result: { status: "error" as const, error: { "": [message] } } }, { status });

  if (intent === "back") {
    session.set("reset", { step: "email", email: state.email });
    return redirect(here);
  }

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: EmailStepSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const refusal = await limits.codeRequest(client);
    if (refusal) return data({ intent, result: submission.reply({ formErrors: [refusalMessage(refusal, t)] }) }, refusalInit(refusal));
    try {
      await api.users.sendCodeReset({ email: submission.value.email });
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, ["email"], t) }, { status: 400 });
      }
      if (isBackendFailure(error)) return data({ intent, result: submission.reply({ formErrors: [t("errors:unavailable")] }) }, { status: 503 });
      throw error;
    }
    session.set("reset", { step: "code", email: submission.value.email, sentAt: Date.now(), codeId: randomUUID() });
    return redirect(here);
  }

  if (!state.email) return redirect(here);

  if (intent === "resend") {
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) return formError(t("register.resendTooEarly", { time: formatCountdown(left) }), 429);
    const refusal = await limits.codeRequest(client);
    if (refusal) return data({ intent: "reset", result: { status: "error" as const, error: { "": [refusalMessage(refusal, t)] } } }, refusalInit(refusal));
    try {
      await api.users.sendCodeReset({ email: state.email });
    } catch (error) {
      if (error instanceof ApiError) {
        return formError(
          error.status === 429 ? t("register.throttled", { time: formatCountdown(error.retryAfter ?? 60) }) : error.detail(0, t("errors:generic")),
          400,
        );
      }
      if (isBackendFailure(error)) return formError(t("errors:unavailable"), 503);
      throw error;
    }
    session.set("reset", { step: "code", email: state.email, sentAt: Date.now(), codeId: randomUUID() });
    return redirectWithToast(here, { type: "info", description: t("register.codeResent", { email: state.email }) });
  }

  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: ResetSchema });
    const hide = ["password", "password_confirmation"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 });
    }
    // The backend revokes a reset code after 5 wrong tries per e-mail; this counts per code and per client too.
    const refusal = await limits.codeTry(client, codeAttemptKey("reset", state));
    if (refusal) {
      return data({ intent, result: submission.reply({ formErrors: [refusalMessage(refusal, t)], hideFields: hide }) }, refusalInit(refusal));
    }
    try {
      await api.users.resetPassword({ email: state.email, ...submission.value });
    } catch (error) {
      if (error instanceof ApiError) {
        const result = replyWithApiError(submission.reply, error, ["code", "password", "password_confirmation"], t, hide);
        return data({ intent, result }, { status: 400 });
      }
      if (isBackendFailure(error)) return formError(t("errors:unavailable"), 503);
      throw error;
    }
    session.unset("reset");
    // The owner proved the address: failed sign-ins (perhaps someone else's) no longer hold them back.
    await limits.clearAccount(state.email);
    return redirectWithToast("/auth", { type: "success", description: t("success.reset") });
  }

  return data({ intent, result: undefined }, { status: 400 });
}

export default function ResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <div className="card auth-card">
        <h1 id="reset-title">{t("reset.title")}</h1>
        {loaderData.step === "email" ? (
          <EmailStep
            id="reset-email"
            email={loaderData.email}
            constraint={loaderData.constraint}
            result={actionData?.intent === "email" ? actionData.result : undefined}
            lead={t("reset.emailLead")}
            submit={
              <>
                <Icon name="mail" />
                {t("reset.send")}
              </>
            }
          />
        ) : (
          <ResetCodeStep
            email={loaderData.email}
            secondsLeft={loaderData.secondsLeft}
            resendAt={loaderData.resendAt}
            sentAt={loaderData.sentAt}
            codeUsedUp={loaderData.codeUsedUp}
            constraint={loaderData.constraint}
            result={actionData?.intent === "reset" ? actionData.result : undefined}
          />
        )}
        <p className="auth-links">
          <Link to="/auth">{t("auth.backToLogin")}</Link>
        </p>
      </div>
    </section>
  );
}
