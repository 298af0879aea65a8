// What goes live and what comes down in a range, across the scheduled types a caller may read:
// approved transitions still to come, transitions a change waiting for approval proposes, and
// those done (from the history's live marks). The calendar and the welcome page's week read it.
import type { FastifyRequest } from "fastify";
import type { CalendarEntry } from "../../protocol/api.js";
import { wallClockAt, wallClockToInstant } from "../../protocol/timeZones.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { statementName, type Db } from "../db/client.js";
import { accessScope } from "../documents/routes.js";
import { scopeSql, type Scope } from "../documents/query.js";
import { resourceLiteral, titleSql } from "../documents/sql.js";
import { isoOrNull } from "../lib/dates.js";
import { HttpError } from "../plugins/errors.js";

/** Entries one answer holds at most. */
export const CALENDAR_MAX_ENTRIES = 2000;
/** A scheduled transition this late is overdue: the sweep should have carried it out by now. */
export const OVERDUE_AFTER_MS = 2 * 60_000;

/** A scheduled type the caller may read, and the rows of it they reach. */
export interface Readable {
  def: ResourceDefinition;
  scope: Scope;
}

/**
 * The scheduled types the caller may read (a type they may not is left out, not refused),
 * optionally only the `wanted` ones; a superadmin without a center may narrow to one center.
 */
export function readableScheduled(
  request: FastifyRequest,
  scheduled: readonly ResourceDefinition[],
  { wanted, centerFilter }: { wanted?: ReadonlySet<string>; centerFilter?: string } = {},
): Readable[] {
  const readable: Readable[] = [];
  for (const def of scheduled) {
    if (wanted && !wanted.has(def.name)) continue;
    try {
      let scope = accessScope(request, def, "read");
      if (scope.kind === "all" && centerFilter) scope = { kind: "all", filter: centerFilter };
      readable.push({ def, scope });
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 403) throw err;
    }
  }
  return readable;
}

interface EntryRow {
  resource: string;
  record_id: string;
  center_code: string | null;
  transition: "live" | "down";
  at: Date | string;
  state: "scheduled" | "pending" | "live" | "expired";
  request_id: string | null;
  version: number | null;
  title: string | null;
}

/** Which of a range's transitions a query reads, and how much of each. */
interface Reading {
  /** An approved transition carries its record's waiting request (one lookup a row); otherwise null (see withWaitingRequests). */
  waiting: boolean;
  /** Each row's title (read from the record's data); otherwise null, for counting. */
  titles: boolean;
  /** Only what is still to come (approved or proposed), not what was done. */
  upcomingOnly: boolean;
}

/**
 * Transitions in [$1, $2) of types read in one scope (placeholders from $3 on). Types that share
 * a scope share one query branch per kind of transition: a calendar of three types plans six
 * branches, not eighteen (planning a wide union costs more than running it).
 */
