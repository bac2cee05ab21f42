/**
 * Sign-in. The action checks the honeypot, validates with the shared schema,
 * asks the backend for tokens and keeps them only in the session cookie.
 * Wrong credentials show the backend's second error detail (then the
 * first, then our own text) in the form, once: a form's errors are never
 * repeated as a toast (toasts say what succeeded). Failures are
 * counted per account and per client: answers slow down, then stop
 * (app/utils/limits.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data, Link } from "react-router";
import { ApiError } from "~/api/errors";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { LoginSchema } from "~/schemas/auth";
import { refusalInit, refusalMessage, retryAfterHeaders } from "~/utils/auth-flow.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { getLimits } from "~/utils/limits.server";
import { requestMetaContext } from "~/utils/request-context";
import { constraints } from "~/schemas/constraints.server";
import { signedInHintCookie } from "~/utils/preferences.server";
import { safeRedirect } from "~/utils/redirect";
import { getSession, startSignedInSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/login";
import { readFormData } from "~/utils/request.server";
import { LoginForm } from "~/components/forms";

/** A refusal (429) tells when to come back in the page's own response. */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  // A message left for this page, e.g. «Сессия истекла…» (read once).
  const message = getSession(context).get("authMessage") ?? null;
  return { message, constraint: constraints.login };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { t } = getI18n(context);
  const { email, password, redirectTo } = submission.value;
  // Counted before the backend is asked, known account or not: the answer never tells which.
  const attempt = await getLimits().loginAttempt(context.get(requestMetaContext).clientAddress, email);
  if (attempt.refusal) {
    const message = refusalMessage(attempt.refusal, t);
    return data({ result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, refusalInit(attempt.refusal));
  }
  try {
    const pair = await getApi(context).users.login({ email, password });
    startSignedInSession(getSession(context), pair);
    await attempt.succeeded();
  } catch (error) {
    let message: string;
    if (error instanceof ApiError) {
      message = error.detail(1, t("auth.loginFailed"));
      await attempt.failed();
    } else if (isBackendFailure(error)) {
      message = t("errors:unavailable");
      await attempt.notCounted();
    } else {
      await attempt.notCounted();
      throw error;
    }
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: error instanceof ApiError ? 400 : isBackendFailure(error) ? error.init.status : 503 },
    );
  }
  // No target: the profile. A target off this site (//evil.example): home.
  const target = redirectTo ? safeRedirect(redirectTo, "/") : "/profile";
  return redirectWithToast(
    target,
    { type: "success", description: t("success.auth") },
    { headers: { "Set-Cookie": await signedInHintCookie.serialize("1") } },
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
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
        <LoginForm constraint={loaderData.constraint} result={actionData?.result} />
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
