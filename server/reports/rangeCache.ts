// A report's range figures, kept until the center's next roll (see migration 022_report_cache):
// reading them from the facts costs tens of milliseconds at a busy center, and they cannot change
// before the rollup rolls one of its days.
import type { Db } from "../db/client.js";

export interface RangeFigures {
  /** Per staff member: user_id, user_name and the figures. */
  staff: Record<string, unknown>[];
  /** The whole center's figures over the range. */
  total: Record<string, unknown> | undefined;
}

/**
 * The range's figures as kept at the center's current generation, or read by `read` and kept.
 * The generation is read before the facts are: an answer read across a roll is kept under the
 * generation before it, which is never served again.
 */
export async function rangeFigures(db: Db, center: string, from: string, to: string, read: () => Promise<RangeFigures>): Promise<RangeFigures> {
  const { rows } = await db.query<{ generation: string; figures: RangeFigures | null }>(
    `SELECT g.generation::text AS generation, c.figures
     FROM (SELECT COALESCE((SELECT generation FROM report_rolls WHERE center_code = $1), 0) AS generation) g
     LEFT JOIN report_range_cache c ON c.center_code = $1 AND c.from_day = $2 AND c.to_day = $3 AND c.generation = g.generation`,
    [center, from, to],
  );
  const { generation, figures } = rows[0]!;
  if (figures) return figures;
  const fresh = await read();
  await db.query(
    `INSERT INTO report_range_cache (center_code, from_day, to_day, generation, figures)
     SELECT $1, $2, $3, $4, $5::text::jsonb WHERE EXISTS (SELECT 1 FROM centers WHERE center_code = $1)
     ON CONFLICT (center_code, from_day, to_day) DO UPDATE SET generation = EXCLUDED.generation, figures = EXCLUDED.figures
     WHERE report_range_cache.generation <= EXCLUDED.generation`,
    [center, from, to, generation, JSON.stringify(fresh)],
  );
  return fresh;
}

/** In the rollup's transaction: the rolled centers' kept figures are out of date from this roll on. */
export async function nextGeneration(tx: Db, centers: readonly string[]): Promise<void> {
  await tx.query(
    `WITH bumped AS (
       INSERT INTO report_rolls (center_code, generation) SELECT DISTINCT c, 1 FROM unnest($1::text[]) AS c
       ON CONFLICT (center_code) DO UPDATE SET generation = report_rolls.generation + 1
       RETURNING center_code
     )
     DELETE FROM report_range_cache k USING bumped b WHERE k.center_code = b.center_code`,
    [centers],
  );
}
