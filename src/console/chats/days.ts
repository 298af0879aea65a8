// A thread's messages under a heading per calendar day (the browser's own time zone): Today,
// Yesterday, then the date.
import { dayjs } from "../../lib/dates";
import { t } from "../../../providers/i18n";

export interface DayGroup<T> {
  /** YYYY-MM-DD, local. */
  key: string;
  label: string;
  items: T[];
}

/** "Today", "Yesterday", "Monday, 3 March" this year, else "3 March 2024". */
export function dayLabel(at: string | Date, now: Date = new Date()): string {
  const day = dayjs(at).startOf("day");
  const today = dayjs(now).startOf("day");
  const ago = today.diff(day, "day");
  if (ago === 0) return t("chats.today");
  if (ago === 1) return t("chats.yesterday");
  return day.year() === today.year() ? day.format("dddd, D MMMM") : day.format("D MMMM YYYY");
}

/** Consecutive items of one day together, in the order given (oldest first). */
export function groupByDay<T extends { created_at: string }>(items: readonly T[], now: Date = new Date()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const key = dayjs(item.created_at).format("YYYY-MM-DD");
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(item.created_at, now), items: [item] });
  }
  return groups;
}

/** A message's time of day, "14:05". */
export const timeOfDay = (at: string) => dayjs(at).format("HH:mm");