function entriesSql(defs: readonly ResourceDefinition[], scope: Scope, add: (value: unknown) => string, reading: Reading): string {
  const resources = defs.map(resourceLiteral).join(", ");
  const titleOf = (data: string, alias: string) => (reading.titles ? titleSql(defs, data, alias) : "NULL::text");
  const on = (alias: string) => {
    const scoped = scopeSql(scope, { add }, alias);
    return scoped ? ` AND ${scoped}` : "";
  };
  const inRange = (column: string) => `${column} >= $1 AND ${column} < $2`;
  // An approved transition whose record has a change waiting: the change may move or drop it, so
  // the calendar opens that request (a record has at most one open request).
  const openRequest = reading.waiting ? "(SELECT q.id::text FROM change_requests q WHERE q.document_id = d.id AND q.status = 'pending')" : "NULL::text";
  const upcoming = `
    SELECT d.resource, d.id::text AS record_id, d.center_code, 'live' AS transition, d.go_live_at AS at, 'scheduled' AS state,
           ${openRequest} AS request_id, NULL::int AS version, ${titleOf("d.next_data", "d")} AS title
    FROM documents d WHERE d.resource IN (${resources}) AND d.deleted_at IS NULL AND ${inRange("d.go_live_at")}${on("d")}
    UNION ALL
    SELECT d.resource, d.id::text, d.center_code, 'down', d.take_down_at, 'scheduled', ${openRequest}, NULL,
           ${titleOf("COALESCE(d.live_data, d.next_data, d.data)", "d")}
    FROM documents d WHERE d.resource IN (${resources}) AND d.deleted_at IS NULL AND ${inRange("d.take_down_at")}${on("d")}
    UNION ALL
    SELECT q.resource, q.document_id::text, q.center_code, 'live', q.go_live_at, 'pending', q.id::text, NULL, ${reading.titles ? "q.title" : "NULL::text"}
    FROM change_requests q WHERE q.status = 'pending' AND q.resource IN (${resources}) AND ${inRange("q.go_live_at")}${on("q")}
    UNION ALL
    SELECT q.resource, q.document_id::text, q.center_code, 'down', q.take_down_at, 'pending', q.id::text, NULL, ${reading.titles ? "q.title" : "NULL::text"}
    FROM change_requests q WHERE q.status = 'pending' AND q.resource IN (${resources}) AND ${inRange("q.take_down_at")}${on("q")}`;
  if (reading.upcomingOnly) return upcoming;
  return `${upcoming}
    UNION ALL
    SELECT d.resource, v.document_id::text, v.center_code, 'live', v.live_from, 'live', NULL, v.version, ${titleOf("v.data", "d")}
    FROM document_versions v JOIN documents d ON d.id = v.document_id AND d.resource IN (${resources}) AND d.deleted_at IS NULL
    WHERE ${inRange("v.live_from")}${on("v")}
    UNION ALL
    -- Came down: no newer version took its place at that instant.
    SELECT d.resource, v.document_id::text, v.center_code, 'down', v.live_until, 'expired', NULL, v.version, ${titleOf("v.data", "d")}
    FROM document_versions v JOIN documents d ON d.id = v.document_id AND d.resource IN (${resources}) AND d.deleted_at IS NULL
    WHERE ${inRange("v.live_until")}${on("v")}
      AND NOT EXISTS (SELECT 1 FROM document_versions n WHERE n.document_id = v.document_id AND n.version > v.version AND n.live_from = v.live_until)`;
}

export interface RangeOptions {
  /** ISO instants: the range [from, to). */
  from: string;
  to: string;
  /** The clock "overdue" is judged by (ms). */
  now: number;
  /** Each type's label in the caller's language. */
  labels: ReadonlyMap<string, string>;
  /** Entries at most (default CALENDAR_MAX_ENTRIES). */
  limit?: number;
}

/** Every readable type's transitions in [$1, $2), one row each (placeholders from $3 on). */
function unionSql(readable: readonly Readable[], add: (value: unknown) => string, reading: Reading): string {
  const byScope = new Map<string, { scope: Scope; defs: ResourceDefinition[] }>();
  for (const { def, scope } of readable) {
    const key = JSON.stringify(scope);
    const group = byScope.get(key) ?? { scope, defs: [] };
    group.defs.push(def);
    byScope.set(key, group);
  }
  return [...byScope.values()].map(({ scope, defs }) => entriesSql(defs, scope, add, reading)).join(" UNION ALL ");
}

/** The request waiting on each approved entry's record, for entries read without them. */
async function withWaitingRequests(db: Db, entries: CalendarEntry[]): Promise<CalendarEntry[]> {
  const approved = entries.filter((e) => e.state === "scheduled").map((e) => e.record_id);
  if (approved.length === 0) return entries;
  const { rows } = await db.query<{ document_id: string; id: string }>(
    "SELECT document_id::text, id::text FROM change_requests WHERE status = 'pending' AND document_id = ANY($1::bigint[])",
    [approved],
  );
  const waiting = new Map(rows.map((r) => [Number(r.document_id), Number(r.id)]));
  return entries.map((e) => (e.state === "scheduled" ? { ...e, request_id: waiting.get(e.record_id) ?? null } : e));
}

function toEntry(row: EntryRow & { resource: string }, labels: ReadonlyMap<string, string>, now: number): CalendarEntry {
  const at = isoOrNull(row.at)!;
  return {
    resource: row.resource,
    resource_label: labels.get(row.resource) ?? row.resource,
    record_id: Number(row.record_id),
    title: row.title || `#${row.record_id}`,
    center_code: row.center_code,
    transition: row.transition,
    at,
    state: row.state,
    overdue: row.state === "scheduled" && Date.parse(at) < now - OVERDUE_AFTER_MS,
    request_id: row.request_id === null ? null : Number(row.request_id),
    version: row.version,
  };
}

