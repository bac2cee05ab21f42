/**
 * Detaching an account. GET is the confirmation page (used without
 * JavaScript); POST detaches and returns to the list with a toast.
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";

import type { RouteHandle } from "~/components/shell/breadcrumbs";
import { Icon } from "~/components/ui/icon";
import { refusalTexts } from "~/server/api/refusal-texts.server";
import { requireUser } from "~/server/middleware/access.server";
import { getApi } from "~/server/middleware/api.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { redirectWithToast } from "~/server/toasts/toast.server";
import { ApiError } from "~/utils/api/errors";

import type { Route } from "./+types/detach";

export const middleware: Route.MiddlewareFunction[] = [requireUser];

export const handle: RouteHandle = {
  crumbParams: (loaderData) => ({ id: (loaderData as { account: { id: string } }).account.id }),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{10}$/.test(params.accountId)) throw data({ message: "not found" }, { status: 404 });
  const { results } = await getApi(context).accounts.list({ id: params.accountId, page_size: 1 });
  const account = results[0];
  if (!account) throw redirect("/profile/accounts");
  return { account };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { t } = getI18n(context);
  if (!/^\d{10}$/.test(params.accountId)) throw data({ message: "not found" }, { status: 404 });
  try {
    await getApi(context).accounts.detach({ id: params.accountId });
  } catch (error) {
    if (error instanceof ApiError) {
      return redirectWithToast("/profile/accounts", {
        type: "error",
        description: refusalTexts(getI18n(context)).toast(error),
      });
    }
    throw error;
  }
  return redirectWithToast("/profile/accounts", {
    type: "success",
    description: t("accounts.detached", { id: params.accountId }),
  });
}

export default function DetachPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { account } = loaderData;
  return (
    <section className="page card confirm-card" aria-labelledby="detach-title">
      <h1 id="detach-title">{t("accounts.detachTitle", { id: account.id })}</h1>
      <p>{t("accounts.detachText", { address: account.address })}</p>
      <Form method="POST" className="form__actions">
        <button type="submit" className="btn btn--dangerPrimary btn--md">
          <Icon name="trash-2" />
          {t("accounts.detachConfirm")}
        </button>
        <Link to="/profile/accounts" className="btn btn--mainSecondary btn--md">
          {t("accounts.cancel")}
        </Link>
      </Form>
    </section>
  );
}
