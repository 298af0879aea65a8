// The approval state of the bench's posts, in the shapes the workflow writes (server/approvals/
// workflow.ts), built in SQL (no round trip per row):
//   - 9 in 10 were created, then approved: version 2, status published, live_data = data,
//     live_version 2, and an approved 'create' request (version 1) as their request_id;
//   - 1 in 10 has an open request (10,000 at 100k posts, spread over the 3 centers): half are new
//     records never approved (version 1, no live version), a quarter are edits of a live record
//     (the live version keeps the old title), a quarter are deletions of a live record (data back
//     to the live version); the live ones also have their earlier approved request.
// The editor submitted them (1 in 10 of the open ones the manager, whom the counts leave out);
// the manager decided. Version rows (document_versions) are left out: no measured call reads them.
import type { Db } from "../server/db/client";

/** What state bench post `i` is in. */
const KIND = `CASE WHEN i % 10 <> 0 THEN 'live' ELSE (ARRAY['create', 'create', 'update', 'delete'])[1 + (i / 10) % 4] END`;

// Post i's requests get fixed ids, so its documents row names its request as it is inserted (an
// UPDATE of every row afterwards took longer than the rest of the load): above `base` (the highest
// id before the load), its approved one is base + (n + 1 - i), its open one base + n + (n + 1 - i),
// so later posts have higher ids, as they would.
const approvedId = (i: string, n: string, base: string) => `(${base}::bigint + ${n} + 1 - ${i})`;
const openId = (i: string, n: string, base: string) => `(${base}::bigint + 2 * ${n} + 1 - ${i})`;

/** The columns BULK_INSERT fills for the approval state, and their values over `i`, the post count `n` and `base`. */
export const APPROVAL_COLUMNS = "status, version, live_data, live_version, live_at, request_id";
export const approvalValues = (o: { data: string; created: string; n: string; base: string }) => `
  CASE WHEN ${KIND} = 'live' THEN 'published' ELSE 'pending' END,
  CASE ${KIND} WHEN 'live' THEN 2 WHEN 'create' THEN 1 ELSE 3 END,
  CASE ${KIND} WHEN 'create' THEN NULL
               WHEN 'update' THEN ${o.data} || jsonb_build_object('title', (${o.data})->>'title' || ' (before the edit)')
               ELSE ${o.data} END,
  CASE WHEN ${KIND} = 'create' THEN NULL ELSE 2 END,
  CASE WHEN ${KIND} = 'create' THEN NULL ELSE ${o.created} + interval '30 seconds' END,
  CASE WHEN ${KIND} = 'live' THEN ${approvedId("i", o.n, o.base)} ELSE ${openId("i", o.n, o.base)} END`;

/** Post i of a documents row `d` (BULK_INSERT's slug is `bench-<i>`). */
const I = "substr(d.data->>'slug', 7)::int";
const BENCH_POSTS = "d.data->>'slug' LIKE 'bench-%'";

// $1 the editor, $2 the manager, $3 the post count, $4 base.
const APPROVED = `
  INSERT INTO change_requests (id, document_id, resource, center_code, change, status, title, proposed, version,
                               submitted_by, submitted_by_name, submitted_at, decided_by, decided_by_name, decided_at)
  SELECT ${approvedId(I, "$3", "$4")}, d.id, d.resource, d.center_code, 'create', 'approved', d.live_data->>'title', d.live_data, 1,
         $1, e.fullname, d.created_at, $2, m.fullname, d.live_at
  FROM documents d, users e, users m
  WHERE e.id = $1 AND m.id = $2 AND ${BENCH_POSTS} AND d.live_version IS NOT NULL`;
const OPEN = `
  INSERT INTO change_requests (id, document_id, resource, center_code, change, status, title, proposed, version,
                               submitted_by, submitted_by_name, submitted_at)
  SELECT ${openId(I, "$3", "$4")}, d.id, d.resource, d.center_code,
         CASE WHEN d.live_version IS NULL THEN 'create' WHEN d.data = d.live_data THEN 'delete' ELSE 'update' END,
         'pending', d.data->>'title', d.data, d.version, s.id, s.fullname, d.updated_at
  FROM documents d JOIN users s ON s.id = CASE WHEN (${I} / 10) % 10 = 9 THEN $2 ELSE $1 END::int
  WHERE ${BENCH_POSTS} AND d.status = 'pending'`;

/** The highest change request id before the load: BULK_INSERT's `base`. */
export async function requestBase(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: string }>("SELECT COALESCE(max(id), 0)::text AS id FROM change_requests");
  return Number(rows[0]!.id);
}

/** The change_requests rows the bench posts (already inserted) name; returns the requests by status. */
export async function loadRequests(db: Db, o: { editorId: number; managerId: number; posts: number; base: number }) {
  // Statistics first: planned with an empty table's estimates, the joins below loop row by row.
  await db.exec("ANALYZE documents");
  const params = [o.editorId, o.managerId, o.posts, o.base];
  await db.query(APPROVED, params);
  await db.query(OPEN, params);
  await db.query("SELECT setval(pg_get_serial_sequence('change_requests', 'id'), (SELECT max(id) FROM change_requests))");
  const { rows } = await db.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM change_requests GROUP BY status");
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}
