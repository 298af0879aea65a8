// A write's schedule: the go-live and take-down a change carries, worked out from the body, the
// record's working schedule and the definition's default (`schedule.takeDownFrom`), and checked
// against the app's clock. Plain functions: the routes call them before the write.
import { endOfDay } from "../../protocol/timeZones.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { toInstant } from "../lib/dates.js";
import type { FieldErrors } from "../plugins/errors.js";
import type { DocData } from "../documents/values.js";
import { zoneOfCenter } from "./zones.js";

/** When a change goes live and when its record comes down; null: at once (approval) / never. */
export interface Schedule {
  go_live_at: string | null;
  take_down_at: string | null;
}

export const NO_SCHEDULE: Schedule = { go_live_at: null, take_down_at: null };

/** An entered time this far behind the server's clock still counts as now (a form picks whole minutes). */
export const PAST_TOLERANCE_MS = 60_000;

export const IN_THE_PAST = "must not be in the past";
export const NOT_AFTER_GO_LIVE = "must be after the go-live time";

const at = (text: string | null) => (text === null ? null : Date.parse(text));

/**
 * The schedule a write stores. A field the body leaves out keeps the record's working schedule,
 * except that the take-down defaults to the `takeDownFrom` field's value when that lies ahead (a
 * date: when that day ends in the center's zone); null clears it. A time the write changes may
 * not lie in the past, and a take-down must come after the go-live. Null for a type without a
 * schedule.
 */
export async function resolveSchedule(
  db: Db,
  def: ResourceDefinition,
  body: Record<string, unknown>,
  data: DocData,
  centerCode: string | null,
  current: Schedule | null,
  now: number,
  errors: FieldErrors,
): Promise<Schedule | null> {
  const config = scheduleOf(def);
  if (!config) return null;
  const read = (name: keyof Schedule): string | null => {
    const value = body[name];
    if (value === undefined) return current?.[name] ?? null;
    if (value === null) return null;
    const instant = toInstant(String(value));
    if (instant === null) errors[name] = "must be a date and time";
    return instant;
  };
  const goLive = read("go_live_at");
  let takeDown = read("take_down_at");
  if (body.take_down_at === undefined && config.takeDownFrom) {
    const fallback = await defaultTakeDown(db, def, data, centerCode);
    if (fallback !== null && Date.parse(fallback) > now) takeDown = fallback;
  }
  const schedule = { go_live_at: goLive, take_down_at: takeDown };
  for (const name of ["go_live_at", "take_down_at"] as const) {
    const value = at(schedule[name]);
    // A time kept as the record has it is no new entry: a waiting request's go-live may pass.
    if (value !== null && schedule[name] !== (current?.[name] ?? null) && value < now - PAST_TOLERANCE_MS) errors[name] ??= IN_THE_PAST;
  }
  const [goAt, downAt] = [at(goLive), at(takeDown)];
  if (goAt !== null && downAt !== null && downAt <= goAt) errors.take_down_at ??= NOT_AFTER_GO_LIVE;
  return schedule;
}

/** The take-down the definition's `takeDownFrom` field gives, or null when it is empty. */
async function defaultTakeDown(db: Db, def: ResourceDefinition, data: DocData, centerCode: string | null): Promise<string | null> {
  const name = scheduleOf(def)?.takeDownFrom;
  const field = def.fields.find((f) => f.name === name);
  const value = name ? data[name] : null;
  if (!field || typeof value !== "string") return null;
  if (field.type === "datetime") return toInstant(value);
  return endOfDay(value, await zoneOfCenter(db, centerCode));
}

/** Whether `schedule` sends its change live after `now` rather than when it is applied. */
export const goesLiveLater = (schedule: Schedule | null | undefined, now: number): schedule is Schedule & { go_live_at: string } =>
  !!schedule?.go_live_at && Date.parse(schedule.go_live_at) > now;
