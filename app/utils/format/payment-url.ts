/**
 * The payment service's address, from `PAYMENT_URL`: where it holds
 * `{account}`, the service opens on that account (the number URL-encoded);
 * without an account (the general «Перейти») the placeholder is left empty.
 */
export const accountPlaceholder = "{account}";

export function paymentUrl(template: string, account?: number | string) {
  const value = account === undefined ? "" : encodeURIComponent(String(account));
  return template.split(accountPlaceholder).join(value);
}
