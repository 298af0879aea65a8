// What a record's state tag adds about its approved schedule: when a waiting version goes live
// ("goes live 3 Dec 09:00 WIB", in the record's center's zone) and, within a week, when the
// record comes down ("Expires in 2 days").
import type { Schedule } from "../../../protocol/api";
import { getLocale, t } from "../../../providers/i18n";
import { dateTimeInZone, zoneOr } from "./zoned";

export interface ScheduledRecord {
  schedule?: Schedule | null;
  center_time_zone?: string | null;
}

/** How soon an expiry shows on the list: the "Expiring this week" filter's horizon. */
export const EXPIRY_SHOWN_MS = 7 * 86_400_000;

export function goesLiveNote(record: ScheduledRecord): string | null {
  const at = record.schedule?.go_live_at;
  return at ? t("schedule.goesLive", { at: dateTimeInZone(at, zoneOr(record.center_time_zone)) }) : null;
}

export function expiresNote(record: ScheduledRecord, now = Date.now()): string | null {
  const at = record.schedule?.take_down_at;
  if (!at) return null;
  const left = new Date(at).getTime() - now;
  if (left <= 0 || left > EXPIRY_SHOWN_MS) return null;
  const format = new Intl.RelativeTimeFormat(getLocale() === "id" ? "id-ID" : "en-GB", { numeric: "auto" });
  const when =
    left < 3_600_000
      ? format.format(Math.ceil(left / 60_000), "minute")
      : left < 86_400_000
        ? format.format(Math.round(left / 3_600_000), "hour")
        : format.format(Math.round(left / 86_400_000), "day");
  return t("schedule.expires", { when });
}
