// GET /api/calendar: what goes live and what comes down in a range of days, across the scheduled
// types the caller may read at their center (calendar.ts reads them).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { localizeDefinition } from "../../resources/compile.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import { errorResponses, ok } from "../http/schemas.js";
import { requestLanguage, type Language } from "../http/language.js";
import { toInstant } from "../lib/dates.js";
import { badRequest, forbidden } from "../plugins/errors.js";
import { calendarEntries, readableScheduled } from "./calendar.js";
import { zoneOfCenter } from "./zones.js";

/** The longest range one call covers (a month's view with the weeks around it fits easily). */
export const CALENDAR_MAX_DAYS = 100;

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
      const wanted = q.resource ? new Set(q.resource.split(",")) : undefined;
      const readable = readableScheduled(request, scheduled, { wanted, centerFilter: q.center_code });
      const now = app.clock();
      const language = requestLanguage(request.headers["accept-language"]);
      const { entries, truncated } = await calendarEntries(app.db, readable, { from, to, now, labels: labels[language] });
      const center = request.center?.center_code ?? q.center_code ?? null;
      return {
        statusCode: 200 as const,
        data: {
          from,
          to,
          now: new Date(now).toISOString(),
          time_zone: await zoneOfCenter(app.db, center),
          entries,
          truncated,
        },
      };
    },
  );
};

export default calendarRoutes;
