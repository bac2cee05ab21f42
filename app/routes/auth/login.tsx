/**
 * Sign-in. The action reads the form (honeypot, body bounds), validates it
 * with the shared schema and signs in (./sign-in.server.ts: the limits, the
 * backend's tokens kept only in the session cookie, the next page). A
 * refusal is said in the form, once: a form's errors are never repeated as a
 * toast (toasts say what succeeded).
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import type { z } from "zod";

import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { Button } from "~/components/ui/button";
import { Field, PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { signInByForm } from "~/server/auth/sign-in.server";
import { readForm } from "~/server/forms/action.server";
import { requireGuest } from "~/server/middleware/access.server";
import { getSession } from "~/server/middleware/session.server";
import { LoginSchema } from "~/utils/schemas/auth";

import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = [requireGuest];

export async function loader({ context }: Route.LoaderArgs) {
  // A message left for this page, e.g. «Сессия истекла…» (read once).
  const message = getSession(context).get("authMessage") ?? null;
  // Just registered or reset, and not signed in by the portal: the e-mail is not asked for again.
  const email = getSession(context).get("authEmail") ?? "";
  // The schema's rules as HTML attributes (required, type): the schema itself stays on the server.
  return { message, email, constraint: getZodConstraint(LoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  return signInByForm(context, submission, submission.value);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { email } = loaderData;
  const [searchParams] = useSearchParams();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { email: t("auth.email"), password: t("auth.password") };

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
          <HoneypotInputs />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field
            labelProps={{ children: labels.email }}
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "username",
              placeholder: t("auth.emailPlaceholder"),
              // Just registered or reset: the e-mail is there, the password is what is left.
              autoFocus: !form.status && !email,
            }}
            errors={fields.email.errors}
          />
          <PasswordField
            labelProps={{ children: labels.password }}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoComplete: "current-password",
              autoFocus: !form.status && Boolean(email),
            }}
            errors={fields.password.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
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
