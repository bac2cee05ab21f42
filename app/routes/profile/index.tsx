/**
 * The profile: the resident's data from users/me, a form to change names and
 * phone (update_me) and one to change the password (update_password), told
 * apart by the `intent` each carries (hidden: conform's re-validation, which
 * presses no button, carries it too). Both work without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";
import type { z } from "zod";

import { NewPasswordFields, newPasswordLabels } from "~/components/auth/new-password-fields";
import { formatPhone } from "~/components/auth/phone-input";
import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { PersonFields, personLabels } from "~/components/person-fields";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { formatFor } from "~/server/format/formatters.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { requireUser } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import type { ProfileDetails, ProfileLayoutData } from "~/utils/api/types";
import { PasswordSchema, ProfileSchema } from "~/utils/schemas/profile";

import type { Route } from "./+types/index";

export const middleware: Route.MiddlewareFunction[] = [requireUser];

const profileFormId = "profile-data";
const passwordFormId = "profile-password";

type Me = ProfileDetails;

/** What the resident's accounts add up to: how many, what is owed in all, when they last changed. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await getApi(context).accounts.list({ page_size: 100 });
  // Kopecks, so that decimal strings add up exactly.
  const owedKopecks = list.results.reduce((sum, account) => {
    const kopecks = Math.round(Number(account.balance) * 100);
    return Number.isFinite(kopecks) && kopecks > 0 ? sum + kopecks : sum;
  }, 0);
  const latest = list.results.reduce<string | null>(
    (last, account) =>
      !last || Date.parse(account.updated_at) > Date.parse(last) ? account.updated_at : last,
    null,
  );
  const format = formatFor(context);
  const owed = (owedKopecks / 100).toFixed(2);
  return {
    accounts: {
      count: list.count,
      countText: format.number(list.count),
      owedText: owedKopecks > 0 ? format.money(owed) : null,
      latestText: latest ? format.date(latest) : null,
    },
    // The schemas' rules as HTML attributes: the schemas themselves stay on the server.
    constraints: {
      profile: getZodConstraint(ProfileSchema),
      password: getZodConstraint(PasswordSchema),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const intent = formData.get("intent");
  const api = getApi(context);
  const { t } = getI18n(context);

  // Two forms on the page: the answer names the one it is about (its `intent`).
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply() }, { status: 400 });
    const { middle_name, phone, ...names } = submission.value;
    try {
      await api.users.updateMe({ ...names, middle_name: middle_name ?? "", phone: phone ?? null });
      // The top bar's names come from the access token: fetch one with the new names.
      await api.refreshTokens();
    } catch (error) {
      const refused = replyRefused(submission, error, context);
      return data({ intent, ...refused.data }, refused.init ?? undefined);
    }
    // Post, then redirect: the toast shows on the next page, with or without JavaScript.
    return redirectWithToast("/profile", { type: "success", description: t("success.profile") });
  }
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: PasswordSchema });
    const hideFields = ["old_password", "password", "password_confirmation"];
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    try {
      await api.users.updatePassword(submission.value);
    } catch (error) {
      const refused = replyRefused(submission, error, context);
      return data({ intent, ...refused.data }, refused.init ?? undefined);
    }
    return redirectWithToast("/profile", { type: "success", description: t("success.password") });
  }
  // No such button: the page as it is.
  return redirect("/profile");
}

/** The resident's data comes from the profile layout's loader (users/me). */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me, joinedText } = useRouteLoaderData<ProfileLayoutData>("routes/profile/layout")!;
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
            <dd>{me.phone ? formatPhone(me.phone) : t("profile.noPhone")}</dd>
          </div>
        </dl>
        <p className="muted small">{t("profile.joined", { date: joinedText })}</p>
      </section>
      <AccountsSummary {...loaderData.accounts} />
      <div className="two-columns">
        <section className="card">
          <ProfileForm
            key={`${me.first_name}|${me.last_name}|${me.middle_name}|${me.phone}`}
            me={me}
            constraint={loaderData.constraints.profile}
            actionData={actionData}
          />
        </section>
        <section className="card">
          <PasswordForm constraint={loaderData.constraints.password} actionData={actionData} />
        </section>
      </div>
    </div>
  );
}

