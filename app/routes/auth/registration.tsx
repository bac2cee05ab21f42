/**
 * Registration in three steps: the e-mail with the consent to the processing
 * of personal data (the e-mail is personal data: the consent is recorded in
 * the log, app/server/content/consent.server.ts, before it is sent), the code from
 * the letter, the profile. The step and what it holds live in the session,
 * so a reload or the Back button never loses them. Every step is a plain
 * form; every step links the documents accepted by registering. Once
 * registered, the resident is signed in.
 */
import { randomUUID } from "node:crypto";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";

import { CodeField } from "~/components/auth/code-field";
import { DocumentLink, DocumentsLine } from "~/components/auth/documents-line";
import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { codeStepErrors, ResendControl } from "~/components/auth/resend";
import { StepIndicator } from "~/components/auth/steps";
import {
  ErrorSummary,
  firstInvalidField,
  FormErrors,
  HoneypotInputs,
  useClearPasswords,
  useIsPending,
} from "~/components/forms/form";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { signInWithNewPassword } from "~/server/auth/sign-in.server";
import { getEnv } from "~/server/config/env.server";
import { recordConsent } from "~/server/content/consent.server";
import { readForm, replyRefused, retryAfterHeaders } from "~/server/forms/action.server";
import { codeAttemptKey, getLimits } from "~/server/http/limits.server";
import { requireGuest } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession, type RegistrationState } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { formatCountdown, secondsUntilResend } from "~/utils/format/countdown";
import { validateWith } from "~/utils/forms/validation";
import { requestMetaContext } from "~/utils/http/request-context";
import {
  CodeStepSchema,
  ProfileStepSchema,
  RegistrationEmailSchema,
  ResendSchema,
} from "~/utils/schemas/auth";

import type { Route } from "./+types/registration";

export const middleware: Route.MiddlewareFunction[] = [requireGuest];

const here = "/auth/registration";

const constraints = {
  email: getZodConstraint(RegistrationEmailSchema),
  code: getZodConstraint(CodeStepSchema),
  profile: getZodConstraint(ProfileStepSchema),
};

/** A refusal (429) tells when to come back in the page's own response. */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const state: RegistrationState = getSession(context).get("registration") ?? { step: "email" };
  return {
    step: state.step,
    email: state.email ?? "",
    consented: state.consented === true,
    code: state.step === "profile" ? state.code : undefined,
    // This code's tries are used up: the step says so and offers a new code.
    codeUsedUp:
      state.step === "code"
        ? await getLimits().codeUsedUp(codeAttemptKey("register", state))
        : false,
    secondsLeft: secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS),
    resendAt: (state.sentAt ?? 0) + getEnv().RESEND_COOLDOWN_SECONDS * 1000,
    sentAt: state.sentAt ?? 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const session = getSession(context);
  const state: RegistrationState = session.get("registration") ?? { step: "email" };
  const api = getApi(context);
  const { t } = getI18n(context);
  const intent = String(formData.get("intent") ?? "");
  const meta = context.get(requestMetaContext);
  const client = meta.clientAddress;
  const limits = getLimits();

  if (intent === "back") {
    session.set("registration", { step: "email", email: state.email, consented: state.consented });
    return redirect(here);
  }

  // One step's form at a time: each answer is about the step on the page.
  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: RegistrationEmailSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply() }, { status: 400 });
    const { email } = submission.value;
    const refusal = await limits.codeRequest(client);
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      // Recorded before the e-mail is sent: the consent is what allows sending it.
      await recordConsent({ email, clientAddress: client, requestId: meta.requestId });
      await api.users.registerEmail({ email });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.set("registration", {
      step: "code",
      email,
      consented: true,
      sentAt: Date.now(),
      codeId: randomUUID(),
    });
    return redirect(here);
  }

  if (!state.email) return redirect(here);

  if (intent === "resend") {
    // Answered on the code step's form, whose fields it does not read («Отправить повторно» skips validation).
    const submission = parseWithZod(formData, { schema: ResendSchema });
    const left = secondsUntilResend(state.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
    if (left > 0)
      return data(
        {
          result: submission.reply({
            formErrors: [t("register.resendTooEarly", { time: formatCountdown(left) })],
          }),
        },
        { status: 429 },
      );
    const refusal = await limits.codeRequest(client);
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      await api.users.registerEmail({ email: state.email });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.set("registration", {
      step: "code",
      email: state.email,
      consented: state.consented,
      sentAt: Date.now(),
      codeId: randomUUID(),
    });
    return redirectWithToast(here, {
      type: "info",
      description: t("register.codeResent", { email: state.email }),
    });
  }

  if (intent === "code") {
    const submission = parseWithZod(formData, { schema: CodeStepSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply() }, { status: 400 });
    const { code } = submission.value;
    // The backend knows a registration by its code alone: every guess is counted, per code and per client.
    const refusal = await limits.codeTry(client, codeAttemptKey("register", state));
    if (refusal) return replyRefused(submission, refusal, context);
    try {
      await api.users.checkCode({ code });
    } catch (error) {
      return replyRefused(submission, error, context);
    }
    session.set("registration", { ...state, step: "profile", code });
    return redirect(here);
  }

  if (intent === "profile") {
    // Only the code this session's own code step accepted (and counted) finishes a registration;
    // a code posted with the form would let the profile step guess codes past every limit.
    const code = state.step === "profile" ? state.code : undefined;
    if (!code) return redirect(here);
    const email = state.email;
    const submission = parseWithZod(formData, { schema: ProfileStepSchema });
    if (submission.status !== "success")
      return data(
        { result: submission.reply({ hideFields: ["password", "password_confirmation"] }) },
        { status: 400 },
      );
    const { phone, middle_name, ...rest } = submission.value;
    try {
      await api.users.registerProfile({
        ...rest,
        code,
        middle_name: middle_name ?? "",
        phone: phone ?? null,
      });
    } catch (error) {
      // The code is hidden: the backend's word on it is said in the form.
      return replyRefused(submission, error, context, { hiddenFields: ["code"] });
    }
    session.unset("registration");
    // The resident has just typed the e-mail and the password: signed in with them, not asked again.
    const signedIn = await signInWithNewPassword(context, { email, password: rest.password });
    if (signedIn)
      return redirectWithToast(
        "/profile",
        { type: "success", description: t("success.registrationSignedIn") },
        signedIn,
      );
    return redirectWithToast("/auth", { type: "success", description: t("success.registration") });
  }

  // No such button: the page as it is.
  return redirect(here);
}

