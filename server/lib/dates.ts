// Every date and instant the server reads (bodies, query strings, socket payloads) is checked here,
// by the rules of what PostgreSQL stores and the driver reads back: a real calendar day, a time
// of day, an offset within ±15:59 (PostgreSQL refuses more), and years 1000 to 9999 both as
// written and in UTC (past 9999 PostgreSQL's text form gains a digit that ISO 8601 and the
// console do not read; before 1000 the driver's reading of a year is unreliable). What fails is
// a 400 naming the field, never a database error.

/** The earliest and latest years a date or instant may have. */
export const YEARS = { min: 1000, max: 9999 } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date, then optionally a time (seconds and fraction optional) and an offset (Z, ±HH, ±HHMM, ±HH:MM).
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
// RFC 3339's date-time, which JSON Schema's "date-time" names: seconds and an offset required.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

function realDay(year: number, month: number, day: number): boolean {
  if (year < YEARS.min || year > YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar date written YYYY-MM-DD (no 2024-02-30, no month 13), in years 1000–9999. */
export function isCalendarDate(text: string): boolean {
  const match = DAY.exec(text);
  return !!match && realDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * A date, or a date and time, as an ISO string in UTC; null when it is not one PostgreSQL would
 * take. Without an offset the time is UTC; without a time it is midnight UTC (a range filter's day).
 */
export function toInstant(text: string): string | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!realDay(year, month, day)) return null;
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[9]) {
    const [oh, om] = [Number(m[10]), Number(m[11] ?? 0)];
    if (oh > 15 || om > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const millis = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  const utcYear = new Date(utc).getUTCFullYear();
  if (utcYear < YEARS.min || utcYear > YEARS.max) return null;
  return new Date(utc).toISOString();
}

/** JSON Schema's "date-time": RFC 3339 (seconds and offset written) and an instant by toInstant. */
export function isDateTime(text: string): boolean {
  return RFC3339.test(text) && toInstant(text) !== null;
}

/** A timestamp as the API answers it (ISO 8601, UTC), whichever driver read it; null stays null. */
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** The zone a center's times are read in when it has none of its own (the school's home). */
export { DEFAULT_TIME_ZONE } from "../../protocol/timeZones.js";
import { offsetMinutes, wallClockAt } from "../../protocol/timeZones.js";

/**
 * An instant as a wall-clock time in an IANA zone with that zone's offset, "2026-11-26 14:03:05
 * +07:00": what a spreadsheet user reads as local time without losing the instant.
 */
export function inZone(instant: string | Date, zone: string): string {
  const at = new Date(instant).getTime();
  const w = wallClockAt(at, zone);
  const offset = offsetMinutes(at, zone);
  const two = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
