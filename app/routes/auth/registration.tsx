/**
 * Registration in three steps: e-mail, the code from the letter, the
 * profile with the consent to the processing of personal data (recorded in
 * the log: app/content/consent.server.ts). The step and what it holds live
 * in the session, so a reload or the Back button never loses them. Every
 * step is a plain form; every step links the documents accepted by
 * registering. Once registered, the resident is signed in.
 */
import { randomUUID } from "node:crypto";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { DocumentsLine } from "~/components/auth/documents-line";
import { StepIndicator } from "~/components/auth/steps";
import { recordConsent } from "~/content/consent.server";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/middleware/i18n.server";
import { getEnv } from "~/config/env.server";
import { getApi } from "~/middleware/api.server";
import { retryAfterHeaders } from "~/forms/refusals.server";
import { constraintsOf, handleSubmission, readForm, replies } from "~/forms/submission.server";
import { codeAttemptKey, getLimits } from "~/http/limits.server";
import { requestMetaContext } from "~/http/request-context";
import { formatCountdown, secondsUntilResend } from "~/format/countdown";
import { getSession, type RegistrationState } from "~/middleware/session.server";
import { redirectWithToast } from "~/toasts/toast.server";
import type { Route } from "./+types/registration";
import { registrationCodeForm, registrationEmailForm, registrationProfileForm } from "./registration.form";
import { signInWithNewPassword } from "./sign-in.server";

const here = "/auth/registration";

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
    constraint: await constraintsOf(state.step === "email" ? registrationEmailForm : state.step === "code" ? registrationCodeForm : registrationProfileForm),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const session = getSession(context);
  const state: RegistrationState = session.get("registration") ?? { step: "email" };
  const api = getApi(context);
  const { t } = getI18n(context);
  const intent = String(formData.get("intent") ?? "");
  const client = context.get(requestMetaContext).clientAddress;
  const limits = getLimits();
  const args = { request, context, formData };

  if (intent === "back") {
    session.set("registration", { step: "email", email: state.email });
    return redirect(here);
  }

  if (intent === "email") {
    return handleSubmission(registrationEmailForm, args, async ({ email }, reply) => {
      const refusal = await limits.codeRequest(client);
      if (refusal) return reply.refusal(refusal);
      await api.users.registerEmail({ email });
      session.set("registration", { step: "code", email, sentAt: Date.now(), codeId: randomUUID() });
      return redirect(here);
    });
  }

  if (!state.email) return redirect(here);

  if (intent === "resend") {
    // Answered on the code step's form; nothing to parse («Отправить повторно» skips validation).
    const reply = replies(registrationCodeForm, context);
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) return reply.formError(t("register.resendTooEarly", { time: formatCountdown(left) }), 429);
    const refusal = await limits.codeRequest(client);
    if (refusal) return reply.refusal(refusal);
    try {
      await api.users.registerEmail({ email: state.email });
    } catch (error) {
      return reply.fromError(error);
    }
    session.set("registration", { step: "code", email: state.email, sentAt: Date.now(), codeId: randomUUID() });
    return redirectWithToast(here, { type: "info", description: t("register.codeResent", { email: state.email }) });
  }

  if (intent === "code") {
    return handleSubmission(registrationCodeForm, args, async ({ code }, reply) => {
      // The backend knows a registration by its code alone: every guess is counted, per code and per client.
      const refusal = await limits.codeTry(client, codeAttemptKey("register", state));
      if (refusal) return reply.refusal(refusal);
      await api.users.checkCode({ code });
      session.set("registration", { ...state, step: "profile", code });
      return redirect(here);
    });
  }

  if (intent === "profile") {
    // Only the code this session's own code step accepted (and counted) finishes a registration;
    // a code posted with the form would let the profile step guess codes past every limit.
    const code = state.step === "profile" ? state.code : undefined;
    if (!code) return redirect(here);
    const email = state.email;
    return handleSubmission(registrationProfileForm, args, async ({ phone, middle_name, consent: _consent, ...rest }, reply) => {
      // Recorded before the data is sent: the consent is what allows sending it.
      await recordConsent({ email, clientAddress: client, requestId: context.get(requestMetaContext).requestId });
      await api.users.registerProfile({ ...rest, code, middle_name: middle_name ?? "", phone: phone ?? null });
      session.unset("registration");
      // The resident has just typed the e-mail and the password: signed in with them, not asked again.
      const signedIn = await signInWithNewPassword(context, { email, password: rest.password });
      if (signedIn) return reply.success("/profile", t("success.registrationSignedIn"), signedIn);
      return reply.success("/auth", t("success.registration"));
    }, { hiddenFields: ["code"] });
  }

  // No such button: the page as it is.
  return redirect(here);
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
          <registrationEmailForm.Form
            email={loaderData.email}
            constraint={loaderData.constraint}
            actionData={actionData}
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
          <registrationCodeForm.Form
            email={loaderData.email}
            secondsLeft={loaderData.secondsLeft}
            resendAt={loaderData.resendAt}
            sentAt={loaderData.sentAt}
            codeUsedUp={loaderData.codeUsedUp}
            constraint={loaderData.constraint}
            actionData={actionData}
          />
        ) : null}
        {loaderData.step === "profile" ? (
          <registrationProfileForm.Form
            code={loaderData.code}
            constraint={loaderData.constraint}
            actionData={actionData}
          />
        ) : null}
        <DocumentsLine />
        <p className="auth-links">
          <span>
            {t("register.haveAccount")} <Link to="/auth">{t("register.signIn")}</Link>
          </span>
        </p>
      </div>
    </section>
  );
}
