// GET /api/calendar: what goes live and what comes down in a range of days, across the scheduled
// types the caller may read at their center: approved transitions still to come, transitions a
// change waiting for approval proposes, and those done (from the history's live marks).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { localizeDefinition } from "../../resources/compile.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import { accessScope } from "../documents/routes.js";
import { scopeSql, type Scope } from "../documents/query.js";
import { resourceLiteral } from "../documents/sql.js";
import { errorResponses, ok } from "../http/schemas.js";
import { requestLanguage, type Language } from "../http/language.js";
import { isoOrNull, toInstant } from "../lib/dates.js";
import { badRequest, forbidden, HttpError } from "../plugins/errors.js";
import { zoneOfCenter } from "./zones.js";

/** The longest range one call covers (a month's view with the weeks around it fits easily). */
export const CALENDAR_MAX_DAYS = 100;
/** Entries one answer holds at most. */
export const CALENDAR_MAX_ENTRIES = 2000;
/** A scheduled transition this late is overdue: the sweep should have carried it out by now. */
export const OVERDUE_AFTER_MS = 2 * 60_000;

export const RANGE_TOO_LONG = `must be at most ${CALENDAR_MAX_DAYS} days after from`;
export const NOT_AFTER_FROM = "must be after from";
export const OTHER_CENTER = "You are not assigned to this center";

export const CalendarEntry = Type.Object({
  resource: Type.String(),
  resource_label: Type.String(),
  record_id: Type.Integer(),
  title: Type.String(),
  center_code: Type.Union([Type.String(), Type.Null()]),
  transition: Type.Union([Type.Literal("live"), Type.Literal("down")]),
  at: Type.String(),
  state: Type.Union([Type.Literal("scheduled"), Type.Literal("pending"), Type.Literal("live"), Type.Literal("expired")]),
  overdue: Type.Boolean(),
  request_id: Type.Union([Type.Integer(), Type.Null()]),
  version: Type.Union([Type.Integer(), Type.Null()]),
});

export const CalendarData = Type.Object({
  from: Type.String(),
  to: Type.String(),
  now: Type.String(),
  time_zone: Type.String(),
  entries: Type.Array(CalendarEntry),
  truncated: Type.Boolean(),
});

const Query = Type.Object(
  {
    from: Type.String({ format: "date-time", description: "The range's start (an instant)" }),
    to: Type.String({ format: "date-time", description: `Its end, excluded: at most ${CALENDAR_MAX_DAYS} days later` }),
    center_code: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: "A superadmin's choice of center (staff: their own)" })),
    resource: Type.Optional(
      Type.String({ maxLength: 300, pattern: "^[a-z][a-z0-9_-]*(,[a-z][a-z0-9_-]*)*$", description: "Only these types (comma-separated)" }),
    ),
  },
  { additionalProperties: false },
);

interface EntryRow {
  record_id: string;
  center_code: string | null;
  transition: "live" | "down";
  at: Date | string;
  state: "scheduled" | "pending" | "live" | "expired";
  request_id: string | null;
  version: number | null;
  title: string | null;
}

