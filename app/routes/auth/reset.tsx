/**
 * Password reset: the e-mail, then the code from the letter with the new
 * password twice. The step, the e-mail and when the code was sent live in
 * the session; resending follows the registration's countdown. Once the
 * password is changed, the resident is signed in with it.
 *
 * The code and the passwords are one step: the contract checks a reset code
 * only together with the new password (reset_password; check_code knows
 * registration codes alone). A wrong code keeps, with JavaScript, the
 * passwords typed; without it the server never sends passwords back, and the
 * step says they are to be typed again.
 */
import { randomUUID } from "node:crypto";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

import { CodeField } from "~/components/auth/code-field";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import {
  ErrorSummary,
  firstInvalidField,
  FormErrors,
  HoneypotInputs,
  useClearPasswords,
  useIsPending,
} from "~/components/forms/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { signInWithNewPassword } from "~/server/auth/sign-in.server";
import { getEnv } from "~/server/config/env.server";
import { readForm, replyRefused, retryAfterHeaders } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { requireGuest } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession, type ResetState } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { formatCountdown, secondsUntilResend } from "~/utils/format/countdown";
import { validateWith } from "~/utils/forms/validation";
import { requestMetaContext } from "~/utils/http/request-context";
import { EmailStepSchema, ResendSchema, ResetSchema } from "~/utils/schemas/auth";

import type { Route } from "./+types/reset";

export const middleware: Route.MiddlewareFunction[] = [requireGuest];

const here = "/auth/reset";

const constraints = {
  email: getZodConstraint(EmailStepSchema),
  code: getZodConstraint(ResetSchema),
};

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
    codeUsedUp:
      state.step === "code" ? await getLimits().codeUsedUp(codeAttemptKey("reset", state)) : false,
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

  if (intent === "back") {
    session.set("reset", { step: "email", email: state.email });
    return redirect(here);
  }

  // One step's form at a time: each answer is about the step on the page.
  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: EmailStepSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply() }, { status: 400 });
    const { email } = submission.value;
    const refusal = await limits.codeRequest(client);
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      await api.users.sendCodeReset({ email });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.set("reset", { step: "code", email, sentAt: Date.now(), codeId: randomUUID() });
    return redirect(here);
  }

  const email = state.email;
  if (!email) return redirect(here);

  if (intent === "resend") {
    // Answered on the code step's form, whose fields it does not read («Отправить повторно» skips validation).
    const submission = parseWithZod(formData, { schema: ResendSchema });
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) {
      const formErrors = [t("register.resendTooEarly", { time: formatCountdown(left) })];
      return data(
        {
          result: submission.reply({
            formErrors,
            hideFields: ["password", "password_confirmation"],
          }),
        },
        { status: 429 },
      );
    }
    const refusal = await limits.codeRequest(client);
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      await api.users.sendCodeReset({ email });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.set("reset", { step: "code", email, sentAt: Date.now(), codeId: randomUUID() });
    return redirectWithToast(here, {
      type: "info",
      description: t("register.codeResent", { email }),
    });
  }

  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: ResetSchema });
    if (submission.status !== "success")
      return data(
        { result: submission.reply({ hideFields: ["password", "password_confirmation"] }) },
        { status: 400 },
      );
    const value = submission.value;
    // The backend revokes a reset code after 5 wrong tries per e-mail; this counts per code and per client too.
    const refusal = await limits.codeTry(client, codeAttemptKey("reset", state));
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      await api.users.resetPassword({ email, ...value });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.unset("reset");
    // The owner proved the address: failed sign-ins (perhaps someone else's) no longer hold them back.
    await limits.clearAccount(email);
    const signedIn = await signInWithNewPassword(context, { email, password: value.password });
    if (signedIn)
      return redirectWithToast(
        "/profile",
        { type: "success", description: t("success.resetSignedIn") },
        signedIn,
      );
    return redirectWithToast("/auth", { type: "success", description: t("success.reset") });
  }

  // No such button: the page as it is.
  return redirect(here);
}

type PageData = Route.ComponentProps["loaderData"];

function EmailStep({
  email,
  actionData,
}: {
  email: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "reset-email",
    constraint: constraints.email,
    lastResult: actionData?.result,
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailStepSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("reset.emailLead")}</p>
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          autoFocus: true,
          placeholder: t("auth.emailPlaceholder"),
        }}
        errors={fields.email.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="email" size="lg" pending={pending}>
        <Icon name="mail" />
        {t("reset.send")}
      </Button>
    </Form>
  );
}

/** Only the code was refused: the passwords typed were fine. */
function onlyCodeRefused(result: SubmissionResult<string[]> | undefined) {
  const error = result?.error;
  if (!error?.code?.length) return false;
  return !error.password?.length && !error.password_confirmation?.length;
}

function CodeStep({
  loaderData,
  actionData,
}: {
  loaderData: PageData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { email, secondsLeft, resendAt, sentAt, codeUsedUp } = loaderData;
  const { t } = useTranslation();
  const pending = useIsPending();
  const hydrated = useHydrated();
  const result = actionData?.result;
  const [form, fields] = useForm({
    id: "reset-code",
    constraint: constraints.code,
    lastResult: result,
    onValidate: validateWith(ResetSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { code: t("register.code"), ...newPasswordLabels(t, t("reset.newPassword")) };
  const codeOnly = onlyCodeRefused(result);
  // A wrong code alone leaves the passwords in their fields (with JavaScript; the server never sends them back).
  useClearPasswords(codeOnly ? undefined : result, [
    fields.password.id,
    fields.password_confirmation.id,
  ]);
  const focus = firstInvalidField(result, ["code", "password", "password_confirmation"]);
  const errors = codeStepErrors(form.errors, codeUsedUp, t);
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("reset.codeLead", { email })}</p>
      <CodeField
        id={fields.code.id}
        name={fields.code.name}
        label={labels.code}
        errors={fields.code.errors}
        autoFocus={focus === "code" || !focus}
        submitWhenComplete={false}
      />
      <NewPasswordFields fields={fields} labels={labels} focus={focus} />
      <FormErrors
        id={form.errorId}
        errors={codeOnly && !hydrated ? [...(errors ?? []), t("reset.passwordsAgain")] : errors}
      />
      <div className="form__actions">
        <Button type="submit" name="intent" value="reset" size="lg" pending={pending}>
          <Icon name="check" />
          {t("reset.submit")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="back"
          variant="mainSecondary"
          size="lg"
          formNoValidate
        >
          <Icon name="arrow-left" />
          {t("register.back")}
        </Button>
      </div>
      <ResendControl key={sentAt} secondsLeft={secondsLeft} resendAt={resendAt} />
    </Form>
  );
}

export default function ResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <div className="card auth-card">
        <h1 id="reset-title">{t("reset.title")}</h1>
        {loaderData.step === "email" ? (
          <EmailStep email={loaderData.email} actionData={actionData} />
        ) : (
          <CodeStep loaderData={loaderData} actionData={actionData} />
        )}
        <p className="auth-links">
          <Link to="/auth">{t("auth.backToLogin")}</Link>
        </p>
      </div>
    </section>
  );
}
