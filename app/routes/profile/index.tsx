/**
 * The profile: the resident's data from users/me, a form to change names and
 * phone (update_me) and one to change the password (update_password), told
 * apart by `intent`. Both work without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import { data, useRouteLoaderData } from "react-router";
import { ApiError } from "~/api/errors";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { PasswordSchema, ProfileSchema } from "~/schemas/profile";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { useFormat } from "~/utils/format";
import { constraints } from "~/schemas/constraints.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { loader as profileLoader } from "./layout";
import type { Route } from "./+types/index";
import { readFormData } from "~/utils/request.server";
import { PasswordForm, ProfileForm } from "~/components/forms";
import { formatPhone } from "~/components/auth/phone-input";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

/** What the resident's accounts add up to: how many, what is owed in all, when they last changed. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await getApi(context).accounts.list({ page_size: 100 });
  // Kopecks, so that decimal strings add up exactly.
  const owedKopecks = list.results.reduce((sum, account) => {
    const kopecks = Math.round(Number(account.balance) * 100);
    return Number.isFinite(kopecks) && kopecks > 0 ? sum + kopecks : sum;
  }, 0);
  const latest = list.results.reduce<string | null>(
    (last, account) => (!last || Date.parse(account.updated_at) > Date.parse(last) ? account.updated_at : last),
    null,
  );
  return {
    constraints: { profile: constraints.profile, password: constraints.password },
    accounts: { count: list.count, owed: (owedKopecks / 100).toFixed(2), latest },
  };
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

/** The resident's data comes from the profile layout's loader (users/me). */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
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
            <dd>{me.phone ? formatPhone(me.phone) : t("profile.noPhone")}</dd>
          </div>
        </dl>
        <p className="muted small">{t("profile.joined", { date: format.date(me.date_joined) })}</p>
      </section>
      <AccountsSummary {...loaderData.accounts} />
      <div className="two-columns">
        <section className="card">
          <ProfileForm key={`${me.first_name}|${me.last_name}|${me.middle_name}|${me.phone}`} me={me}
            constraint={loaderData.constraints.profile}
            result={actionData?.intent === "profile" ? actionData.result : undefined}
          />
        </section>
        <section className="card">
          <PasswordForm
            constraint={loaderData.constraints.password}
            result={actionData?.intent === "password" ? actionData.result : undefined}
          />
        </section>
      </div>
    </div>
  );
}

function AccountsSummary({ count, owed, latest }: { count: number; owed: string; latest: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="card accounts-summary" aria-labelledby="accounts-summary-title">
      <h2 id="accounts-summary-title">{t("profile.accountsTitle")}</h2>
      {count === 0 ? (
        <p>{t("profile.accountsNone")}</p>
      ) : (
        <dl className="accounts-summary__figures">
          <div>
            <dt>{t("profile.accountsCount")}</dt>
            <dd>{format.number(count)}</dd>
          </div>
          <div>
            <dt>{t("profile.accountsOwed")}</dt>
            <dd className={Number(owed) > 0 ? "accounts-summary__due" : "accounts-summary__settled"}>
              {Number(owed) > 0 ? format.money(owed) : t("profile.accountsNothingOwed")}
            </dd>
          </div>
          {latest ? (
            <div>
              <dt>{t("profile.accountsUpdated")}</dt>
              <dd>{format.date(latest)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      <p className="accounts-summary__links">
        <Link to="/profile/accounts" className="btn btn--mainSecondary btn--md">
          <Icon name="wallet" />
          {count === 0 ? t("profile.accountsAttach") : t("profile.accountsOpen")}
        </Link>
        {Number(owed) > 0 ? (
          <Link to="/profile/altpayment" className="btn btn--mainPrimary btn--md">
            <Icon name="credit-card" />
            {t("profile.accountsPay")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
