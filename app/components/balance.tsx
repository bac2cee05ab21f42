import { useTranslation } from "react-i18next";

import type { Formatters } from "~/utils/format/format";

/** An account's balance as its page shows it, the sum written by the loader. */
export type BalanceView = { state: "settled" } | { state: "due" | "prepaid"; sum: string };

/** What the holder owes (a positive balance), has paid in advance (negative), or nothing. */
export function balanceView(value: string, format: Formatters): BalanceView {
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount === 0) return { state: "settled" };
  return amount > 0
    ? { state: "due", sum: format.money(value) }
    : { state: "prepaid", sum: format.money(String(-amount)) };
}

export function Balance({ balance }: { balance: BalanceView }) {
  const { t } = useTranslation();
  if (balance.state === "settled") {
    return <span className="balance balance--settled">{t("accounts.settled")}</span>;
  }
  return (
    <span className={`balance balance--${balance.state}`}>
      {t(balance.state === "due" ? "accounts.toPay" : "accounts.prepaid")}:{" "}
      <strong>{balance.sum}</strong>
    </span>
  );
}
