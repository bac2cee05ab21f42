/**
 * Times are stored as integer microseconds since the Unix epoch (UTC) and
 * rendered like Django REST framework renders aware datetimes in the server's
 * time zone (Asia/Yakutsk, +09:00): `2026-03-01T09:30:00.123456+09:00`, the
 * fraction omitted when it is zero (Python's `isoformat()`).
 */
import { TZ_OFFSET_MINUTES, TZ_SUFFIX } from "./config.js";

const OFFSET_MICROS = TZ_OFFSET_MINUTES * 60 * 1_000_000;
const DAY_MICROS = 24 * 60 * 60 * 1_000_000;

let lastNow = 0;

/** Current time in microseconds, strictly increasing within the process. */
export function nowMicros(): number {
  const value = Math.round((performance.timeOrigin + performance.now()) * 1000);
  lastNow = value > lastNow ? value : lastNow + 1;
  return lastNow;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** ISO 8601 in the server's time zone, with microseconds when not zero. */
export function formatTime(micros: number): string {
  const local = micros + OFFSET_MICROS;
  const fraction = ((local % 1_000_000) + 1_000_000) % 1_000_000;
  const date = new Date((local - fraction) / 1000);
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${base}${fraction ? `.${pad(fraction, 6)}` : ""}${TZ_SUFFIX}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDate(year: number, month: number, day: number): boolean {
  return (
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Microseconds of local (+09:00) midnight of a calendar day. */
function localMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) * 1000 - OFFSET_MICROS;
}

/**
 * A calendar day as Django's DateField reads it (ISO `YYYY-MM-DD` and the
 * Russian `DD.MM.YYYY`): the [start, end) range of that day in the server's
 * time zone, or null when malformed.
 */
export function parseDay(input: string): { start: number; end: number } | null {
  const value = input.trim();
  let year: number, month: number, day: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value))) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return null;
  }
  if (!validDate(year, month, day)) return null;
  const start = localMidnight(year, month, day);
  return { start, end: start + DAY_MICROS };
}

const DATETIME_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * A timestamp as django-filter's IsoDateTimeField reads it (Django's
 * parse_datetime): date, optional time, fraction and offset; naive values
 * are in the server's time zone. Microseconds since the epoch, or null.
 */
export function parseDateTime(input: string): number | null {
  const match = DATETIME_RE.exec(input.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hour = Number(match[4] ?? 0);
  const minute = Number(match[5] ?? 0);
  const second = Number(match[6] ?? 0);
  const micro = match[7] ? Number(match[7].slice(0, 6).padEnd(6, "0")) : 0;
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = TZ_OFFSET_MINUTES;
  const zone = match[8];
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || 0);
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  } else if (zone) {
    offsetMinutes = 0;
  }
  const utcMillis = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return utcMillis * 1000 + micro;
}

/** Seed helper: a local (+09:00) wall-clock time like `2026-03-01T09:30:00.123456`. */
export function localTime(value: string): number {
  const micros = parseDateTime(value);
  if (micros === null) throw new Error(`bad seed time ${value}`);
  return micros;
}
