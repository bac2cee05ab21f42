/**
 * Personal accounts: the attached ones with filters, sorting and pages; a
 * form to attach one by number and the holder's surname; a detach control
 * that asks first (a dialog with JavaScript, a confirmation page without).
 * Attaching names a household (its holder, address and balance), so wrong
 * guesses are counted per resident and per client (app/server/http/limits.server.ts)
 * and "no such number" and "wrong surname" read the same.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { z } from "zod";

import { Balance, balanceView } from "~/components/balance";
import { ConfirmLink } from "~/components/confirm-link";
import { FilterForm, FilterInput, FilterSelect } from "~/components/filters";
import { ErrorSummary, FormErrors, HoneypotInputs, useIsPending } from "~/components/forms/form";
import { IgnoredParams, ListResult } from "~/components/pagination";
import { PayAccountLink } from "~/components/pay-account-link";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/fields";
import { Icon } from "~/components/ui/icon";
import { formatFor } from "~/server/format/formatters.server";
import { readForm, replyRefused } from "~/server/forms/action.server";
import { getLimits } from "~/server/http/limits.server";
import { loadListPage } from "~/server/lists/list-page.server";
import { requireUser } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { getUser } from "~/server/middleware/user.server";
import { logger } from "~/server/monitoring/logger.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { ApiError } from "~/utils/api/errors";
import type { Account } from "~/utils/api/types";
import { requestMetaContext } from "~/utils/http/request-context";
import { parseChoice, parsePage, parseText } from "~/utils/lists/list-query";
import { AttachSchema } from "~/utils/schemas/profile";

import type { Route } from "./+types/accounts";

export const middleware: Route.MiddlewareFunction[] = [requireUser];

const pageSize = 10;
const attachFormId = "attach-account";

/** The contract's attach refusals that a guess gets (docs/api-contract.md): said alike, counted. */
const guessRefusals = new Set(["not_found", "mismatch"]);

