// Reading a center's report: its days from the rollup's rows, the range's figures (kept until the
// center's next roll), the facts behind a figure, and every center side by side.
import { REPORT_FIGURES, type ReportFigures } from "../../protocol/reports.js";
import type { Db } from "../db/client.js";
import { isoOrNull } from "../lib/dates.js";
import { badRequest, notFound } from "../plugins/errors.js";
import { usableZone } from "../schedule/zones.js";
import { contentByMonth } from "./content.js";
import { rangeFigures } from "./rangeCache.js";
import { AGGREGATES } from "./rollup.js";

/** The longest range one call covers: a year, a day a row. */
export const REPORT_MAX_DAYS = 366;
/** Facts a drill-down page lists, unless it asks for fewer or more (at most REPORT_MAX_FACTS). */
export const REPORT_FACTS_PAGE = 50;
export const REPORT_MAX_FACTS = 100;

export const NOT_BEFORE_FROM = "must be on or after from";
export const RANGE_TOO_LONG = `must be at most ${REPORT_MAX_DAYS} days after from`;

/** The days from `from` to `to`, both included (calendar dates: no zone involved). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Refuses a range that runs backwards or spans more than REPORT_MAX_DAYS (a 400 on `to`). */
export function checkRange(from: string, to: string): void {
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (span < 0) throw badRequest({ to: NOT_BEFORE_FROM });
  if (span >= REPORT_MAX_DAYS) throw badRequest({ to: RANGE_TOO_LONG });
}

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

export interface CenterRow {
  center_code: string;
  time_zone: string;
  business_days: number[];
  business_opens: string;
  business_closes: string;
}

export async function centerRow(db: Db, code: string): Promise<CenterRow> {
  const { rows } = await db.query<CenterRow>(
    `SELECT center_code, time_zone, business_days::int[] AS business_days, to_char(business_opens, 'HH24:MI') AS business_opens,
            to_char(business_closes, 'HH24:MI') AS business_closes FROM centers WHERE center_code = $1`,
    [code],
  );
  if (!rows[0]) throw notFound("Center not found");
  return rows[0];
}

/** A center's report over a range of its days. */
export async function readReport(db: Db, code: string, from: string, to: string) {
  const center = await centerRow(db, code);
  const zone = usableZone(center.time_zone);
  const range = [code, from, to];
  // The range's medians and percentiles are read from its facts (not averaged from its days').
  const readRange = async () => {
    const [staff, total] = await Promise.all([
      db.query(
        `SELECT f.user_id, max(f.user_name) AS user_name, ${AGGREGATES} ${ROLLED_FACTS} AND f.user_id IS NOT NULL
         GROUP BY f.user_id ORDER BY max(f.user_name), f.user_id`,
        range,
      ),
      db.query(`SELECT ${AGGREGATES} ${ROLLED_FACTS}`, range),
    ]);
    return { staff: staff.rows, total: total.rows[0] };
  };
  const [days, ranged, pending, months] = await Promise.all([
    db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${REPORT_FIGURES.join(", ")} FROM report_days WHERE center_code = $1 AND user_id = 0 AND day BETWEEN $2 AND $3`,
      range,
    ),
    rangeFigures(db, code, from, to, readRange),
    db.query<{ n: number }>("SELECT count(*)::int AS n FROM report_pending_days WHERE center_code = $1 AND day BETWEEN $2 AND $3", range),
    contentByMonth(db, { center: code, from, to, zone }),
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
export interface FactsFilter {
  center: string;
  from: string;
  to: string;
  kind: string;
  userId?: number;
  outcome?: "approved" | "rejected";
}

/** A page of the facts behind a figure, oldest first, with what names them, and how many there are. */
export async function listFacts(db: Db, f: FactsFilter, page: number, limit: number) {
  const filter = [f.center, f.from, f.to, f.kind, f.userId ?? null, f.outcome ?? null];
  const matching = `FROM report_facts f WHERE f.center_code = $1 AND f.day BETWEEN $2 AND $3 AND f.kind = $4
    AND ($5::int IS NULL OR f.user_id = $5) AND ($6::text IS NULL OR f.outcome = $6)`;
  // The page's facts first (in report_facts_list_idx's order), then what names them: a busy
  // month has thousands of facts.
  const [{ rows }, counted] = await Promise.all([
    db.query(
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
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${matching}`, filter),
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
  return { facts, total: counted.rows[0]!.n };
}

/** Every center's figures over a range of its own center-local days. */
export async function compareCenters(db: Db, from: string, to: string) {
  const { rows } = await db.query(
    `SELECT c.center_code, c.center_web_name AS center_name, c.time_zone, s.*
     FROM centers c LEFT JOIN LATERAL (SELECT ${AGGREGATES} ${rolledFacts("c.center_code", "$1", "$2")}) s ON true
     ORDER BY c.center_code`,
    [from, to],
  );
  return rows.map((r) => ({ center_code: r.center_code as string, center_name: r.center_name as string, time_zone: usableZone(r.time_zone), ...figures(r) }));
}
