/**
 * Password reset: the e-mail, then the code from the letter with the new
 * password twice. The step, the e-mail and when the code was sent live in
 * the session; resending follows the registration's countdown. Once the
 * password is changed, the resident is signed in with it.
 */
import { randomUUID } from "node:crypto";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/middleware/i18n.server";
import { getEnv } from "~/config/env.server";
import { getApi } from "~/middleware/api.server";
import { retryAfterHeaders } from "~/forms/refusals.server";
import { constraintsOf, handleSubmission, readForm, replies } from "~/forms/submission.server";
import { codeAttemptKey, getLimits } from "~/http/limits.server";
import { requestMetaContext } from "~/http/request-context";
import { formatCountdown, secondsUntilResend } from "~/format/countdown";
import { getSession, type ResetState } from "~/middleware/session.server";
import { redirectWithToast } from "~/toasts/toast.server";
import type { Route } from "./+types/reset";
import { resetCodeForm, resetEmailForm } from "./reset.form";
import { signInWithNewPassword } from "./sign-in.server";

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
    constraint: await constraintsOf(state.step === "email" ? resetEmailForm : resetCodeForm),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const session = getSession(context);
  const state: ResetState = session.get("reset") ?? { step: "email" };
  const api = getApi(context);
  const { t } = getI18n(context);
  const intent = String(formData.get("intent") ?? "");
  const client = context.get(requestMetaContext).clientAddress;
  const limits = getLimits();
  const args = { request, context, formData };

  if (intent === "back") {
    session.set("reset", { step: "email", email: state.email });
    return redirect(here);
  }

  if (intent === "email") {
    return handleSubmission(resetEmailForm, args, async ({ email }, reply) => {
      const refusal = await limits.codeRequest(client);
      if (refusal) return reply.refusal(refusal);
      await api.users.sendCodeReset({ email });
      session.set("reset", { step: "code", email, sentAt: Date.now(), codeId: randomUUID() });
      return redirect(here);
    });
  }

  const email = state.email;
  if (!email) return redirect(here);

  if (intent === "resend") {
    // Answered on the code step's form; nothing to parse («Отправить повторно» skips validation).
    const reply = replies(resetCodeForm, context);
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) return reply.formError(t("register.resendTooEarly", { time: formatCountdown(left) }), 429);
    const refusal = await limits.codeRequest(client);
    if (refusal) return reply.refusal(refusal);
    try {
      await api.users.sendCodeReset({ email });
    } catch (error) {
      return reply.fromError(error);
    }
    session.set("reset", { step: "code", email, sentAt: Date.now(), codeId: randomUUID() });
    return redirectWithToast(here, { type: "info", description: t("register.codeResent", { email }) });
  }

  if (intent === "reset") {
    return handleSubmission(resetCodeForm, args, async (value, reply) => {
      // The backend revokes a reset code after 5 wrong tries per e-mail; this counts per code and per client too.
      const refusal = await limits.codeTry(client, codeAttemptKey("reset", state));
      if (refusal) return reply.refusal(refusal);
      await api.users.resetPassword({ email, ...value });
      session.unset("reset");
      // The owner proved the address: failed sign-ins (perhaps someone else's) no longer hold them back.
      await limits.clearAccount(email);
      const signedIn = await signInWithNewPassword(context, { email, password: value.password });
      if (signedIn) return reply.success("/profile", t("success.resetSignedIn"), signedIn);
      return reply.success("/auth", t("success.reset"));
    });
  }

  // No such button: the page as it is.
  return redirect(here);
}

export default function ResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <div className="card auth-card">
        <h1 id="reset-title">{t("reset.title")}</h1>
        {loaderData.step === "email" ? (
          <resetEmailForm.Form
            email={loaderData.email}
            constraint={loaderData.constraint}
            actionData={actionData}
            lead={t("reset.emailLead")}
            submit={
              <>
                <Icon name="mail" />
                {t("reset.send")}
              </>
            }
          />
        ) : (
          <resetCodeForm.Form
            email={loaderData.email}
            secondsLeft={loaderData.secondsLeft}
            resendAt={loaderData.resendAt}
            sentAt={loaderData.sentAt}
            codeUsedUp={loaderData.codeUsedUp}
            constraint={loaderData.constraint}
            actionData={actionData}
          />
        )}
        <p className="auth-links">
          <Link to="/auth">{t("auth.backToLogin")}</Link>
        </p>
      </div>
    </section>
  );
}