/** The transitions in range of the readable types, in time order, and whether there were more. */
export async function calendarEntries(
  db: Db,
  readable: readonly Readable[],
  { from, to, now, labels, limit = CALENDAR_MAX_ENTRIES }: RangeOptions,
): Promise<{ entries: CalendarEntry[]; truncated: boolean }> {
  if (readable.length === 0) return { entries: [], truncated: false };
  const params: unknown[] = [from, to];
  const add = (value: unknown) => `$${params.push(value)}`;
  const { rows } = await db.query<EntryRow & { resource: string }>(
    `SELECT * FROM (${unionSql(readable, add, { waiting: true, titles: true, upcomingOnly: false })}) x
     ORDER BY at, record_id, transition LIMIT ${add(limit + 1)}`,
    params,
  );
  return { entries: rows.slice(0, limit).map((row) => toEntry(row, labels, now)), truncated: rows.length > limit };
}

/**
 * A range at a glance: how many transitions go live and come down in it (all of them, as the
 * calendar shows: done, approved and proposed), and the next `listed` still to come. Counted in
 * the database: a busy week has thousands.
 */
export async function calendarSummary(
  db: Db,
  readable: readonly Readable[],
  { from, to, now, labels, listed }: Omit<RangeOptions, "limit"> & { listed: number },
): Promise<{ going_live: number; coming_down: number; upcoming: CalendarEntry[] }> {
  if (readable.length === 0) return { going_live: 0, coming_down: 0, upcoming: [] };
  const params: unknown[] = [from, to];
  const add = (value: unknown) => `$${params.push(value)}`;
  const defs = readable.map((r) => r.def);
  // Read once without titles (a busy week has thousands of rows), counted, and the next few
  // chosen; only those read their titles: a waiting change's from the change, an approved one's
  // from its record.
  const sql = `WITH e AS (${unionSql(readable, add, { waiting: false, titles: false, upcomingOnly: false })})
     SELECT (SELECT count(*) FROM e WHERE transition = 'live')::int AS going_live,
            (SELECT count(*) FROM e WHERE transition = 'down')::int AS coming_down,
            u.resource, u.record_id, u.center_code, u.transition, u.at, u.state, u.request_id, u.version,
            CASE WHEN u.state = 'pending' THEN q.title
                 WHEN u.transition = 'live' THEN ${titleSql(defs, "d.next_data", "d")}
                 ELSE ${titleSql(defs, "COALESCE(d.live_data, d.next_data, d.data)", "d")} END AS title
     FROM (SELECT 1) one
     LEFT JOIN (
       SELECT * FROM e WHERE state IN ('scheduled', 'pending') AND at >= ${add(new Date(now).toISOString())}
       ORDER BY at, record_id, transition LIMIT ${add(listed)}
     ) u ON true
     LEFT JOIN documents d ON u.state = 'scheduled' AND d.id = u.record_id::bigint
     LEFT JOIN change_requests q ON u.state = 'pending' AND q.id = u.request_id::bigint
     ORDER BY u.at, u.record_id, u.transition`;
  // Asked on every welcome page: prepared once per connection (a text per set of types and scope).
  const { rows } = await db.query<EntryRow & { resource: string | null; going_live: number; coming_down: number }>(sql, params, {
    name: statementName("calendar_summary", sql),
  });
  const first = rows[0];
  return {
    going_live: first?.going_live ?? 0,
    coming_down: first?.coming_down ?? 0,
    upcoming: await withWaitingRequests(
      db,
      rows.filter((row) => row.resource !== null).map((row) => toEntry(row as EntryRow & { resource: string }, labels, now)),
    ),
  };
}

/** The week (Monday 00:00 to the next Monday, on the zone's clock) that `now` falls in. */
export function weekOf(now: number, zone: string): { from: string; to: string } {
  const today = wallClockAt(now, zone);
  const sinceMonday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const midnight = (days: number) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - sinceMonday + days));
    return new Date(wallClockToInstant({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 }, zone)).toISOString();
  };
  return { from: midnight(0), to: midnight(7) };
}
