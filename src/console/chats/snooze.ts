// Snooze presets, in the browser's time zone: an hour from now, tomorrow at 9:00, next Monday at 9:00.
import { dayjs } from "../../lib/dates";

export type SnoozePreset = "hour" | "tomorrow" | "week";
export const SNOOZE_PRESETS: SnoozePreset[] = ["hour", "tomorrow", "week"];

export function snoozeUntil(preset: SnoozePreset, now: Date = new Date()): Date {
  const at = dayjs(now);
  switch (preset) {
    case "hour":
      return at.add(1, "hour").toDate();
    case "tomorrow":
      return at.add(1, "day").hour(9).minute(0).second(0).millisecond(0).toDate();
    case "week":
      // day(8): the Monday after this week's (dayjs weeks start on Sunday).
      return at
        .day(at.day() === 0 ? 1 : 8)
        .hour(9)
        .minute(0)
        .second(0)
        .millisecond(0)
        .toDate();
  }
}
