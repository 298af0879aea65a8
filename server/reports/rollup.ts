// The rollup: the center-local days whose facts changed (report_pending_days) are claimed, their
// facts measured in the center's business hours, and their rows in report_days written anew from
// all of that day's facts. Writing a day anew from its facts makes a run idempotent: rolling a
// day twice gives the same rows. The claim takes rows FOR UPDATE SKIP LOCKED and deletes them in
// the same transaction, so two instances running together never roll one day both; a fact written
// while its day is being rolled marks it again (its insert waits for the claim to commit), and the
// next run takes it.
import { REPORT_FIGURES } from "../../protocol/reports.js";
import type { Db } from "../db/client.js";
import { usableZone } from "../schedule/zones.js";
import { nextGeneration } from "./rangeCache.js";

/** Days one transaction rolls at most; a run takes batches until none is left. */
export const ROLLUP_BATCH = 200;

interface ClaimedDay {
  center_code: string;
  day: string;
  time_zone: string;
}

/** The aggregates of report_days, over facts `f` (shared by the rollup and the range summaries). */
export const AGGREGATES = `
  count(*) FILTER (WHERE f.kind = 'conversation')::int AS conversations,
  count(*) FILTER (WHERE f.kind = 'first_reply')::int AS first_replies,
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'first_reply'))::int AS first_reply_median,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'first_reply'))::int AS first_reply_p90,
  count(*) FILTER (WHERE f.kind = 'resolution')::int AS resolutions,
  count(DISTINCT f.conversation_id) FILTER (WHERE f.kind = 'resolution')::int AS resolved_conversations,
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'resolution'))::int AS resolution_median,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'resolution'))::int AS resolution_p90,
  count(*) FILTER (WHERE f.kind = 'decision')::int AS decisions,
  count(*) FILTER (WHERE f.kind = 'decision' AND f.outcome = 'approved')::int AS approved,
  count(*) FILTER (WHERE f.kind = 'decision' AND f.outcome = 'rejected')::int AS rejected,
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'decision'))::int AS decision_median,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY f.business_seconds) FILTER (WHERE f.kind = 'decision'))::int AS decision_p90`;

/**
 * Claims up to `limit` pending days in the caller's transaction and writes their rows. Returns
 * the days rolled (none: nothing was pending, or another transaction holds them).
 */
export async function rollBatch(tx: Db, now: number, limit = ROLLUP_BATCH): Promise<ClaimedDay[]> {
  const { rows: claimed } = await tx.query<ClaimedDay>(
    `WITH due AS (
       SELECT center_code, day FROM report_pending_days ORDER BY day, center_code LIMIT $1 FOR UPDATE SKIP LOCKED
     ), gone AS (
       DELETE FROM report_pending_days p USING due WHERE p.center_code = due.center_code AND p.day = due.day
       RETURNING p.center_code, p.day
     )
     SELECT g.center_code, to_char(g.day, 'YYYY-MM-DD') AS day, c.time_zone FROM gone g JOIN centers c ON c.center_code = g.center_code`,
    [limit],
  );
  if (claimed.length === 0) return [];
  // A stored zone PostgreSQL might not know reads as the default, as everywhere else.
  const centers = claimed.map((d) => d.center_code);
  const days = claimed.map((d) => d.day);
  const zones = claimed.map((d) => usableZone(d.time_zone));
  const claim = `SELECT * FROM unnest($1::text[], $2::date[], $3::text[]) AS k(center_code, day, zone)`;
  await nextGeneration(tx, centers);
  await tx.query(
    `UPDATE report_facts f SET business_seconds = report_business_seconds(f.started_at, f.at, k.zone, c.business_days, c.business_opens, c.business_closes)
     FROM (${claim}) k, centers c
     WHERE f.center_code = k.center_code AND f.day = k.day AND c.center_code = k.center_code AND f.kind <> 'conversation'`,
    [centers, days, zones],
  );
  await tx.query(`DELETE FROM report_days r USING (${claim}) k WHERE r.center_code = k.center_code AND r.day = k.day`, [centers, days, zones]);
  // One row for the center (user 0) and one per staff member who replied, resolved or decided.
  await tx.query(
    `INSERT INTO report_days (center_code, day, user_id, user_name, ${REPORT_FIGURES.join(", ")}, rolled_at)
     SELECT f.center_code, f.day, CASE WHEN GROUPING(f.user_id) = 1 THEN 0 ELSE f.user_id END,
            CASE WHEN GROUPING(f.user_id) = 1 THEN NULL ELSE max(f.user_name) END, ${AGGREGATES}, $4
     FROM report_facts f JOIN (${claim}) k ON f.center_code = k.center_code AND f.day = k.day
     GROUP BY GROUPING SETS ((f.center_code, f.day), (f.center_code, f.day, f.user_id))
     HAVING GROUPING(f.user_id) = 1 OR f.user_id IS NOT NULL`,
    [centers, days, zones, new Date(now).toISOString()],
  );
  return claimed;
}
