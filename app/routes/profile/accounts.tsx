/**
 * Personal accounts: the attached ones with filters, sorting and pages; a
 * form to attach one by number and the holder's surname; a detach control
 * that asks first (a dialog with JavaScript, a confirmation page without).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { constraints } from "~/schemas/constraints.server";
import { AttachForm } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { ApiError } from "~/api/errors";
import type { Account } from "~/api/types";
import { Balance } from "~/components/balance";
import { ConfirmLink } from "~/components/confirm-link";
import { EmptyResult, IgnoredParams, Pagination } from "~/components/pagination";
import { Icon } from "~/components/ui/icon";
import { getI18n } from "~/i18n/i18next.server";
import { getApi, isBackendFailure } from "~/middleware/api.server";
import { AttachSchema } from "~/schemas/profile";
import { replyWithApiError } from "~/utils/auth-flow.server";
import { useFormat } from "~/utils/format";
import { checkHoneypot } from "~/utils/honeypot.server";
import { parseChoice, parsePage, parseText } from "~/utils/list-query";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/accounts";
import { readFormData } from "~/utils/request.server";
import { loadListPage } from "~/utils/list-page.server";
import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";

const pageSize = 10;
const sorts = { number: "id", address: "address", debt: "-balance", prepaid: "balance" } as const;
type Sort = keyof typeof sorts;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const sort = parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "number") ?? (ignored.push("sort"), "number");
  const address = parseText(params.get("address"));
  const numberParam = parseText(params.get("number"), 10);
  const number = /^\d*$/.test(numberParam) ? numberParam : "";
  if (numberParam && !number) ignored.push("number");
  const query = { address__icontains: address, id_starts_with: number, ordering: sorts[sort], page, page_size: pageSize };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) => api.accounts.list({ ...query, page: target }));
  return {
    accounts: list.results,
    count: list.count,
    page,
    pages: list.pages,
    // What was typed stays in the field, to be corrected; only a valid number filters.
    filters: { address, number: numberParam, sort },
    ignored,
    constraint: constraints.attach,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  await checkHoneypot(formData);
  const { t } = getI18n(context);
  const submission = parseWithZod(formData, { schema: AttachSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await getApi(context).accounts.attach(submission.value);
  } catch (error) {
    if (error instanceof ApiError) {
      return data({ result: replyWithApiError(submission.reply, error, ["id", "customer"], t) }, { status: 400 });
    }
    if (isBackendFailure(error)) return data({ result: submission.reply({ formErrors: [t("errors:unavailable")] }) }, { status: 503 });
    throw error;
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { type: "success", description: t("accounts.attached", { id: submission.value.id }) });
}

function DetachControl({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <ConfirmLink
      href={`/profile/accounts/${account.id}/detach`}
      label={t("accounts.detach")}
      ariaLabel={t("accounts.detachLabel", { id: account.id })}
      title={t("accounts.detachTitle", { id: account.id })}
      text={<p>{t("accounts.detachText", { address: account.address })}</p>}
      confirmLabel={t("accounts.detachConfirm")}
    />
  );
}

export default function AccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { accounts, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.address || filters.number);
  return (
    <div className="page">
      <h1>{t("accounts.title")}</h1>
      <p className="muted">{t("accounts.lead")}</p>
      <FilterForm resetTo="/profile/accounts" filtered={filtered}>
        <FilterInput id="accounts-address" name="address" label={t("accounts.address")} defaultValue={filters.address} />
        <FilterInput id="accounts-number" name="number" label={t("accounts.number")} defaultValue={filters.number} error={ignored.includes("number") ? t("accounts.numberInvalid") : undefined} maxLength={10} inputMode="numeric" />
        <FilterSelect
          id="accounts-sort"
          name="sort"
          label={t("list.sort")}
          defaultValue={filters.sort}
          options={[
            { value: "number", label: t("accounts.sortNumber") },
            { value: "address", label: t("accounts.sortAddress") },
            { value: "debt", label: t("accounts.sortBalanceDesc") },
            { value: "prepaid", label: t("accounts.sortBalanceAsc") },
          ]}
        />
      </FilterForm>
      <IgnoredParams ignored={ignored} labels={{ number: t("accounts.number") }} />
      {accounts.length === 0 ? (
        filtered ? (
          <EmptyResult filtered resetTo="/profile/accounts" />
        ) : (
          <div className="empty-state" role="status">
            <Icon name="wallet" size="xl" color="main" />
            <p className="empty-state__title">{t("accounts.empty")}</p>
          </div>
        )
      ) : (
        <>
          <p className="muted" role="status">
            {t("list.found", { count })}
          </p>
          <ul className="account-list">
            {accounts.map((account) => (
              <li key={account.id} className="card account-card">
                <div className="account-card__head">
                  <h2 className="account-card__number">
                    <span className="visually-hidden">{t("accounts.colNumber")} </span>
                    {account.id}
                  </h2>
                  <Balance value={account.balance} />
                </div>
                <p className="account-card__address">
                  <Icon name="map-pin" /> {account.address}
                </p>
                <p className="muted small">
                  {t("accounts.colHolder")}: {account.customer} · {t("accounts.updated", { date: format.date(account.updated_at) })}
                </p>
                <DetachControl account={account} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pages} />
        </>
      )}
      <section className="card attach-card">
        {/* A new key after each change of the list clears the form once an account is attached. */}
        <AttachForm key={count} constraint={loaderData.constraint} result={actionData?.result} />
      </section>
    </div>
  );
}
