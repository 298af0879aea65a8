// Reads and writes of change_requests: the open request of a record, the queues, one request.
import type { ChangeKind as Change, RequestStatus } from "../../protocol/api.js";
import { statementName, type Db } from "../db/client.js";
import type { Actor } from "../documents/repository.js";
import { scopeSql, tsQuery, type Scope } from "../documents/query.js";
import type { DocData } from "../documents/values.js";
import { isoOrNull } from "../lib/dates.js";
import type { Schedule } from "../schedule/schedule.js";

// The protocol's names (protocol/api.ts), so the server and the console cannot disagree on them.
export type { Change, RequestStatus };

const REQUEST_STATUSES: readonly RequestStatus[] = ["pending", "approved", "rejected", "withdrawn"];

export interface ChangeRequest {
  id: number;
  document_id: number;
  resource: string;
  center_code: string | null;
  center_web_name: string | null;
  title: string;
  change: Change;
  status: RequestStatus;
  proposed: DocData;
  /** The record's version holding the proposal. */
  version: number;
  note: string | null;
  submitted_by: number | null;
  submitted_by_name: string | null;
  submitted_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  reason: string | null;
  comment: string | null;
  /** The schedule proposed with the change (null, null for a type without one, or none set). */
  go_live_at: string | null;
  take_down_at: string | null;
}

function toRequest(row: Record<string, any>): ChangeRequest {
  return {
    id: Number(row.id),
    document_id: Number(row.document_id),
    resource: row.resource,
    center_code: row.center_code,
    center_web_name: row.center_web_name ?? null,
    title: row.title || `#${row.document_id}`,
    change: row.change,
    status: row.status,
    proposed: row.proposed,
    version: row.version,
    note: row.note,
    submitted_by: row.submitted_by,
    submitted_by_name: row.submitted_by_name,
    submitted_at: isoOrNull(row.submitted_at)!,
    decided_by_name: row.decided_by_name,
    decided_at: isoOrNull(row.decided_at),
    reason: row.reason,
    comment: row.comment,
    go_live_at: isoOrNull(row.go_live_at),
    take_down_at: isoOrNull(row.take_down_at),
  };
}

const COLUMNS = `r.id, r.document_id, r.resource, r.center_code, c.center_web_name, r.title, r.change, r.status,
  r.proposed, r.version, r.note, r.submitted_by, r.submitted_by_name, r.submitted_at,
  r.decided_by_name, r.decided_at, r.reason, r.comment, r.go_live_at, r.take_down_at`;
const JOINS = "LEFT JOIN centers c ON c.center_code = r.center_code";

export interface Submission {
  documentId: number;
  resource: string;
  centerCode: string | null;
  /** The record's version after the write that holds the proposal. */
  version: number;
  change: Change;
  title: string;
  proposed: DocData;
  note: string | null;
  /** The schedule the change carries (a scheduled type's); none: go live when approved, stay. */
  schedule?: Schedule | null;
}

/**
 * Makes `submission` the record's open request: a new one, or the proposal of the one already open
 * replaced (the reviewer always sees the latest). Links the record and its newest version row to it.
 */
export async function openRequest(tx: Db, actor: Actor, s: Submission): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH prev AS (
       SELECT id FROM change_requests WHERE document_id = $1 AND status = 'pending' FOR UPDATE
     ), upd AS (
       UPDATE change_requests SET change = $4, title = $5, proposed = $6::text::jsonb, version = $7, note = $8,
              submitted_by = $9, submitted_by_name = $10, submitted_at = now(), go_live_at = $11, take_down_at = $12
       WHERE id IN (SELECT id FROM prev) RETURNING id
     ), ins AS (
       INSERT INTO change_requests (document_id, resource, center_code, change, title, proposed, version, note, submitted_by, submitted_by_name, go_live_at, take_down_at)
       SELECT $1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, $10, $11::timestamptz, $12::timestamptz WHERE NOT EXISTS (SELECT 1 FROM prev)
       RETURNING id
     )
     SELECT id::text FROM upd UNION ALL SELECT id::text FROM ins`,
    [
      s.documentId,
      s.resource,
      s.centerCode,
      s.change,
      s.title.slice(0, 300),
      JSON.stringify(s.proposed),
      s.version,
      s.note,
      actor.id,
      actor.name,
      s.schedule?.go_live_at ?? null,
      s.schedule?.take_down_at ?? null,
    ],
  );
  const id = Number(rows[0]!.id);
  await linkRequest(tx, s.documentId, s.version, id);
  return id;
}

/** Points the record and its version row `version` at request `id`. */
async function linkRequest(tx: Db, documentId: number, version: number, id: number): Promise<void> {
  await tx.query("UPDATE documents SET request_id = $2 WHERE id = $1", [documentId, id]);
  await tx.query("UPDATE document_versions SET request_id = $3 WHERE document_id = $1 AND version = $2", [documentId, version, id]);
}

/** Closes the record's open request without a decision (its record was deleted before going live). */
export async function withdrawOpenRequest(tx: Db, documentId: number): Promise<void> {
  await tx.query("UPDATE change_requests SET status = 'withdrawn', decided_at = now() WHERE document_id = $1 AND status = 'pending'", [documentId]);
}

export interface Decision {
  status: "approved" | "rejected";
  reason: string | null;
  comment: string | null;
}

export async function recordDecision(tx: Db, id: number, actor: Actor, decision: Decision): Promise<void> {
  await tx.query(
    `UPDATE change_requests SET status = $2, decided_by = $3, decided_by_name = $4, decided_at = now(), reason = $5, comment = $6
     WHERE id = $1`,
    [id, decision.status, actor.id, actor.name, decision.reason, decision.comment],
  );
}

/** One request in the caller's scope (null when there is none), optionally locked. */
export async function getRequest(db: Db, scope: Scope, id: number, forUpdate = false): Promise<ChangeRequest | null> {
  const params: unknown[] = [id];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const scoped = scopeSql(scope, { add }, "r");
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM change_requests r ${JOINS} WHERE r.id = $1${scoped ? ` AND ${scoped}` : ""}${forUpdate ? " FOR UPDATE OF r" : ""}`,
    params,
  );
  return rows[0] ? toRequest(rows[0]) : null;
}

