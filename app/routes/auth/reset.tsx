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
import { INTENT } from "@conform-to/dom";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";

import { CodeField } from "~/components/auth/code-field";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { resendCountdown } from "~/server/auth/code-letter.server";
import {
  backToEmail,
  resendCode,
  resetPassword,
  resetState,
  sendCode,
} from "~/server/auth/reset-steps.server";
import { formatFor } from "~/server/format/formatters.server";
import { readForm } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { requireGuest } from "~/server/middleware/access.server";
import { EmailStepSchema, ResetSchema } from "~/utils/schemas/auth";

import type { Route } from "./+types/reset";

export const middleware: Route.MiddlewareFunction[] = [requireGuest];

/** Each step's schema and button; its rules reach the page as HTML attributes, the schema stays on the server. */
const steps = {
  email: { schema: EmailStepSchema, intent: "email" },
  code: { schema: ResetSchema, intent: "reset" },
};

export async function loader({ context }: Route.LoaderArgs) {
  const state = resetState(context);
  const countdown = resendCountdown(state);
  return {
    step: state.step,
    constraint: getZodConstraint(steps[state.step].schema),
    email: state.email ?? "",
    ...countdown,
    // Written here: the page shows it before it hydrates, and the browser needs no Intl for it.
    resendAtText: formatFor(context).time(countdown.resendAt),
    codeUsedUp:
      state.step === "code" ? await getLimits().codeUsedUp(codeAttemptKey("reset", state)) : false,
  };
}

/**
 * One step's form at a time, by the button pressed: each answer is about the step on the page.
 * conform's re-validation presses none: it is the step's on the page, answered with its errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const revalidated = formData.has(INTENT) ? steps[resetState(context).step].intent : null;
  switch (formData.get("intent") ?? revalidated) {
    case "back":
      return backToEmail(context);
    case "email":
      return sendCode(formData, context);
    case "resend":
      return resendCode(formData, context);
    case "reset":
      return resetPassword(formData, context);
    default:
      // No such button: the page as it is.
      return redirect("/auth/reset");
  }
}

type StepProps = Pick<Route.ComponentProps, "loaderData" | "actionData">;

function EmailStep({ loaderData: { email, constraint }, actionData }: StepProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm<z.input<typeof EmailStepSchema>>({
    id: "reset-email",
    constraint,
    lastResult: actionData?.result,
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
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

function CodeStep({ loaderData, actionData }: StepProps) {
  const { email, secondsLeft, resendAtText, sentAt, codeUsedUp, constraint } = loaderData;
  const { t } = useTranslation();
  const pending = useIsPending();
  const hydrated = useHydrated();
  const result = actionData?.result;
  const [form, fields] = useForm<z.input<typeof ResetSchema>>({
    id: "reset-code",
    constraint,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { code: t("register.code"), ...newPasswordLabels(t, t("reset.newPassword")) };
  // A wrong code alone leaves the passwords in their fields (keepsPassword), with JavaScript; without, they are typed again.
  const codeOnly = onlyCodeRefused(result);
  const errors = codeStepErrors(form.errors, codeUsedUp, t);
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <p className="muted">{t("reset.codeLead", { email })}</p>
      <CodeField
        id={fields.code.id}
        name={fields.code.name}
        label={labels.code}
        errors={fields.code.errors}
        defaultValue={fields.code.initialValue}
        autoFocus={!form.status}
        submitWhenComplete={false}
      />
      <NewPasswordFields fields={fields} labels={labels} />
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
      <ResendControl key={sentAt} secondsLeft={secondsLeft} resendAtText={resendAtText} />
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
          <EmailStep loaderData={loaderData} actionData={actionData} />
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
