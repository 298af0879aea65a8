// /api/reports: a center's conversations, first response and resolution times, approvals and
// content per center-local day, per staff member and over a range, from the rollup's rows and
// the facts behind them; the facts behind a point (drill-down), the days as CSV, and (for a
// superadmin) every center side by side. Open to approval_management or center_management readers.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { localizeDefinition } from "../../resources/compile.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { Type } from "typebox";
import { REPORT_FIGURES, type ReportDay, type ReportFigures } from "../../protocol/reports.js";
import type { Db } from "../db/client.js";
import { cell } from "../documents/csv.js";
import { CHOOSE_CENTER } from "../documents/routes.js";
import { requestLanguage, type Language } from "../http/language.js";
import { errorResponses, ok } from "../http/schemas.js";
import { isoOrNull } from "../lib/dates.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { badRequest, forbidden, notFound } from "../plugins/errors.js";
import { usableZone } from "../schedule/zones.js";
import { rangeFigures } from "./rangeCache.js";
import { AGGREGATES } from "./rollup.js";
import { contentByMonth, contentEvents } from "./content.js";

/** The longest range one call covers: a year, a day a row. */
export const REPORT_MAX_DAYS = 366;
/** Facts a drill-down page lists, unless it asks for fewer or more (at most REPORT_MAX_FACTS). */
export const REPORT_FACTS_PAGE = 50;
export const REPORT_MAX_FACTS = 100;

export const NOT_BEFORE_FROM = "must be on or after from";
export const RANGE_TOO_LONG = `must be at most ${REPORT_MAX_DAYS} days after from`;
export const CHOOSE_A_CENTER = "Choose a center";
export const OTHER_CENTER = "You are not assigned to this center";
export const SUPERADMINS_ONLY = "Only superadmins compare centers";

const Day = Type.String({ format: "date", description: "A center-local day, YYYY-MM-DD" });
const Range = {
  from: Day,
  to: Type.String({ format: "date", description: `The last day, included (at most ${REPORT_MAX_DAYS} days after from)` }),
};
const CenterCode = Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: "A superadmin's choice of center (staff: their own)" }));
const Query = Type.Object({ ...Range, center_code: CenterCode }, { additionalProperties: false });
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: "From 1" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_MAX_FACTS, description: `Rows a page (${REPORT_FACTS_PAGE} unless given)` })),
};
const FactKind = Type.Union([Type.Literal("conversation"), Type.Literal("first_reply"), Type.Literal("resolution"), Type.Literal("decision")]);
const FactsQuery = Type.Object(
  {
    ...Range,
    center_code: CenterCode,
    kind: FactKind,
    user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "Only this staff member's" })),
    outcome: Type.Optional(Type.Union([Type.Literal("approved"), Type.Literal("rejected")])),
    ...Paging,
  },
  { additionalProperties: false },
);
const CompareQuery = Type.Object(Range, { additionalProperties: false });
const ContentQuery = Type.Object(
  {
    ...Range,
    center_code: CenterCode,
    kind: Type.Union([Type.Literal("published"), Type.Literal("expiring")], {
      description: "published: versions that went live; expiring: records that came down or are scheduled to",
    }),
    ...Paging,
  },
  { additionalProperties: false },
);

