// Centers' business hours, written from the definition that names the fields holding them
// (`centerBusinessHours`, centre information) when a version of it goes live: the hours the
// reports measure response and decision times in. Values a form cannot give (an unknown day, a
// time that is no "HH:MM", a close not after the open) leave the center's hours as they are.
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";

type DocData = Record<string, unknown>;

export interface BusinessHours {
  /** ISO weekdays, 1 Monday to 7 Sunday, ascending. */
  days: number[];
  opens: string;
  closes: string;
}

/** What centers have until their centre information says otherwise (the table's defaults). */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00" };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The hours a live version names (a field left empty: the default), or null when they cannot be a center's. */
export function businessHoursOf(def: ResourceDefinition, live: DocData | null | undefined): BusinessHours | null {
  const names = def.centerBusinessHours;
  if (!names || !live) return null;
  const rawDays = live[names.days];
  let days = DEFAULT_BUSINESS_HOURS.days;
  if (Array.isArray(rawDays) && rawDays.length > 0) {
    const read = rawDays.map(Number);
    if (read.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return null;
    days = [...new Set(read)].sort((a, b) => a - b);
  }
  const time = (value: unknown, fallback: string) =>
    value === null || value === undefined || value === "" ? fallback : TIME.test(String(value)) ? String(value) : null;
  const opens = time(live[names.opens], DEFAULT_BUSINESS_HOURS.opens);
  const closes = time(live[names.closes], DEFAULT_BUSINESS_HOURS.closes);
  if (opens === null || closes === null || closes <= opens) return null;
  return { days, opens, closes };
}

/** After a version of `def` went live at `centerCode`: its business hours become the center's. */
export async function syncBusinessHours(tx: Db, def: ResourceDefinition, centerCode: string | null, live: DocData | null | undefined): Promise<void> {
  const hours = centerCode === null ? null : businessHoursOf(def, live);
  if (!hours) return;
  await tx.query("UPDATE centers SET business_days = $2::smallint[], business_opens = $3::time, business_closes = $4::time WHERE center_code = $1", [
    centerCode,
    hours.days,
    hours.opens,
    hours.closes,
  ]);
}
