/**
 * Signing in, by the resident's own form or by the portal itself right after
 * the resident set a password (registration, reset): the resident typed their
 * e-mail and password once, and is not asked for them again (WCAG 2.2, 3.3.7).
 */
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";

import { refusalTexts } from "~/server/api/refusal-texts.server";
import { markSignedIn } from "~/server/auth/signed-in-hint.server";
import { replyRefused, type FormAnswer } from "~/server/forms/action.server";
import { getLimits } from "~/server/http/limits.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getSession, startSignedInSession } from "~/server/middleware/session.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { ApiError, BackendFailureResponse } from "~/utils/api/errors";
import { safeRedirect } from "~/utils/http/redirect";
import { requestMetaContext } from "~/utils/http/request-context";

type Context = Readonly<RouterContextProvider>;

/** Tokens for the pair, kept in a new session; the response's headers then mark the browser as signed in. */
export async function signIn(
  context: Context,
  credentials: { email: string; password: string },
): Promise<ResponseInit> {
  const pair = await getApi(context).users.login(credentials);
  startSignedInSession(getSession(context), pair);
  return { headers: { "Set-Cookie": await markSignedIn() } };
}

/**
 * After a password was set (registration, reset): signed in and sent to the
 * profile, saying `texts.signedIn`; or, when the backend would not sign in
 * (an account it keeps inactive, the backend gone meanwhile), sent to the
 * sign-in page with the e-mail filled in, saying `texts.signedOut`. Not
 * counted as a sign-in try (app/server/http/limits.server.ts): the portal
 * knows the password is right, nobody is guessing.
 */
export async function signInWithNewPassword(
  context: Context,
  credentials: { email: string; password: string },
  texts: { signedIn: string; signedOut: string },
) {
  const { t } = getI18n(context);
  let signedIn: ResponseInit;
  try {
    signedIn = await signIn(context, credentials);
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof BackendFailureResponse)) throw error;
    getSession(context).flash("authEmail", credentials.email);
    return redirectWithToast("/auth", { type: "success", description: t(texts.signedOut) });
  }
  return redirectWithToast(
    "/profile",
    { type: "success", description: t(texts.signedIn) },
    signedIn,
  );
}

/**
 * The sign-in form's work once its input is valid. Failures are counted per
 * account and per client before the backend is asked, known account or not
 * (the answer never tells which): answers slow down, then stop
 * (app/server/http/limits.server.ts). Wrong credentials show the backend's second
 * error detail (then the first, then our own text) in Russian, the portal's
 * own text in other languages (app/server/api/refusal-texts.server.ts), in the form.
 * Signed in: the page asked for (`redirectTo`, on this site) or the profile.
 */
export async function signInByForm(
  context: Context,
  submission: Pick<Submission<unknown>, "payload" | "reply">,
  { email, password, redirectTo }: { email: string; password: string; redirectTo?: string },
) {
  const i18n = getI18n(context);
  const attempt = await getLimits().loginAttempt(
    context.get(requestMetaContext).clientAddress,
    email,
  );
  if (attempt.refusal) return replyRefused(submission, attempt.refusal, context);
  let signedIn: ResponseInit;
  try {
    signedIn = await signIn(context, { email, password });
    await attempt.succeeded();
  } catch (error) {
    if (!(error instanceof ApiError)) {
      await attempt.notCounted();
      return replyRefused(submission, error, context);
    }
    await attempt.failed();
    const text = refusalTexts(i18n).message(error, 1, i18n.t("auth.loginFailed"));
    return data<FormAnswer>(
      { result: submission.reply({ formErrors: [text], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  // No target: the profile. A target off this site (//evil.example): home.
  const target = redirectTo ? safeRedirect(redirectTo, "/") : "/profile";
  return redirectWithToast(
    target,
    { type: "success", description: i18n.t("success.auth") },
    signedIn,
  );
}
