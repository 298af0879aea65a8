// How the reports write their figures: durations in business time, days and months in the
// console's language.
import { t } from "../../../providers/i18n";
import type { BusinessHours } from "../../../protocol/reports";
import { dateLocale } from "../schedule/zoned";

/** Seconds of business time as people read them: "45 s", "12 min", "3 h 5 min"; a dash for none. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return t("reports.none");
  if (seconds < 60) return t("reports.duration.seconds", { n: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t("reports.duration.minutes", { n: minutes });
  return t("reports.duration.hours", { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** Seconds as minutes with one decimal, for a chart's axis; null stays a gap. */
export const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** A calendar day ("2030-03-04") as "4 Mar" (or with its year: "4 Mar 2030"). */
export function dayLabel(day: string, withYear = false): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(dateLocale(), { day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/** A month ("2030-03") as "Mar 2030". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(dateLocale(), { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}

/** "Mon–Fri 08:00–17:00" */
export function hoursLabel(hours: BusinessHours): string {
  const weekdays = hours.days.join(",") === "1,2,3,4,5" ? t("reports.weekdays") : hours.days.length === 7 ? t("reports.everyDay") : weekdayNames(hours.days);
  return `${weekdays} ${hours.opens}–${hours.closes}`;
}

function weekdayNames(days: number[]): string {
  // 2024-01-01 was a Monday: ISO day n is 2024-01-0n.
  const format = new Intl.DateTimeFormat(dateLocale(), { weekday: "short", timeZone: "UTC" });
  return days.map((n) => format.format(new Date(Date.UTC(2024, 0, n)))).join(", ");
}

/** A share as a percentage with no decimals; a dash when there is nothing to divide. */
export const percent = (part: number, whole: number) => (whole === 0 ? t("reports.none") : `${Math.round((part / whole) * 100)}%`);