type PageData = Route.ComponentProps["loaderData"];

function EmailStep({
  email,
  consented,
  actionData,
}: {
  email: string;
  consented: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const result = actionData?.result;
  const [form, fields] = useForm({
    id: "register-email",
    constraint: constraints.email,
    lastResult: result,
    // Back from a later step: the consent already given (and recorded) stays given.
    defaultValue: { email, consent: consented ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegistrationEmailSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email"), consent: t("register.consent") };
  const focus = firstInvalidField(result, ["email", "consent"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.emailLead")}</p>
      <Field
        labelProps={{ children: labels.email }}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          autoFocus: focus === "email" || !focus,
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
          autoFocus: focus === "consent",
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
  const [form, fields] = useForm({
    id: "register-code",
    constraint: constraints.code,
    lastResult: actionData?.result,
    onValidate: validateWith(CodeStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { code: t("register.code") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.codeLead", { email })}</p>
      <CodeField
        id={fields.code.id}
        name={fields.code.name}
        label={labels.code}
        errors={fields.code.errors}
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
      <ResendControl key={sentAt} secondsLeft={secondsLeft} resendAt={resendAt} />
    </Form>
  );
}

function ProfileStep({
  code,
  actionData,
}: {
  code?: number;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const result = actionData?.result;
  const [form, fields] = useForm({
    id: "register-profile",
    constraint: constraints.profile,
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileStepSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The code is hidden: the action says its errors in the form (replyRefused's hiddenFields).
  const labels = {
    code: null,
    ...newPasswordLabels(t, t("register.password")),
    ...personLabels(t),
  };
  useClearPasswords(result, [fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, [
    "password",
    "password_confirmation",
    "first_name",
    "middle_name",
    "last_name",
    "phone",
  ]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs label={t("forms.honeypot")} />
      <p className="muted">{t("register.profileLead")}</p>
      <input type="hidden" name="code" value={code ?? ""} readOnly />
      <NewPasswordFields fields={fields} labels={labels} focus={focus} focusFirst />
      <PersonFields fields={fields} labels={labels} focus={focus} />
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
          <EmailStep
            email={loaderData.email}
            consented={loaderData.consented}
            actionData={actionData}
          />
        ) : null}
        {loaderData.step === "code" ? (
          <CodeStep loaderData={loaderData} actionData={actionData} />
        ) : null}
        {loaderData.step === "profile" ? (
          <ProfileStep code={loaderData.code} actionData={actionData} />
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
