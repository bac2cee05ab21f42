/**
 * Password reset: the e-mail, then the code from the letter with the new
 * password twice. The step, the e-mail and when the code was sent live in
 * the session; resending follows the registration's countdown.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, Link, redirect } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { ApiError } from "~/api/errors";
import { EmailStep } from "~/components/auth/email-step";
import { ResendControl } from "~/components/auth/resend";
import { Button } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getEnv } from "~/utils/env.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { EmailStepSchema, ResetSchema } from "~/schemas/auth";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { formatCountdown, secondsUntilResend } from "~/utils/countdown";
import { firstInvalidField, useClearPasswords, useValidation, type Constraints } from "~/utils/forms";
import { constraints } from "~/schemas/constraints.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { useIsPending } from "~/utils/pending";
import { getSession, type ResetState } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/reset";
import { readFormData } from "~/utils/request.server";
import { notify } from "~/utils/notify";
import { FormErrors } from "~/components/form-errors";

const here = "/auth/reset";

export async function loader({ context }: Route.LoaderArgs) {
  const state: ResetState = getSession(context).get("reset") ?? { step: "email" };
  return {
    step: state.step,
    email: state.email ?? "",
    secondsLeft: secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS),
    sentAt: state.sentAt ?? 0,
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
  const formError = (message: string, status: number) =>
    data({ intent: "reset", result: { status: "error" as const, error: { "": [message] } }, toast: null }, { status });

  if (intent === "back") {
    session.set("reset", { step: "email", email: state.email });
    return redirect(here);
  }

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: EmailStepSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), toast: null }, { status: 400 });
    try {
      await api.users.sendCodeReset({ email: submission.value.email });
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, ["email"], t), toast: null }, { status: 400 });
      }
      if (isBackendFailure(error)) return data({ intent, result: submission.reply({ formErrors: [t("errors:unavailable")] }), toast: null }, { status: 503 });
      throw error;
    }
    session.set("reset", { step: "code", email: submission.value.email, sentAt: Date.now() });
    return redirect(here);
  }

  if (!state.email) return redirect(here);

  if (intent === "resend") {
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0) return formError(t("register.resendTooEarly", { time: formatCountdown(left) }), 429);
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
    session.set("reset", { step: "code", email: state.email, sentAt: Date.now() });
    return redirectWithToast(here, { type: "info", description: t("register.codeResent", { email: state.email }) });
  }

  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: ResetSchema });
    const hide = ["password", "password_confirmation"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: hide }), toast: null }, { status: 400 });
    }
    try {
      await api.users.resetPassword({ email: state.email, ...submission.value });
    } catch (error) {
      if (error instanceof ApiError) {
        return data(
          {
            intent,
            result: replyWithApiError(submission.reply, error, ["code", "password", "password_confirmation"], t, hide),
            toast: error.detail(0, t("reset.failed")),
          },
          { status: 400 },
        );
      }
      if (isBackendFailure(error)) return formError(t("errors:unavailable"), 503);
      throw error;
    }
    session.unset("reset");
    return redirectWithToast("/auth", { type: "success", description: t("success.reset") });
  }

  return data({ intent, result: undefined, toast: null }, { status: 400 });
}

type ActionData = Route.ComponentProps["actionData"];


function CodeStep({
  email,
  secondsLeft,
  sentAt,
  constraint,
  actionData,
}: {
  email: string;
  secondsLeft: number;
  sentAt: number;
  constraint: Constraints;
  actionData: ActionData;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const result = actionData?.intent === "reset" ? actionData.result : undefined;
  const validation = useValidation(() => import("~/schemas/auth").then((m) => m.ResetSchema));
  const [form, fields] = useForm({
    id: "reset-code",
    constraint,
    lastResult: result,
    ...validation.options,
  });
  useClearPasswords(result, [fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["code", "password", "password_confirmation"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers}>
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("reset.codeLead", { email })}</p>
      <Field
        labelProps={{ children: t("register.code") }}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          inputMode: "numeric",
          pattern: "[0-9]{4}",
          maxLength: 4,
          autoComplete: "one-time-code",
          autoFocus: focus === "code" || !focus,
        }}
        errors={fields.code.errors}
      />
      <PasswordField
        labelProps={{ children: t("reset.newPassword") }}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: focus === "password" }}
        hint={t("register.passwordHint")}
        errors={fields.password.errors}
      />
      <PasswordField
        labelProps={{ children: t("register.passwordConfirmation") }}
        inputProps={{ ...getInputProps(fields.password_confirmation, { type: "password" }), autoComplete: "new-password", autoFocus: focus === "password_confirmation" }}
        errors={fields.password_confirmation.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="form__actions">
        <Button type="submit" name="intent" value="reset" size="lg" pending={pending}>
          <Icon name="check" />
          {t("reset.submit")}
        </Button>
        <Button type="submit" name="intent" value="back" variant="mainSecondary" size="lg" formNoValidate>
          <Icon name="arrow-left" />
          {t("register.back")}
        </Button>
      </div>
      <ResendControl key={sentAt} secondsLeft={secondsLeft} />
    </Form>
  );
}

export default function ResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (actionData?.toast) notify("error", actionData.toast);
  }, [actionData]);
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
          <CodeStep
            email={loaderData.email}
            secondsLeft={loaderData.secondsLeft}
            sentAt={loaderData.sentAt}
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