/** The record a request is about, without scope (the caller has checked the request's). */
export async function documentOf(db: Db, requestId: number): Promise<number | null> {
  const { rows } = await db.query<{ document_id: string }>("SELECT document_id::text FROM change_requests WHERE id = $1", [requestId]);
  return rows[0] ? Number(rows[0].document_id) : null;
}

export interface QueueFilter {
  /** The resources of the queue (or of every queue). */
  resources: readonly string[];
  status: RequestStatus;
  scope: Scope;
  q?: string;
  /** Leave out requests submitted by this user (what the caller may decide). */
  excludeSubmitter?: number;
  /** Only requests submitted by this user. */
  onlySubmitter?: number;
  /** Oldest first (the default: the longest wait is served first) or newest first. */
  newestFirst?: boolean;
}

function whereOf(filter: QueueFilter) {
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // The status inline (one of four words): a prepared statement's generic plan can then use the
  // open-requests index, which covers 'pending' alone.
  if (!REQUEST_STATUSES.includes(filter.status)) throw new Error(`unknown request status ${filter.status}`);
  const clauses = [`r.status = '${filter.status}'`, `r.resource = ANY(${add(filter.resources)}::text[])`];
  const scoped = scopeSql(filter.scope, { add }, "r");
  if (scoped) clauses.push(scoped);
  const ts = tsQuery(filter.q);
  if (ts) clauses.push(`r.search @@ to_tsquery('simple', ${add(ts)})`);
  if (filter.excludeSubmitter !== undefined) clauses.push(`r.submitted_by IS DISTINCT FROM ${add(filter.excludeSubmitter)}`);
  if (filter.onlySubmitter !== undefined) clauses.push(`r.submitted_by = ${add(filter.onlySubmitter)}`);
  return { where: clauses.join(" AND "), params, add };
}

