/**
 * Registration in three steps: the e-mail with the consent to the processing
 * of personal data (the e-mail is personal data: the consent is recorded in
 * the log, app/server/content/consent.server.ts, before it is sent), the code from
 * the letter, the profile. The step and what it holds live in the session,
 * so a reload or the Back button never loses them. Every step is a plain
 * form; every step links the documents accepted by registering. Once
 * registered, the resident is signed in.
 */
import { INTENT } from "@conform-to/dom";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import type { z } from "zod";

import { CodeField } from "~/components/auth/code-field";
import { DocumentLink, DocumentsLine } from "~/components/auth/documents-line";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { StepIndicator } from "~/components/auth/steps";
import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { resendCountdown } from "~/server/auth/code-letter.server";
import {
  backToEmail,
  checkCode,
  register,
  registrationState,
  resendCode,
  sendCode,
} from "~/server/auth/registration-steps.server";
import { formatFor } from "~/server/format/formatters.server";
import { readForm } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { requireGuest } from "~/server/middleware/access.server";
import { CodeStepSchema, ProfileStepSchema, RegistrationEmailSchema } from "~/utils/schemas/auth";

import type { Route } from "./+types/registration";

export const middleware: Route.MiddlewareFunction[] = [requireGuest];

/** Each step's schema; its rules reach the page as HTML attributes, the schema stays on the server. */
const stepSchemas = {
  email: RegistrationEmailSchema,
  code: CodeStepSchema,
  profile: ProfileStepSchema,
};

export async function loader({ context }: Route.LoaderArgs) {
  const state = registrationState(context);
  const countdown = resendCountdown(state);
  return {
    step: state.step,
    constraint: getZodConstraint(stepSchemas[state.step]),
    email: state.email ?? "",
    consented: state.consented === true,
    code: state.step === "profile" ? state.code : undefined,
    // This code's tries are used up: the step says so and offers a new code.
    codeUsedUp:
      state.step === "code"
        ? await getLimits().codeUsedUp(codeAttemptKey("register", state))
        : false,
    ...countdown,
    // Written here: the page shows it before it hydrates, and the browser needs no Intl for it.
    resendAtText: formatFor(context).time(countdown.resendAt),
  };
}

/**
 * One step's form at a time, by the button pressed: each answer is about the step on the page.
 * conform's re-validation presses none: it is the step's on the page, answered with its errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const revalidated = formData.has(INTENT) ? registrationState(context).step : null;
  switch (formData.get("intent") ?? revalidated) {
    case "back":
      return backToEmail(context);
    case "email":
      return sendCode(formData, context);
    case "resend":
      return resendCode(formData, context);
    case "code":
      return checkCode(formData, context);
    case "profile":
      return register(formData, context);
    default:
      // No such button: the page as it is.
      return redirect("/auth/registration");
  }
}

type StepProps = Pick<Route.ComponentProps, "loaderData" | "actionData">;

function EmailStep({ loaderData: { email, consented, constraint }, actionData }: StepProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm<z.input<typeof RegistrationEmailSchema>>({
    id: "register-email",
    constraint,
    lastResult: actionData?.result,
    // Back from a later step: the consent already given (and recorded) stays given.
    defaultValue: { email, consent: consented ? "on" : undefined },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email"), consent: t("register.consent") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <p className="muted">{t("register.emailLead")}</p>
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          autoFocus: !form.status,
          placeholder: t("auth.emailPlaceholder"),
        }}
        errors={fields.email.errors}
      />
      {/* Required, and announced so, but not by the browser's bubble: without JavaScript the server says why, in the page's language. */}
      <CheckboxField
        labelProps={{ children: labels.consent }}
        inputProps={{
          ...getInputProps(fields.consent, { type: "checkbox" }),
          required: false,
          "aria-required": true,
        }}
        hint={<DocumentLink to="/documents/consent">{t("register.consentText")}</DocumentLink>}
        errors={fields.consent.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="email" size="lg" pending={pending}>
        {t("register.next")}
        <Icon name="chevron-right" />
      </Button>
    </Form>
  );
}

function CodeStep({ loaderData, actionData }: StepProps) {
  const { email, secondsLeft, resendAtText, sentAt, codeUsedUp, constraint } = loaderData;
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm<z.input<typeof CodeStepSchema>>({
    id: "register-code",
    constraint,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { code: t("register.code") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <p className="muted">{t("register.codeLead", { email })}</p>
      <CodeField
        id={fields.code.id}
        name={fields.code.name}
        label={labels.code}
        errors={fields.code.errors}
        defaultValue={fields.code.initialValue}
        autoFocus
      />
      <FormErrors id={form.errorId} errors={codeStepErrors(form.errors, codeUsedUp, t)} />
      <div className="form__actions">
        <Button
          type="submit"
          name="intent"
          value="code"
          size="lg"
          pending={pending}
          data-submit-code
        >
          {t("register.next")}
          <Icon name="chevron-right" />
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

function ProfileStep({ loaderData: { code, constraint }, actionData }: StepProps) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm<z.input<typeof ProfileStepSchema>>({
    id: "register-profile",
    constraint,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The code is carried hidden: the action says its errors in the form (replyRefused's hiddenFields).
  const labels = { ...newPasswordLabels(t, t("register.password")), ...personLabels(t) };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <p className="muted">{t("register.profileLead")}</p>
      <input type="hidden" name="code" value={code ?? ""} readOnly />
      <NewPasswordFields fields={fields} labels={labels} autoFocus={!form.status} />
      <PersonFields fields={fields} labels={labels} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="profile" size="lg" pending={pending}>
        <Icon name="check" />
        {t("register.submit")}
      </Button>
    </Form>
  );
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
          <EmailStep loaderData={loaderData} actionData={actionData} />
        ) : null}
        {loaderData.step === "code" ? (
          <CodeStep loaderData={loaderData} actionData={actionData} />
        ) : null}
        {loaderData.step === "profile" ? (
          <ProfileStep loaderData={loaderData} actionData={actionData} />
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
