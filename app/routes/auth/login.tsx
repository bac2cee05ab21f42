/**
 * Sign-in. The action checks the honeypot, validates with the shared schema,
 * asks the backend for tokens and keeps them only in the session cookie.
 * Wrong credentials show the backend's second error detail (then the
 * first, then our own text) in Russian, the portal's own text in other
 * languages (app/api/refusal-texts.server.ts), in the form, once: a form's errors are never
 * repeated as a toast (toasts say what succeeded). Failures are
 * counted per account and per client: answers slow down, then stop
 * (app/http/limits.server.ts).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { ApiError } from "~/api/errors";
import { refusalTexts } from "~/api/refusal-texts.server";
import { Button } from "~/components/ui/button";
import { Field, PasswordField, SaidTexts } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { ErrorSummary } from "~/forms/form-errors";
import { firstInvalidField, useClearPasswords } from "~/forms/focus";
import { HoneypotInputs } from "~/forms/honeypot-inputs";
import { useIsPending } from "~/forms/pending";
import { retryAfterHeaders } from "~/forms/refusals.server";
import { resultFor } from "~/forms/reply";
import { handleSubmission } from "~/forms/submission.server";
import { validateWith } from "~/forms/validation";
import { readErrorText } from "~/i18n/foreign-text";
import { getI18n } from "~/middleware/i18n.server";
import { getLimits } from "~/http/limits.server";
import { requestMetaContext } from "~/http/request-context";
import { safeRedirect } from "~/http/redirect";
import { getSession } from "~/middleware/session.server";
import { LoginSchema } from "~/schemas/auth";
import type { Route } from "./+types/login";
import { signIn } from "./sign-in.server";

const constraint = getZodConstraint(LoginSchema);

/** A refusal (429) tells when to come back in the page's own response. */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  // A message left for this page, e.g. «Сессия истекла…» (read once).
  const message = getSession(context).get("authMessage") ?? null;
  // Just registered or reset, and not signed in by the portal: the e-mail is not asked for again.
  const email = getSession(context).get("authEmail") ?? "";
  return { message, email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  return handleSubmission({ id: "login", schema: LoginSchema }, { request, context }, async ({ email, password, redirectTo }, reply) => {
    // Counted before the backend is asked, known account or not: the answer never tells which.
    const attempt = await getLimits().loginAttempt(context.get(requestMetaContext).clientAddress, email);
    if (attempt.refusal) return reply.refusal(attempt.refusal);
    let signedIn: ResponseInit;
    try {
      signedIn = await signIn(context, { email, password });
      await attempt.succeeded();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        await attempt.notCounted();
        throw error;
      }
      await attempt.failed();
      return reply.formError(refusalTexts(getI18n(context)).message(error, 1, t("auth.loginFailed")));
    }
    // No target: the profile. A target off this site (//evil.example): home.
    const target = redirectTo ? safeRedirect(redirectTo, "/") : "/profile";
    return reply.success(target, t("success.auth"), signedIn);
  });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { email } = loaderData;
  const [searchParams] = useSearchParams();
  const isPending = useIsPending();
  const result = resultFor(actionData, "login");
  const [form, fields] = useForm({
    id: "login",
    constraint,
    lastResult: result,
    defaultValue: { email },
    onValidate: validateWith(LoginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email"), password: t("auth.password"), redirectTo: null };
  useClearPasswords(result, [fields.password.id]);
  const focus = firstInvalidField(result, ["email", "password"]);

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="card auth-card">
        <h1 id="login-title">{t("auth.loginTitle")}</h1>
        <p className="muted">{t("auth.loginLead")}</p>
        {loaderData.message ? (
          <p className="form-error" role="alert">
            <Icon name="clock" />
            {loaderData.message}
          </p>
        ) : null}
        <Form method="POST" className="form" {...getFormProps(form)}>
          <ErrorSummary form={form} labels={labels} />
          <HoneypotInputs label={t("forms.honeypot")} />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field
            labelProps={{ children: labels.email }}
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "username",
              placeholder: t("auth.emailPlaceholder"),
              autoFocus: focus === "email" || (!focus && !result && !email),
            }}
            errors={fields.email.errors}
          />
          <PasswordField
            labelProps={{ children: labels.password }}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoComplete: "current-password",
              autoFocus: focus === "password" || (!focus && !result && Boolean(email)),
            }}
            errors={fields.password.errors}
          />
          {form.errors?.length ? (
            <div id={form.errorId} className="form-error" role="alert">
              <Icon name="circle-alert" />
              <SaidTexts texts={form.errors.map(readErrorText)} />
            </div>
          ) : null}
          <Button type="submit" size="lg" pending={isPending}>
            <Icon name="log-in" />
            {t("auth.submit")}
          </Button>
        </Form>
        <div className="auth-links">
          <p>
            {t("auth.noAccount")} <Link to="/auth/registration">{t("auth.register")}</Link>
          </p>
          <p>
            <Link to="/auth/reset">{t("auth.forgot")}</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