const Seconds = Type.Union([Type.Integer(), Type.Null()]);
const Figures = {
  conversations: Type.Integer(),
  first_replies: Type.Integer(),
  first_reply_median: Seconds,
  first_reply_p90: Seconds,
  resolutions: Type.Integer(),
  resolved_conversations: Type.Integer(),
  resolution_median: Seconds,
  resolution_p90: Seconds,
  decisions: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  decision_median: Seconds,
  decision_p90: Seconds,
};
const ReportData = Type.Object({
  center_code: Type.String(),
  time_zone: Type.String(),
  business_hours: Type.Object({ days: Type.Array(Type.Integer()), opens: Type.String(), closes: Type.String() }),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), ...Figures })),
  staff: Type.Array(Type.Object({ user_id: Type.Integer(), user_name: Type.String(), ...Figures })),
  total: Type.Object(Figures),
  months: Type.Array(Type.Object({ month: Type.String(), published: Type.Integer(), expiring: Type.Integer() })),
  pending_days: Type.Integer(),
});
const ReportFact = Type.Object({
  kind: FactKind,
  day: Type.String(),
  at: Type.String(),
  started_at: Type.String(),
  business_seconds: Seconds,
  user_name: Type.Union([Type.String(), Type.Null()]),
  conversation: Type.Union([Type.Object({ id: Type.Integer(), number: Type.Integer(), contact_name: Type.String() }), Type.Null()]),
  request: Type.Union([
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      resource: Type.String(),
      outcome: Type.Union([Type.Literal("approved"), Type.Literal("rejected")]),
    }),
    Type.Null(),
  ]),
});
const FactsData = Type.Object({ facts: Type.Array(ReportFact), total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() });
const ContentData = Type.Object({
  events: Type.Array(
    Type.Object({
      at: Type.String({ format: "date-time" }),
      how: Type.Union([Type.Literal("went_live"), Type.Literal("came_down"), Type.Literal("scheduled")]),
      resource: Type.String(),
      resource_label: Type.String(),
      record_id: Type.Integer(),
      version: Type.Union([Type.Integer(), Type.Null()]),
      title: Type.String(),
      deleted: Type.Boolean(),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
const CentersData = Type.Object({
  from: Type.String(),
  to: Type.String(),
  centers: Type.Array(Type.Object({ center_code: Type.String(), center_name: Type.String(), time_zone: Type.String(), ...Figures })),
});

/** The days from `from` to `to`, both included (calendar dates: no zone involved). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function checkRange(from: string, to: string): void {
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (span < 0) throw badRequest({ to: NOT_BEFORE_FROM });
  if (span >= REPORT_MAX_DAYS) throw badRequest({ to: RANGE_TOO_LONG });
}

const mayReport = (request: FastifyRequest) =>
  request.user.isSuperadmin || allows(request.permissions, "approval_management", "read") || allows(request.permissions, "center_management", "read");

const EMPTY: ReportFigures = Object.fromEntries(REPORT_FIGURES.map((k) => [k, k.endsWith("median") || k.endsWith("p90") ? null : 0])) as never;

function figures(row: Record<string, unknown> | undefined): ReportFigures {
  const out = { ...EMPTY };
  if (!row) return out;
  // A plain loop: a year's report calls this for 366 days per answer.
  for (const k of REPORT_FIGURES) {
    const value = row[k];
    if (value !== null && value !== undefined) (out as Record<string, number | null>)[k] = Number(value);
  }
  return out;
}

/** Rolled facts of a center in a range of days: a day still pending is left out until it is rolled. */
const rolledFacts = (center: string, from: string, to: string) => `FROM report_facts f WHERE f.center_code = ${center} AND f.day BETWEEN ${from} AND ${to}
  AND NOT EXISTS (SELECT 1 FROM report_pending_days p WHERE p.center_code = f.center_code AND p.day = f.day)`;
const ROLLED_FACTS = rolledFacts("$1", "$2", "$3");

interface CenterRow {
  center_code: string;
  time_zone: string;
  business_days: number[];
  business_opens: string;
  business_closes: string;
}

async function centerRow(db: Db, code: string): Promise<CenterRow> {
  const { rows } = await db.query<CenterRow>(
    `SELECT center_code, time_zone, business_days::int[] AS business_days, to_char(business_opens, 'HH24:MI') AS business_opens,
            to_char(business_closes, 'HH24:MI') AS business_closes FROM centers WHERE center_code = $1`,
    [code],
  );
  if (!rows[0]) throw notFound("Center not found");
  return rows[0];
}

/** The CSV's headings, in the reader's language. */
const HEADINGS: Record<Language, Record<"day" | (typeof REPORT_FIGURES)[number], string>> = {
  en: {
    day: "Day",
    conversations: "Conversations",
    first_replies: "First replies",
    first_reply_median: "First response median (business minutes)",
    first_reply_p90: "First response 90th percentile (business minutes)",
    resolutions: "Resolutions",
    resolved_conversations: "Resolved conversations",
    resolution_median: "Resolution median (business minutes)",
    resolution_p90: "Resolution 90th percentile (business minutes)",
    decisions: "Decisions",
    approved: "Approved",
    rejected: "Rejected",
    decision_median: "Time to decision median (business minutes)",
    decision_p90: "Time to decision 90th percentile (business minutes)",
  },
  id: {
    day: "Tanggal",
    conversations: "Percakapan",
    first_replies: "Balasan pertama",
    first_reply_median: "Median respons pertama (menit kerja)",
    first_reply_p90: "Persentil ke-90 respons pertama (menit kerja)",
    resolutions: "Penyelesaian",
    resolved_conversations: "Percakapan diselesaikan",
    resolution_median: "Median penyelesaian (menit kerja)",
    resolution_p90: "Persentil ke-90 penyelesaian (menit kerja)",
    decisions: "Keputusan",
    approved: "Disetujui",
    rejected: "Ditolak",
    decision_median: "Median waktu keputusan (menit kerja)",
    decision_p90: "Persentil ke-90 waktu keputusan (menit kerja)",
  },
};

/** Seconds as minutes with one decimal: what a spreadsheet reader compares. */
const minutes = (seconds: number | null) => (seconds === null ? "" : (Math.round(seconds / 6) / 10).toFixed(1));

export function reportCsv(days: readonly ReportDay[], language: Language): string {
  const headings = HEADINGS[language];
  const lines = [(["day", ...REPORT_FIGURES] as const).map((k) => cell(headings[k])).join(",")];
  for (const d of days) {
    lines.push([d.day, ...REPORT_FIGURES.map((k) => (k.endsWith("median") || k.endsWith("p90") ? minutes(d[k] as number | null) : d[k]))].map(cell).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const reportRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const tags = ["Reports"];
  const labels: Record<Language, Map<string, string>> = {
    en: new Map(definitions.map((d) => [d.name, d.label])),
    id: new Map(definitions.map((d) => [d.name, localizeDefinition(d, "id").label])),
  };

  /** The center a report is of: the caller's own, or the one a superadmin names. */
  function centerOf(request: FastifyRequest, named: string | undefined): string {
    if (!mayReport(request)) throw forbidden(NO_PERMISSION);
    if (request.center) {
      if (named && named !== request.center.center_code) throw forbidden(OTHER_CENTER);
      return request.center.center_code;
    }
    if (!request.user.isSuperadmin) throw forbidden(CHOOSE_CENTER);
    if (!named) throw badRequest({ center_code: CHOOSE_A_CENTER });
    return named;
  }

  async function report(code: string, from: string, to: string) {
    const center = await centerRow(app.db, code);
    const zone = usableZone(center.time_zone);
    const range = [code, from, to];
    // The range's medians and percentiles are read from its facts (not averaged from its days').
    const readRange = async () => {
      const [staff, total] = await Promise.all([
        app.db.query(
          `SELECT f.user_id, max(f.user_name) AS user_name, ${AGGREGATES} ${ROLLED_FACTS} AND f.user_id IS NOT NULL
           GROUP BY f.user_id ORDER BY max(f.user_name), f.user_id`,
          range,
        ),
        app.db.query(`SELECT ${AGGREGATES} ${ROLLED_FACTS}`, range),
      ]);
      return { staff: staff.rows, total: total.rows[0] };
    };
    const [days, ranged, pending, months] = await Promise.all([
      app.db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${REPORT_FIGURES.join(", ")} FROM report_days WHERE center_code = $1 AND user_id = 0 AND day BETWEEN $2 AND $3`,
        range,
      ),
      rangeFigures(app.db, code, from, to, readRange),
      app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM report_pending_days WHERE center_code = $1 AND day BETWEEN $2 AND $3", range),
      contentByMonth(app.db, { center: code, from, to, zone }),
    ]);
    const byDay = new Map(days.rows.map((r) => [r.day as string, r]));
    return {
      center_code: code,
      time_zone: zone,
      business_hours: { days: center.business_days.map(Number), opens: center.business_opens, closes: center.business_closes },
      from,
      to,
      days: daysBetween(from, to).map((day) => ({ day, ...figures(byDay.get(day)) })),
      staff: ranged.staff.map((r) => ({ user_id: Number(r.user_id), user_name: String(r.user_name ?? ""), ...figures(r) })),
      total: figures(ranged.total),
      months,
      pending_days: pending.rows[0]?.n ?? 0,
    };
  }

  app.get(
    "/api/reports",
    {
      schema: {
        tags,
        summary: "A center's figures per day, per staff member and over a range of center-local days",
        querystring: Query,
        response: { 200: ok(ReportData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      return { statusCode: 200 as const, data: await report(code, q.from, q.to) };
    },
  );

  app.get(
    "/api/reports/export.csv",
    {
      schema: {
        tags,
        summary: "The report's days as CSV (UTF-8 with BOM); durations in business minutes",
        querystring: Query,
        response: {
          200: { description: "The days as CSV; `content-disposition` names the file", content: { "text/csv": { schema: { type: "string" } } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const data = await report(code, q.from, q.to);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="report_${code.replace(/[^A-Za-z0-9_-]/g, "")}_${q.from}_${q.to}.csv"`)
        .header("cache-control", "no-store")
        .send(reportCsv(data.days, requestLanguage(request.headers["accept-language"])));
    },
  );

  app.get(
    "/api/reports/facts",
    {
      schema: {
        tags,
        summary: "The facts behind a figure: the conversations or decisions of a kind in a range of days",
        querystring: FactsQuery,
        response: { 200: ok(FactsData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const page = q.page ?? 1;
      const limit = q.limit ?? REPORT_FACTS_PAGE;
      const filter = [code, q.from, q.to, q.kind, q.user_id ?? null, q.outcome ?? null];
      const matching = `FROM report_facts f WHERE f.center_code = $1 AND f.day BETWEEN $2 AND $3 AND f.kind = $4
        AND ($5::int IS NULL OR f.user_id = $5) AND ($6::text IS NULL OR f.outcome = $6)`;
      // The page's facts first (in report_facts_list_idx's order), then what names them: a busy
      // month has thousands of facts.
      const [{ rows }, counted] = await Promise.all([
        app.db.query(
          `WITH page AS (SELECT f.* ${matching} ORDER BY f.day, f.at, f.id LIMIT $7 OFFSET $8)
           SELECT f.kind, to_char(f.day, 'YYYY-MM-DD') AS day, f.at, f.started_at, f.business_seconds, f.user_name,
                  c.id::int AS conversation_id, c.number, ct.name AS contact_name,
                  r.id::int AS request_id, r.title, f.resource, f.outcome
           FROM page f
           LEFT JOIN chat_conversations c ON c.id = f.conversation_id
           LEFT JOIN chat_contacts ct ON ct.id = c.contact_id
           LEFT JOIN change_requests r ON r.id = f.request_id
           ORDER BY f.day, f.at, f.id`,
          [...filter, limit, (page - 1) * limit],
        ),
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n ${matching}`, filter),
      ]);
      const facts = rows.map((r) => ({
        kind: r.kind,
        day: r.day,
        at: isoOrNull(r.at)!,
        started_at: isoOrNull(r.started_at)!,
        business_seconds: r.business_seconds,
        user_name: r.user_name,
        conversation: r.conversation_id === null ? null : { id: r.conversation_id, number: r.number, contact_name: r.contact_name },
        request: r.request_id === null ? null : { id: r.request_id, title: r.title, resource: r.resource, outcome: r.outcome },
      }));
      return { statusCode: 200 as const, data: { facts, total: counted.rows[0]!.n, page, limit } };
    },
  );

  app.get(
    "/api/reports/content",
    {
      schema: {
        tags,
        summary: "The content behind a month's figure: versions that went live, or records that came down or are scheduled to",
        querystring: ContentQuery,
        response: { 200: ok(ContentData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const zone = usableZone((await centerRow(app.db, code)).time_zone);
      const page = q.page ?? 1;
      const limit = q.limit ?? REPORT_FACTS_PAGE;
      const language = requestLanguage(request.headers["accept-language"]);
      const { events, total } = await contentEvents(
        app.db,
        definitions,
        labels[language],
        { center: code, from: q.from, to: q.to, zone },
        { kind: q.kind, page, limit },
      );
      return { statusCode: 200 as const, data: { events, total, page, limit } };
    },
  );

  app.get(
    "/api/reports/centers",
    {
      schema: {
        tags,
        summary: "Every center's figures over a range of its own center-local days, side by side (superadmins)",
        querystring: CompareQuery,
        response: { 200: ok(CentersData), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user.isSuperadmin) throw forbidden(SUPERADMINS_ONLY);
      const q = request.query;
      checkRange(q.from, q.to);
      const { rows } = await app.db.query(
        `SELECT c.center_code, c.center_web_name AS center_name, c.time_zone, s.*
         FROM centers c LEFT JOIN LATERAL (SELECT ${AGGREGATES} ${rolledFacts("c.center_code", "$1", "$2")}) s ON true
         ORDER BY c.center_code`,
        [q.from, q.to],
      );
      const centers = rows.map((r) => ({ center_code: r.center_code, center_name: r.center_name, time_zone: usableZone(r.time_zone), ...figures(r) }));
      return { statusCode: 200 as const, data: { from: q.from, to: q.to, centers } };
    },
  );
};

export default reportRoutes;