type FormProps = Pick<Route.ComponentProps, "actionData"> & {
  constraint: Route.ComponentProps["loaderData"]["constraints"]["profile"];
};

function ProfileForm({ me, constraint, actionData }: FormProps & { me: Me }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "profile" });
  const result = actionData?.intent === "profile" ? actionData.result : undefined;
  const [form, fields] = useForm<z.input<typeof ProfileSchema>>({
    id: profileFormId,
    constraint,
    lastResult: result,
    defaultValue: {
      first_name: me.first_name,
      middle_name: me.middle_name,
      last_name: me.last_name,
      phone: me.phone ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = personLabels(t);
  return (
    <Form
      method="POST"
      className="form"
      {...getFormProps(form)}
      aria-labelledby="profile-data-title"
    >
      <h2 id="profile-data-title">{t("profile.edit")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <input type="hidden" name="intent" value="profile" />
      <PersonFields fields={fields} labels={labels} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        <Icon name="check" />
        {t("profile.save")}
      </Button>
    </Form>
  );
}

function PasswordForm({ constraint, actionData }: FormProps) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "password" });
  const result = actionData?.intent === "password" ? actionData.result : undefined;
  const [form, fields] = useForm<z.input<typeof PasswordSchema>>({
    id: passwordFormId,
    constraint,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = {
    old_password: t("profile.oldPassword"),
    ...newPasswordLabels(t, t("profile.newPassword")),
  };
  return (
    <Form
      method="POST"
      className="form"
      {...getFormProps(form)}
      aria-labelledby="profile-password-title"
    >
      <h2 id="profile-password-title">{t("profile.passwordTitle")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <HoneypotInputs />
      <input type="hidden" name="intent" value="password" />
      <PasswordField
        labelProps={{ children: labels.old_password }}
        inputProps={{
          ...getInputProps(fields.old_password, { type: "password" }),
          autoComplete: "current-password",
        }}
        errors={fields.old_password.errors}
      />
      <NewPasswordFields fields={fields} labels={labels} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="mainSecondary" pending={pending}>
        <Icon name="shield-check" />
        {t("profile.changePassword")}
      </Button>
    </Form>
  );
}

function AccountsSummary({
  count,
  countText,
  owedText,
  latestText,
}: {
  count: number;
  countText: string;
  /** What is owed in all, written; null when nothing is. */
  owedText: string | null;
  latestText: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="card accounts-summary" aria-labelledby="accounts-summary-title">
      <h2 id="accounts-summary-title">{t("profile.accountsTitle")}</h2>
      {count === 0 ? (
        <p>{t("profile.accountsNone")}</p>
      ) : (
        <dl className="accounts-summary__figures">
          <div>
            <dt>{t("profile.accountsCount")}</dt>
            <dd>{countText}</dd>
          </div>
          <div>
            <dt>{t("profile.accountsOwed")}</dt>
            <dd className={owedText ? "accounts-summary__due" : "accounts-summary__settled"}>
              {owedText ?? t("profile.accountsNothingOwed")}
            </dd>
          </div>
          {latestText ? (
            <div>
              <dt>{t("profile.accountsUpdated")}</dt>
              <dd>{latestText}</dd>
            </div>
          ) : null}
        </dl>
      )}
      <p className="accounts-summary__links">
        <Link to="/profile/accounts" className="btn btn--mainSecondary btn--md">
          <Icon name="wallet" />
          {count === 0 ? t("profile.accountsAttach") : t("profile.accountsOpen")}
        </Link>
        {owedText ? (
          <Link to="/profile/altpayment" className="btn btn--mainPrimary btn--md">
            <Icon name="credit-card" />
            {t("profile.accountsPay")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