const sorts = { number: "id", address: "address", debt: "-balance", prepaid: "balance" } as const;
type Sort = keyof typeof sorts;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const ignored: string[] = [];
  const page = parsePage(params.get("page")) ?? (ignored.push("page"), 1);
  const sort =
    parseChoice(params.get("sort"), Object.keys(sorts) as Sort[], "number") ??
    (ignored.push("sort"), "number");
  const address = parseText(params.get("address"));
  const numberParam = parseText(params.get("number"), 10);
  const number = /^\d*$/.test(numberParam) ? numberParam : "";
  if (numberParam && !number) ignored.push("number");
  const query = {
    address__icontains: address,
    id_starts_with: number,
    ordering: sorts[sort],
    page,
    page_size: pageSize,
  };
  const api = getApi(context);
  const list = await loadListPage(request, page, pageSize, (target) =>
    api.accounts.list({ ...query, page: target }),
  );
  const format = formatFor(context);
  return {
    accounts: list.results.map((account) => ({
      ...account,
      balanceShown: balanceView(account.balance, format),
      updatedText: format.date(account.updated_at),
    })),
    count: list.count,
    page,
    pages: list.pages,
    // What was typed stays in the field, to be corrected; only a valid number filters.
    filters: { address, number: numberParam, sort },
    ignored,
    // The schema's rules as HTML attributes: the schema itself stays on the server.
    attachConstraint: getZodConstraint(AttachSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  const formData = await readForm(request, context);
  const submission = parseWithZod(formData, { schema: AttachSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const meta = context.get(requestMetaContext);
  // Counted before the backend is asked, so parallel guesses cannot slip through.
  const attempt = await getLimits().attachAttempt(
    meta.clientAddress,
    String(getUser(context)?.id ?? ""),
  );
  if (attempt.refusal) return replyRefused(submission, attempt.refusal, context);
  try {
    await getApi(context).accounts.attach(submission.value);
  } catch (error) {
    const codes = error instanceof ApiError ? error.errors.map((item) => item.code) : [];
    if (codes.some((code) => guessRefusals.has(code))) {
      // Which of the two it was stays here: the page must not tell a number that exists.
      logger.info(
        { requestId: meta.requestId, operation: "clientAccountsAttach", codes },
        "account attach refused",
      );
      return data(
        { result: submission.reply({ formErrors: [t("accounts.notFound")] }) },
        { status: 400 },
      );
    }
    await attempt.notCounted();
    return replyRefused(submission, error, context);
  }
  await attempt.notCounted();
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, {
    type: "success",
    description: t("accounts.attached", { id: submission.value.id }),
  });
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

type PageData = Route.ComponentProps["loaderData"];

export default function AccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { accounts, filters, page, pages, count, ignored } = loaderData;
  const filtered = Boolean(filters.address || filters.number);
  return (
    <div className="page">
      <h1>{t("accounts.title")}</h1>
      <p className="muted">{t("accounts.lead")}</p>
      <AccountFilters filters={filters} filtered={filtered} ignored={ignored} />
      <IgnoredParams ignored={ignored} labels={{ number: t("accounts.number") }} />
      <ListResult
        empty={accounts.length === 0}
        count={count}
        filtered={filtered}
        resetTo="/profile/accounts"
        page={page}
        pages={pages}
        emptyState={
          <div className="empty-state" role="status">
            <Icon name="wallet" size="xl" color="main" />
            <p className="empty-state__title">{t("accounts.empty")}</p>
          </div>
        }
      >
        <ul className="account-list">
          {accounts.map((account) => (
            <AccountCard key={account.id} account={account} />
          ))}
        </ul>
      </ListResult>
      <section className="card attach-card">
        {/* A new key after each change of the list clears the form once an account is attached. */}
        <AttachForm key={count} constraint={loaderData.attachConstraint} actionData={actionData} />
      </section>
    </div>
  );
}

function AccountFilters({
  filters,
  filtered,
  ignored,
}: Pick<PageData, "filters" | "ignored"> & { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <FilterForm resetTo="/profile/accounts" filtered={filtered}>
      <FilterInput
        id="accounts-address"
        name="address"
        label={t("accounts.address")}
        defaultValue={filters.address}
      />
      <FilterInput
        id="accounts-number"
        name="number"
        label={t("accounts.number")}
        defaultValue={filters.number}
        error={ignored.includes("number") ? t("accounts.numberInvalid") : undefined}
        maxLength={10}
        inputMode="numeric"
      />
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
  );
}

function AccountCard({ account }: { account: PageData["accounts"][number] }) {
  const { t } = useTranslation();
  return (
    <li className="card account-card">
      <div className="account-card__head">
        <h2 className="account-card__number">
          <span className="visually-hidden">{t("accounts.colNumber")} </span>
          {account.id}
        </h2>
        <Balance balance={account.balanceShown} />
      </div>
      <p className="account-card__address">
        <Icon name="map-pin" /> {account.address}
      </p>
      <p className="muted small">
        {t("accounts.colHolder")}: {account.customer} ·{" "}
        {t("accounts.updated", { date: account.updatedText })}
      </p>
      <div className="account-card__actions">
        <PayAccountLink account={account.id} />
        <DetachControl account={account} />
      </div>
    </li>
  );
}

/** Attaching an account by its number and the holder's surname as on the bill. */
function AttachForm({
  constraint,
  actionData,
}: Pick<Route.ComponentProps, "actionData"> & {
  constraint: Route.ComponentProps["loaderData"]["attachConstraint"];
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const [form, fields] = useForm<z.input<typeof AttachSchema>>({
    id: attachFormId,
    constraint,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const labels = { id: t("accounts.attachNumber"), customer: t("accounts.attachSurname") };
  return (
    <Form method="POST" className="form" {...getFormProps(form)} aria-labelledby="attach-title">
      <h2 id="attach-title">{t("accounts.attachTitle")}</h2>
      <ErrorSummary form={form} labels={labels} />
      <p className="muted">{t("accounts.attachLead")}</p>
      <HoneypotInputs />
      <Field
        labelProps={{ children: labels.id }}
        inputProps={{
          ...getInputProps(fields.id, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "off",
          autoFocus: Boolean(fields.id.errors),
        }}
        hint={t("accounts.attachNumberHint")}
        errors={fields.id.errors}
      />
      <Field
        labelProps={{ children: labels.customer }}
        inputProps={{
          ...getInputProps(fields.customer, { type: "text" }),
          autoComplete: "family-name",
          autoFocus: !fields.id.errors && Boolean(fields.customer.errors),
        }}
        errors={fields.customer.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={pending}>
        <Icon name="plus" />
        {t("accounts.attach")}
      </Button>
    </Form>
  );
}
