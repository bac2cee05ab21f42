/**
 * The profile: the resident's data from users/me, a form to change names and
 * phone (update_me) and one to change the password (update_password), told
 * apart by `intent`. Both work without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data, Form, useRouteLoaderData } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { ApiError } from "~/api/errors";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { PasswordSchema, ProfileSchema } from "~/schemas/profile";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { formatDate } from "~/utils/format";
import { firstInvalidField, useClearPasswords, useValidation, type Constraints } from "~/utils/forms";
import { constraints } from "~/schemas/constraints.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { useIsPending } from "~/utils/pending";
import { redirectWithToast } from "~/utils/toast.server";
import type { loader as profileLoader } from "./layout";
import type { Route } from "./+types/index";
import { readFormData } from "~/utils/request.server";
import { PersonFields } from "~/components/person-fields";
import { NewPasswordFields } from "~/components/auth/new-password-fields";

export function loader() {
  return { constraints: { profile: constraints.profile, password: constraints.password } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const intent = formData.get("intent");
  const api = getApi(context);
  const { t } = getI18n(context);

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { middle_name, phone, ...names } = submission.value;
    try {
      await api.users.updateMe({ ...names, middle_name: middle_name ?? "", phone: phone ?? null });
      // The top bar's names come from the access token: fetch one with the new names.
      await api.refreshTokens();
    } catch (error) {
      if (error instanceof ApiError) {
        return data({ intent, result: replyWithApiError(submission.reply, error, ["first_name", "middle_name", "last_name", "phone"], t) }, { status: 400 });
      }
      if (isBackendFailure(error)) return data({ intent, result: submission.reply({ formErrors: [t("errors:unavailable")] }) }, { status: 503 });
      throw error;
    }
    // Post, then redirect: the toast shows on the next page, with or without JavaScript.
    return redirectWithToast("/profile", { type: "success", description: t("success.profile") });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: PasswordSchema });
    const hide = ["old_password", "password", "password_confirmation"];
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hide }) }, { status: 400 });
    try {
      await api.users.updatePassword(submission.value);
    } catch (error) {
      if (error instanceof ApiError) {
        return data(
          { intent, result: replyWithApiError(submission.reply, error, ["old_password", "password", "password_confirmation"], t, hide) },
          { status: 400 },
        );
      }
      if (isBackendFailure(error)) return data({ intent, result: submission.reply({ formErrors: [t("errors:unavailable")], hideFields: hide }) }, { status: 503 });
      throw error;
    }
    return redirectWithToast("/profile", { type: "success", description: t("success.password") });
  }
  return data({ intent: null, result: undefined }, { status: 400 });
}

type ActionData = Route.ComponentProps["actionData"];
type Me = Awaited<ReturnType<typeof profileLoader>>["me"];

function ProfileForm({ me, constraint, actionData }: { me: Me; constraint: Constraints; actionData: ActionData }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "profile" });
  const result = actionData?.intent === "profile" ? actionData.result : undefined;
  const validation = useValidation(() => import("~/schemas/profile").then((m) => m.ProfileSchema));
  const [form, fields] = useForm({
    id: "profile-data",
    constraint,
    lastResult: result,
    defaultValue: { first_name: me.first_name, middle_name: me.middle_name, last_name: me.last_name, phone: me.phone ?? "" },
    ...validation.options,
  });
  const focus = firstInvalidField(result, ["last_name", "first_name", "middle_name", "phone"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers} aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">{t("profile.edit")}</h2>
      <HoneypotInputs label={t("forms.honeypot")} />
      <PersonFields fields={fields} focus={focus} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="profile" pending={pending}>
        <Icon name="check" />
        {t("profile.save")}
      </Button>
    </Form>
  );
}

function PasswordForm({ constraint, actionData }: { constraint: Constraints; actionData: ActionData }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "password" });
  const result = actionData?.intent === "password" ? actionData.result : undefined;
  const validation = useValidation(() => import("~/schemas/profile").then((m) => m.PasswordSchema));
  const [form, fields] = useForm({
    id: "profile-password",
    constraint,
    lastResult: result,
    ...validation.options,
  });
  useClearPasswords(result, [fields.old_password.id, fields.password.id, fields.password_confirmation.id]);
  const focus = firstInvalidField(result, ["old_password", "password", "password_confirmation"]);
  return (
    <Form method="POST" className="form" {...getFormProps(form)} {...validation.triggers} aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{t("profile.passwordTitle")}</h2>
      <HoneypotInputs label={t("forms.honeypot")} />
      <PasswordField
        labelProps={{ children: t("profile.oldPassword") }}
        inputProps={{ ...getInputProps(fields.old_password, { type: "password" }), autoComplete: "current-password", autoFocus: focus === "old_password" }}
        errors={fields.old_password.errors}
      />
      <NewPasswordFields fields={fields} focus={focus} label={t("profile.newPassword")} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value="password" variant="mainSecondary" pending={pending}>
        <Icon name="shield-check" />
        {t("profile.changePassword")}
      </Button>
    </Form>
  );
}

/** The resident's data comes from the profile layout's loader (users/me). */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me } = useRouteLoaderData<typeof profileLoader>("routes/profile/layout")!;
  const fullName = [me.last_name, me.first_name, me.middle_name].filter(Boolean).join(" ");
  return (
    <div className="page">
      <h1>{t("profile.title")}</h1>
      <section className="card profile-summary" aria-labelledby="profile-summary-title">
        <h2 id="profile-summary-title" className="visually-hidden">
          {t("profile.dataTitle")}
        </h2>
        <dl className="details">
          <div>
            <dt>{t("profile.name")}</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>{t("profile.email")}</dt>
            <dd>{me.email}</dd>
          </div>
          <div>
            <dt>{t("profile.phone")}</dt>
            <dd>{me.phone ? `+${me.phone}` : t("profile.noPhone")}</dd>
          </div>
        </dl>
        <p className="muted small">{t("profile.joined", { date: formatDate(me.date_joined) })}</p>
      </section>
      <div className="two-columns">
        <section className="card">
          <ProfileForm key={`${me.first_name}|${me.last_name}|${me.middle_name}|${me.phone}`} me={me} constraint={loaderData.constraints.profile} actionData={actionData} />
        </section>
        <section className="card">
          <PasswordForm constraint={loaderData.constraints.password} actionData={actionData} />
        </section>
      </div>
    </div>
  );
}
