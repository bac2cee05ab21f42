/** Formatting shared by pages: phone links, Russian dates, roubles. */

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const longDate = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Yakutsk",
});

/** «12 марта 2026», in the company's time zone. */
export function formatDate(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return longDate.format(date).replace(/\s*г\.$/, "");
}

const roubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", minimumFractionDigits: 2 });

/** A decimal string from the backend ("1520.40") as «1 520,40 ₽». */
export function formatRoubles(decimal: string) {
  const value = Number(decimal);
  return Number.isFinite(value) ? roubles.format(value) : decimal;
}
