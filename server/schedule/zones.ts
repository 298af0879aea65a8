// Centers' time zones: read (a stored name the runtime does not know reads as the default, so a
// bad value never breaks an answer), and written from the definition that names the field holding
// it (`centerTimeZoneField`, centre information), only with a name that is an IANA zone.
import { DEFAULT_TIME_ZONE, isTimeZone } from "../../protocol/timeZones.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";

/** A record's fields (documents/values.ts DocData, which imports this file). */
type DocData = Record<string, unknown>;

/** A stored zone as the server uses it: the default when it is missing or unknown. */
export const usableZone = (zone: unknown): string => (isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);

/** The zone of a center (the default for none, as records of global types have). */
export async function zoneOfCenter(db: Db, centerCode: string | null): Promise<string> {
  if (centerCode === null) return DEFAULT_TIME_ZONE;
  const { rows } = await db.query<{ time_zone: string }>("SELECT time_zone FROM centers WHERE center_code = $1", [centerCode]);
  return usableZone(rows[0]?.time_zone);
}

export const NOT_A_TIME_ZONE = "must be an IANA time zone, such as Asia/Jakarta";

/** A field error when a write would put something other than a zone in the definition's zone field. */
export function zoneFieldError(def: ResourceDefinition, data: DocData): Record<string, string> {
  const field = def.centerTimeZoneField;
  if (!field) return {};
  const value = data[field];
  return value === null || value === undefined || isTimeZone(value) ? {} : { [field]: NOT_A_TIME_ZONE };
}

/**
 * After a version of `def` went live at `centerCode`: its zone field's value becomes the center's
 * zone (an empty or unknown value leaves the center's as it is).
 */
export async function syncCenterZone(tx: Db, def: ResourceDefinition, centerCode: string | null, live: DocData | null | undefined): Promise<void> {
  const field = def.centerTimeZoneField;
  if (!field || centerCode === null || !live) return;
  const zone = live[field];
  if (!isTimeZone(zone)) return;
  await tx.query("UPDATE centers SET time_zone = $2 WHERE center_code = $1 AND time_zone IS DISTINCT FROM $2", [centerCode, zone]);
}
