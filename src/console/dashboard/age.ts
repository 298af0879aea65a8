// How long something has waited, in the reader's language ("3 days", "3 hari"), from the browser's
// own Intl rather than dayjs's relative time: the welcome page carries no date library.
import { intlLocale } from "../../../providers/i18n";

const MINUTE = 60_000;
const UNITS: [unit: "year" | "month" | "week" | "day" | "hour" | "minute", ms: number][] = [
  ["year", 365 * 24 * 60 * MINUTE],
  ["month", 30 * 24 * 60 * MINUTE],
  ["week", 7 * 24 * 60 * MINUTE],
  ["day", 24 * 60 * MINUTE],
  ["hour", 60 * MINUTE],
  ["minute", MINUTE],
];

/** The time from `at` to `now` (the server's clock) in its largest whole unit, at least a minute. */
export function ageOf(at: string, now: string): string {
  const span = Math.max(0, Date.parse(now) - Date.parse(at));
  const [unit, ms] = UNITS.find(([, size]) => span >= size) ?? UNITS[UNITS.length - 1]!;
  return new Intl.NumberFormat(intlLocale(), { style: "unit", unit, unitDisplay: "long" }).format(Math.max(1, Math.floor(span / ms)));
}

/** "Tue 3 Dec, 09:00" on the clock of `zone`, in the reader's language. */
export function whenIn(at: string, zone: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: zone }).format(
    new Date(at),
  );
}
