// Centers' time zones: IANA names (Asia/Jakarta), times entered as a wall clock in a center's
// zone and stored as instants, and shown back with the zone's abbreviation ("09:00 WITA"). The
// server and the console both use these, so an entered time means the same instant on both sides.
// Plain code over Intl: no imports.

/** The zone of a center that has none of its own (the school's home, WIB). */
export const DEFAULT_TIME_ZONE = "Asia/Jakarta";

/** Indonesia's three zones, west to east, with the abbreviations people read. */
export const INDONESIAN_TIME_ZONES = [
  { zone: "Asia/Jakarta", abbreviation: "WIB" },
  { zone: "Asia/Makassar", abbreviation: "WITA" },
  { zone: "Asia/Jayapura", abbreviation: "WIT" },
] as const;

let known: Set<string> | undefined;

/**
 * An IANA zone name this runtime knows (Intl.supportedValuesOf's canonical names, and UTC). Exact
 * spelling: "asia/jakarta" is not one, so what is stored is always a name other systems read.
 */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  known ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/UTC"]);
  return known.has(name);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  return format;
}

/** A wall-clock time: what a clock in the zone shows. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

/** What a clock in `zone` shows at `instant` (milliseconds since the epoch). */
export function wallClockAt(instant: number, zone: string): Required<WallClock> {
  const part: Record<string, number> = {};
  for (const { type, value } of wallClockFormat(zone).formatToParts(new Date(instant))) {
    if (type !== "literal") part[type] = Number(value);
  }
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour! % 24, minute: part.minute!, second: part.second! };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);

/** The zone's offset from UTC at `instant`, in minutes (Asia/Makassar: 480). */
export function offsetMinutes(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return Math.round((asUtc(wallClockAt(whole, zone)) - whole) / 60_000);
}

/**
 * The instant a wall-clock time in `zone` names. Around a change of offset (summer time) it
 * resolves as Temporal's "compatible" does, which is what a person means: a time that occurs twice
 * (clocks go back) is the first of them; a time that never occurs (clocks go forward) is moved
 * forward by the gap (01:30 in London on the spring change is 02:30 summer time).
 */
export function wallClockToInstant(wall: WallClock, zone: string): number {
  const local = asUtc(wall);
  // The offsets a day either side cover any change of offset near this time.
  const before = offsetMinutes(local - 86_400_000, zone);
  const after = offsetMinutes(local + 86_400_000, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * 60_000)
    .filter((instant) => asUtc(wallClockAt(instant, zone)) === local)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In a gap: read with the offset before the change, the clock lands past the gap.
  return local - before * 60_000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * "2026-12-03T09:00" (or a date alone: its midnight) in `zone`, as an ISO instant; null when the
 * text is not a wall-clock time.
 */
export function localToInstant(text: string, zone: string): string | null {
  const m = LOCAL.exec(text);
  if (!m) return null;
  const wall = { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: +(m[6] ?? 0) };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (check.getUTCMonth() !== wall.month - 1) return null;
  return new Date(wallClockToInstant(wall, zone)).toISOString();
}

/** The instant the day after `date` (YYYY-MM-DD) begins in `zone`: when a thing dated `date` is over. */
export function endOfDay(date: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const next = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]! + 1));
  return new Date(
    wallClockToInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, zone),
  ).toISOString();
}

const abbreviations = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's abbreviation at `instant` as people there read it: WIB, WITA, WIT for Indonesia's
 * zones; otherwise the runtime's short name (EST, GMT+1).
 */
export function zoneAbbreviation(zone: string, instant: number = Date.now()): string {
  const indonesian = INDONESIAN_TIME_ZONES.find((z) => z.zone === zone);
  if (indonesian) return indonesian.abbreviation;
  let format = abbreviations.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    abbreviations.set(zone, format);
  }
  return format.formatToParts(new Date(instant)).find((p) => p.type === "timeZoneName")?.value ?? zone;
}
