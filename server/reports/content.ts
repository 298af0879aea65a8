// Content published and expiring at a center, by center-local month, and the list behind each
// figure. Read from the history itself (versions that went live, versions that came down and
// were not replaced at that instant) and from records scheduled to come down: one reading for the
// counts and the list, so a month's bar and the rows it opens always agree.
import type { ContentEvent, ContentKind, ReportMonth } from "../../protocol/reports.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { titleSql } from "../documents/sql.js";
import { isoOrNull } from "../lib/dates.js";

/**
 * The events of center $1 from day $2 to day $3 (both included, in zone $4): when each happened,
 * which figure it counts in, how, and the record and version it is about.
 */
const EVENTS = `span AS (SELECT ($2::date)::timestamp AT TIME ZONE $4 AS a, ($3::date + 1)::timestamp AT TIME ZONE $4 AS b),
  events AS (
    SELECT v.live_from AS at, 'published' AS kind, 'went_live' AS how, v.document_id, v.version FROM document_versions v, span
    WHERE v.center_code = $1 AND v.live_from >= span.a AND v.live_from < span.b
    UNION ALL
    SELECT v.live_until, 'expiring', 'came_down', v.document_id, v.version FROM document_versions v, span
    WHERE v.center_code = $1 AND v.live_until >= span.a AND v.live_until < span.b
      AND NOT EXISTS (SELECT 1 FROM document_versions n WHERE n.document_id = v.document_id AND n.version > v.version AND n.live_from = v.live_until)
    UNION ALL
    SELECT d.take_down_at, 'expiring', 'scheduled', d.id, NULL::int FROM documents d, span
    WHERE d.center_code = $1 AND d.deleted_at IS NULL AND d.take_down_at >= span.a AND d.take_down_at < span.b
  )`;

export interface ContentRange {
  center: string;
  /** Center-local days, both included. */
  from: string;
  to: string;
  zone: string;
}

const rangeParams = (r: ContentRange) => [r.center, r.from, r.to, r.zone];

/** Per center-local month of the range: versions that went live, and records that came down or are scheduled to. */
export async function contentByMonth(db: Db, range: ContentRange): Promise<ReportMonth[]> {
  const { rows } = await db.query<ReportMonth>(
    `WITH ${EVENTS}
     SELECT to_char(at AT TIME ZONE $4, 'YYYY-MM') AS month,
            count(*) FILTER (WHERE kind = 'published')::int AS published, count(*) FILTER (WHERE kind = 'expiring')::int AS expiring
     FROM events GROUP BY 1 ORDER BY 1`,
    rangeParams(range),
  );
  return rows;
}

/** One page of a figure's events, oldest first, with what names them. */
export async function contentEvents(
  db: Db,
  definitions: readonly ResourceDefinition[],
  labels: ReadonlyMap<string, string>,
  range: ContentRange,
  { kind, page, limit }: { kind: ContentKind; page: number; limit: number },
): Promise<{ events: ContentEvent[]; total: number }> {
  const params = [...rangeParams(range), kind];
  // A version's title as it was; a record scheduled to come down, as it is now.
  const title = `CASE WHEN p.version IS NULL THEN ${titleSql(definitions, "COALESCE(d.live_data, d.next_data, d.data)", "d")}
                      ELSE ${titleSql(definitions, "v.data", "d")} END`;
  const [listed, counted] = await Promise.all([
    db.query<{
      at: Date | string;
      how: ContentEvent["how"];
      document_id: string;
      version: number | null;
      resource: string;
      deleted: boolean;
      title: string | null;
    }>(
      `WITH ${EVENTS},
       p AS (SELECT * FROM events WHERE kind = $5 ORDER BY at, document_id, version NULLS LAST LIMIT $6 OFFSET $7)
       SELECT p.at, p.how, p.document_id::text, p.version, d.resource, d.deleted_at IS NOT NULL AS deleted, ${title} AS title
       FROM p JOIN documents d ON d.id = p.document_id
       LEFT JOIN document_versions v ON v.document_id = p.document_id AND v.version = p.version
       ORDER BY p.at, p.document_id, p.version NULLS LAST`,
      [...params, limit, (page - 1) * limit],
    ),
    db.query<{ n: number }>(`WITH ${EVENTS} SELECT count(*)::int AS n FROM events WHERE kind = $5`, params),
  ]);
  const events = listed.rows.map(
    (r): ContentEvent => ({
      at: isoOrNull(r.at)!,
      how: r.how,
      resource: r.resource,
      resource_label: labels.get(r.resource) ?? r.resource,
      record_id: Number(r.document_id),
      version: r.version,
      title: r.title || `#${r.document_id}`,
      deleted: r.deleted,
    }),
  );
  return { events, total: counted.rows[0]!.n };
}
