// Instants shown and entered as wall-clock times in a center's zone, whatever the browser's own
// zone is: a picker works on a plain local date that stands for the zone's clock, and the
// conversion to and from the instant goes through protocol/timeZones (the server's rules).
import { dayjs } from "../../lib/dates";
import { getLocale } from "../../../providers/i18n";
import { DEFAULT_TIME_ZONE, wallClockAt, wallClockToInstant, zoneAbbreviation } from "../../../protocol/timeZones";

export type Dayjs = ReturnType<typeof dayjs>;

const pad = (n: number) => String(n).padStart(2, "0");
const ms = (iso: string) => new Date(iso).getTime();

/** The picker's value for an instant: a local date showing what a clock in `zone` shows. */
export function toWallClock(iso: string | null | undefined, zone: string): Dayjs | null {
  if (!iso || Number.isNaN(ms(iso))) return null;
  const w = wallClockAt(ms(iso), zone);
  return dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, 0));
}

/** The instant a picker's wall-clock value names in `zone` (ISO), or null. */
export function fromWallClock(value: Dayjs | null | undefined, zone: string): string | null {
  if (!value) return null;
  return new Date(
    wallClockToInstant({ year: value.year(), month: value.month() + 1, day: value.date(), hour: value.hour(), minute: value.minute() }, zone),
  ).toISOString();
}

/** The zone's calendar day of an instant, "2026-12-03": the key the calendar files entries under. */
export function dayKey(iso: string, zone: string): string {
  const w = wallClockAt(ms(iso), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "09:00 WITA" (bare: "09:00", where the zone is already said). */
export function timeInZone(iso: string, zone: string, bare = false): string {
  const w = wallClockAt(ms(iso), zone);
  const time = `${pad(w.hour)}:${pad(w.minute)}`;
  return bare ? time : `${time} ${zoneAbbreviation(zone, ms(iso))}`;
}

/** Dates read day-first in both languages ("3 Dec", "3 Des"). */
export const dateLocale = () => (getLocale() === "id" ? "id-ID" : "en-GB");

/** "3 Dec 09:00 WITA" (Indonesian: "3 Des 09:00 WITA"). */
export function dateTimeInZone(iso: string, zone: string): string {
  const day = new Intl.DateTimeFormat(dateLocale(), { day: "numeric", month: "short", timeZone: zone }).format(new Date(iso));
  return `${day.replace(/\.$/, "")} ${timeInZone(iso, zone)}`;
}

/** The same wall-clock time of day as `iso`, on another day of the zone ("2026-12-05"). */
export function moveToDay(iso: string, day: string, zone: string): string {
  const w = wallClockAt(ms(iso), zone);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(wallClockToInstant({ year, month, day: date, hour: w.hour, minute: w.minute }, zone)).toISOString();
}

/** The instant a day of the zone begins ("2026-12-03" → its midnight). */
export function startOfDay(day: string, zone: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(wallClockToInstant({ year, month, day: date, hour: 0, minute: 0 }, zone)).toISOString();
}

/** A picker day (local date) as the calendar's day key. */
export const keyOfDate = (value: Dayjs) => value.format("YYYY-MM-DD");

export const zoneOr = (zone: string | null | undefined) => zone || DEFAULT_TIME_ZONE;

/** When a version was on the website: "Live from 3 Dec 09:00 WIB until 5 Dec 00:00 WIB", or null. */
export function liveSpan(
  row: { live_from?: string | null; live_until?: string | null },
  zone: string,
  t: (key: "schedule.wentLive" | "schedule.cameDown", values: Record<string, unknown>) => string,
): string | null {
  if (!row.live_from) return null;
  const from = t("schedule.wentLive", { at: dateTimeInZone(row.live_from, zone) });
  return row.live_until ? `${from} ${t("schedule.cameDown", { at: dateTimeInZone(row.live_until, zone) })}` : from;
}