/** One page of a queue, with its total. */
export async function listRequests(db: Db, filter: QueueFilter, page: number, limit: number): Promise<{ docs: ChangeRequest[]; totalDocs: number }> {
  const { where, params, add } = whereOf(filter);
  const dir = filter.newestFirst ? "DESC" : "ASC";
  const { rows } = await db.query(
    `WITH page AS (
       SELECT r.id FROM change_requests r WHERE ${where} ORDER BY r.submitted_at ${dir}, r.id ${dir}
       LIMIT ${add(limit)} OFFSET ${add((page - 1) * limit)}
     )
     SELECT (SELECT count(*) FROM change_requests r WHERE ${where})::int AS total_docs, ${COLUMNS}
     FROM page JOIN change_requests r ON r.id = page.id ${JOINS}
     ORDER BY r.submitted_at ${dir}, r.id ${dir}`,
    params,
  );
  if (rows.length > 0) return { docs: rows.map(toRequest), totalDocs: rows[0].total_docs };
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM change_requests r WHERE ${where}`, params.slice(0, -2));
  return { docs: [], totalDocs: count.rows[0]!.n };
}

/** Open requests per resource in scope (that the caller did not submit, unless told otherwise). */
export async function countOpen(db: Db, resources: readonly string[], scope: Scope, excludeSubmitter?: number): Promise<Map<string, number>> {
  const { where, params } = whereOf({ resources, status: "pending", scope, excludeSubmitter });
  const { rows } = await db.query<{ resource: string; n: number }>(
    `SELECT r.resource, count(*)::int AS n FROM change_requests r WHERE ${where} GROUP BY r.resource`,
    params,
  );
  return new Map(rows.map((row) => [row.resource, row.n]));
}

/**
 * Per resource in scope, its open requests (that the caller did not submit, unless told otherwise):
 * how many, and the one waiting longest. One reading of the open requests for every queue at once.
 */
export async function openByResource(
  db: Db,
  resources: readonly string[],
  scope: Scope,
  excludeSubmitter?: number,
): Promise<Map<string, { count: number; oldest: ChangeRequest }>> {
  const { where, params } = whereOf({ resources, status: "pending", scope, excludeSubmitter });
  // Counted from the open-requests index; each resource's oldest from its queue's index, read backwards.
  const sql = `SELECT x.n AS open_count, ${COLUMNS}
     FROM (SELECT r.resource, count(*)::int AS n FROM change_requests r WHERE ${where} GROUP BY r.resource) x
     CROSS JOIN LATERAL (
       SELECT r.id FROM change_requests r WHERE ${where} AND r.resource = x.resource ORDER BY r.submitted_at, r.id LIMIT 1
     ) o
     JOIN change_requests r ON r.id = o.id ${JOINS}`;
  // Asked on every welcome page: prepared once per connection.
  const { rows } = await db.query(sql, params, { name: statementName("open_by_resource", sql) });
  return new Map(rows.map((row) => [row.resource as string, { count: row.open_count as number, oldest: toRequest(row) }]));
}

/** The next open request after `after` (oldest first) the caller may decide, or null. */
export async function nextOpen(db: Db, filter: QueueFilter, after: number): Promise<number | null> {
  const { where, params, add } = whereOf(filter);
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id::text FROM change_requests r WHERE ${where} AND r.id <> ${add(after)} ORDER BY r.submitted_at, r.id LIMIT 1`,
    params,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Earlier requests of the same record, newest first. */
export async function requestsOfDocument(db: Db, documentId: number, except: number): Promise<ChangeRequest[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM change_requests r ${JOINS} WHERE r.document_id = $1 AND r.id <> $2 ORDER BY r.id DESC LIMIT 50`, [
    documentId,
    except,
  ]);
  return rows.map(toRequest);
}

/** A change of the caller's that still waits for a decision, or was rejected and not resubmitted. */
export interface OwnChange {
  request_id: number;
  record_id: number;
  resource: string;
  title: string;
  change: Change;
  status: "pending" | "rejected";
  submitted_at: string;
  decided_at: string | null;
  reason: string | null;
}

/**
 * The caller's own changes in scope, waiting or rejected, counted and the latest `limit` of them:
 * a rejection counts while it is still the record's latest request (the author has not resubmitted)
 * and the record is not deleted.
 */
export async function ownChanges(
  db: Db,
  userId: number,
  resources: readonly string[],
  scope: Scope,
  limit: number,
): Promise<{ pending: number; rejected: number; items: OwnChange[] }> {
  const params: unknown[] = [userId, resources];
  const add = (v: unknown) => `$${params.push(v)}`;
  const scoped = scopeSql(scope, { add }, "r");
  const sql = `WITH mine AS (
       SELECT r.id, r.document_id, r.resource, r.title, r.change, r.status, r.submitted_at, r.decided_at, r.reason
       FROM change_requests r JOIN documents d ON d.request_id = r.id AND d.deleted_at IS NULL
       WHERE r.submitted_by = $1 AND r.resource = ANY($2::text[]) AND r.status IN ('pending', 'rejected')${scoped ? ` AND ${scoped}` : ""}
     )
     SELECT (SELECT count(*) FROM mine WHERE status = 'pending')::int AS pending_total,
            (SELECT count(*) FROM mine WHERE status = 'rejected')::int AS rejected_total, m.*
     FROM (SELECT 1) one LEFT JOIN (
       -- What the author must act on first: a rejection, however many changes wait behind it.
       SELECT * FROM mine ORDER BY status = 'rejected' DESC, COALESCE(decided_at, submitted_at) DESC, id DESC LIMIT ${add(limit)}
     ) m ON true`;
  // Asked on every welcome page: prepared once per connection.
  const { rows } = await db.query(sql, params, { name: statementName("own_changes", sql) });
  const first = rows[0] ?? { pending_total: 0, rejected_total: 0 };
  return {
    pending: first.pending_total,
    rejected: first.rejected_total,
    items: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        request_id: Number(row.id),
        record_id: Number(row.document_id),
        resource: row.resource,
        title: row.title || `#${row.document_id}`,
        change: row.change,
        status: row.status,
        submitted_at: isoOrNull(row.submitted_at)!,
        decided_at: isoOrNull(row.decided_at),
        reason: row.reason,
      })),
  };
}