/** One type's transitions in [$1, $2), in its caller's scope (placeholders from $4 on). */
function entriesSql(def: ResourceDefinition, scope: Scope, add: (value: unknown) => string): string {
  const r = resourceLiteral(def);
  const title = (data: string) => `${data}->>'${def.titleField.replace(/[^a-z0-9_]/g, "")}'`;
  const on = (alias: string) => {
    const scoped = scopeSql(scope, { add }, alias);
    return scoped ? ` AND ${scoped}` : "";
  };
  const inRange = (column: string) => `${column} >= $1 AND ${column} < $2`;
  // An approved transition whose record has a change waiting: the change may move or drop it, so
  // the calendar opens that request (a record has at most one open request).
  const openRequest = "(SELECT q.id::text FROM change_requests q WHERE q.document_id = d.id AND q.status = 'pending')";
  return `
    SELECT d.id::text AS record_id, d.center_code, 'live' AS transition, d.go_live_at AS at, 'scheduled' AS state,
           ${openRequest} AS request_id, NULL::int AS version, ${title("d.next_data")} AS title
    FROM documents d WHERE d.resource = ${r} AND d.deleted_at IS NULL AND ${inRange("d.go_live_at")}${on("d")}
    UNION ALL
    SELECT d.id::text, d.center_code, 'down', d.take_down_at, 'scheduled', ${openRequest}, NULL, ${title("COALESCE(d.live_data, d.next_data, d.data)")}
    FROM documents d WHERE d.resource = ${r} AND d.deleted_at IS NULL AND ${inRange("d.take_down_at")}${on("d")}
    UNION ALL
    SELECT q.document_id::text, q.center_code, 'live', q.go_live_at, 'pending', q.id::text, NULL, q.title
    FROM change_requests q WHERE q.status = 'pending' AND q.resource = ${r} AND ${inRange("q.go_live_at")}${on("q")}
    UNION ALL
    SELECT q.document_id::text, q.center_code, 'down', q.take_down_at, 'pending', q.id::text, NULL, q.title
    FROM change_requests q WHERE q.status = 'pending' AND q.resource = ${r} AND ${inRange("q.take_down_at")}${on("q")}
    UNION ALL
    SELECT v.document_id::text, v.center_code, 'live', v.live_from, 'live', NULL, v.version, ${title("v.data")}
    FROM document_versions v JOIN documents d ON d.id = v.document_id AND d.resource = ${r} AND d.deleted_at IS NULL
    WHERE ${inRange("v.live_from")}${on("v")}
    UNION ALL
    -- Came down: no newer version took its place at that instant.
    SELECT v.document_id::text, v.center_code, 'down', v.live_until, 'expired', NULL, v.version, ${title("v.data")}
    FROM document_versions v JOIN documents d ON d.id = v.document_id AND d.resource = ${r} AND d.deleted_at IS NULL
    WHERE ${inRange("v.live_until")}${on("v")}
      AND NOT EXISTS (SELECT 1 FROM document_versions n WHERE n.document_id = v.document_id AND n.version > v.version AND n.live_from = v.live_until)`;
}

const calendarRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const scheduled = definitions.filter((d) => scheduleOf(d));
  const labels: Record<Language, Map<string, string>> = {
    en: new Map(scheduled.map((d) => [d.name, d.label])),
    id: new Map(scheduled.map((d) => [d.name, localizeDefinition(d, "id").label])),
  };

  app.get(
    "/api/calendar",
    {
      schema: {
        tags: ["Calendar"],
        summary: "What goes live and what comes down in a range, per scheduled type the caller may read",
        querystring: Query,
        response: { 200: ok(CalendarData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const from = toInstant(q.from)!;
      const to = toInstant(q.to)!;
      const span = Date.parse(to) - Date.parse(from);
      if (span <= 0) throw badRequest({ to: NOT_AFTER_FROM });
      if (span > CALENDAR_MAX_DAYS * 86_400_000) throw badRequest({ to: RANGE_TOO_LONG });
      // Staff see their own center's; a superadmin without a center may name one.
      if (request.center && q.center_code && q.center_code !== request.center.center_code) throw forbidden(OTHER_CENTER);
      const wanted = q.resource ? new Set(q.resource.split(",")) : null;
      const readable: { def: ResourceDefinition; scope: Scope }[] = [];
      for (const def of scheduled) {
        if (wanted && !wanted.has(def.name)) continue;
        try {
          let scope = accessScope(request, def, "read");
          if (scope.kind === "all" && q.center_code) scope = { kind: "all", filter: q.center_code };
          readable.push({ def, scope });
        } catch (err) {
          // A type the caller may not read is left out, not refused.
          if (!(err instanceof HttpError) || err.statusCode !== 403) throw err;
        }
      }
      const now = app.clock();
      const params: unknown[] = [from, to];
      const add = (value: unknown) => `$${params.push(value)}`;
      const parts = readable.map(({ def, scope }) => `SELECT ${resourceLiteral(def)} AS resource, e.* FROM (${entriesSql(def, scope, add)}) e`);
      const rows =
        parts.length === 0
          ? []
          : (
              await app.db.query<EntryRow & { resource: string }>(
                `SELECT * FROM (${parts.join(" UNION ALL ")}) x ORDER BY at, record_id, transition LIMIT ${add(CALENDAR_MAX_ENTRIES + 1)}`,
                params,
              )
            ).rows;
      const language = requestLanguage(request.headers["accept-language"]);
      const entries = rows.slice(0, CALENDAR_MAX_ENTRIES).map((row) => {
        const at = isoOrNull(row.at)!;
        return {
          resource: row.resource,
          resource_label: labels[language].get(row.resource) ?? row.resource,
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
      });
      const center = request.center?.center_code ?? q.center_code ?? null;
      return {
        statusCode: 200 as const,
        data: {
          from,
          to,
          now: new Date(now).toISOString(),
          time_zone: await zoneOfCenter(app.db, center),
          entries,
          truncated: rows.length > CALENDAR_MAX_ENTRIES,
        },
      };
    },
  );
};

export default calendarRoutes;
