/**
 * What the portal writes itself (dates, money, counts) follows the interface
 * language through Intl; data from the backend is shown as given. Sakha falls
 * back to Russian formats, as its texts fall back to Russian.
 *
 * Loaders write them (`formatFor` in app/server/format/format.server.ts) and
 * pages show the text: the browser would otherwise start Intl to hydrate a
 * date, its first formatter costing a long task on a slow phone (about 80 ms
 * at Lighthouse's 4x slowdown), and a client navigation gets its page's text
 * from the loader anyway.
 */
import { intlLocale, type Language } from "~/utils/i18n/config";

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The company's time zone: dates are the days its residents live in. */
const timeZone = "Asia/Yakutsk";

export interface Formatters {
  /** «12 марта 2026» / "12 March 2026", in the company's time zone. */
  date(iso: string): string;
  /** A decimal string from the backend ("1520.40") as «1 520,40 ₽» / "RUB 1,520.40". */
  money(decimal: string): string;
  /** A count: «1 234» / "1,234". */
  number(value: number): string;
  /** A clock time in the company's time zone: «18:42». */
  time(ms: number): string;
}

const cache = new Map<Language, Formatters>();

export function formatters(language: Language): Formatters {
  let found = cache.get(language);
  if (found) return found;
  const locale = intlLocale[language];
  const longDate = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  });
  const currency = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "RUB",
    minimumFractionDigits: 2,
  });
  const integer = new Intl.NumberFormat(locale);
  const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone });
  found = {
    date(iso) {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return "";
      // Russian long dates end in «г.»; the portal writes them without it.
      return longDate.format(date).replace(/\s*г\.$/, "");
    },
    money(decimal) {
      const value = Number(decimal);
      return decimal.trim() !== "" && Number.isFinite(value) ? currency.format(value) : decimal;
    },
    number: (value) => integer.format(value),
    time: (ms) => clock.format(new Date(ms)),
  };
  cache.set(language, found);
  return found;
}

/**
 * A backend time for `<time datetime>`: HTML allows at most three fraction
 * digits, Django sends six.
 */
export function machineTime(iso: string) {
  return iso.replace(/(\.\d{3})\d+/, "$1");
}

/**
 * A tariff's unit from the backend («м²», «кВт·ч», «чел.») in the page's
 * language: looked up in the locale files (`rates.units`, keyed by the unit
 * without its dots, which i18next reads as nesting); a unit they do not list
 * is shown as the backend wrote it.
 */
export function unitLabel(
  unit: string,
  t: (key: string, options: { defaultValue: string }) => string,
): string {
  const key = unit.trim().replace(/[.:]/g, "");
  return key ? t(`rates.units.${key}`, { defaultValue: unit }) : unit;
}
