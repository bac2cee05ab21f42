/**
 * The profile: the resident's data from users/me, a form to change names and
 * phone (update_me) and one to change the password (update_password), told
 * apart by `intent`. Both work without JavaScript.
 */
import { useTranslation } from "react-i18next";
import { redirect, useRouteLoaderData } from "react-router";
import { getI18n } from "~/middleware/i18n.server";
import { getApi } from "~/middleware/api.server";
import { constraintsOf, handleSubmission, readForm } from "~/forms/submission.server";
import { useFormat } from "~/format/format";
import type { loader as profileLoader } from "./layout";
import type { Route } from "./+types/index";
import { passwordForm, profileForm } from "./index.form";
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
    constraints: { profile: await constraintsOf(profileForm), password: await constraintsOf(passwordForm) },
    accounts: { count: list.count, owed: (owedKopecks / 100).toFixed(2), latest },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const intent = formData.get("intent");
  const api = getApi(context);
  const { t } = getI18n(context);

  if (intent === "profile") {
    return handleSubmission(profileForm, { request, context, formData }, async ({ middle_name, phone, ...names }, reply) => {
      await api.users.updateMe({ ...names, middle_name: middle_name ?? "", phone: phone ?? null });
      // The top bar's names come from the access token: fetch one with the new names.
      await api.refreshTokens();
      // Post, then redirect: the toast shows on the next page, with or without JavaScript.
      return reply.success("/profile", t("success.profile"));
    });
  }
  if (intent === "password") {
    return handleSubmission(passwordForm, { request, context, formData }, async (value, reply) => {
      await api.users.updatePassword(value);
      return reply.success("/profile", t("success.password"));
    });
  }
  // No such button: the page as it is.
  return redirect("/profile");
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
          <profileForm.Form
            key={`${me.first_name}|${me.last_name}|${me.middle_name}|${me.phone}`}
            me={me}
            constraint={loaderData.constraints.profile}
            actionData={actionData}
          />
        </section>
        <section className="card">
          <passwordForm.Form constraint={loaderData.constraints.password} actionData={actionData} />
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
