// Reads and writes of the documents table. Each write is one statement (data-modifying CTEs) that
// changes the row and appends its version and audit rows, run inside the caller's transaction.
import type { Review } from "../../protocol/api.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import { isoOrNull } from "../lib/dates.js";
import { usableZone } from "../schedule/zones.js";
import type { Db } from "../db/client.js";
import { listSql, scopeSql, type Scope } from "./query.js";
import { resourceLiteral } from "./sql.js";
import type { DocData } from "./values.js";

export type Doc = Record<string, unknown> & {
  id: number;
  center_code: string | null;
  version: number;
  status: string;
  live_version: number | null;
  review: Review | null;
  /** The website's values (the last approved version), when the read asked for them. */
  live?: DocData | null;
};

export interface Actor {
  id: number;
  name: string;
  /** The sign-in session the change came from (the activity log shows its address). */
  sessionId?: string | null;
}

interface Row {
  id: string;
  data: DocData;
  center_code: string | null;
  center_web_name: string | null;
  status: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: number | null;
  updated_by: number | null;
  created_by_name: string | null;
  updated_by_name: string | null;
  live_version: number | null;
  review: Review | null;
  live_data?: DocData | null;
  total_docs?: number;
  go_live_at: Date | string | null;
  take_down_at: Date | string | null;
  proposed_go_live_at: Date | string | null;
  proposed_take_down_at: Date | string | null;
  time_zone: string | null;
}

/** A record's latest change request, as lists and forms show it: the protocol's type. */
export type { Review };

/** The columns of a record, over `d` (documents or a CTE returning its rows). */
const COLUMNS = `d.id::text AS id, d.data, d.center_code, c.center_web_name, d.status, d.version,
  d.created_at, d.updated_at, d.created_by, d.updated_by,
  cu.fullname AS created_by_name, uu.fullname AS updated_by_name, d.live_version,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object(
    'id', r.id, 'change', r.change, 'status', r.status, 'reason', r.reason, 'comment', r.comment,
    'submitted_by_name', r.submitted_by_name, 'submitted_at', r.submitted_at,
    'decided_by_name', r.decided_by_name, 'decided_at', r.decided_at) END AS review,
  d.go_live_at, d.take_down_at, r.go_live_at AS proposed_go_live_at, r.take_down_at AS proposed_take_down_at, c.time_zone`;
const JOINS = `LEFT JOIN centers c ON c.center_code = d.center_code
  LEFT JOIN users cu ON cu.id = d.created_by
  LEFT JOIN users uu ON uu.id = d.updated_by
  LEFT JOIN change_requests r ON r.id = d.request_id`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toDoc(def: ResourceDefinition, row: Row): Doc {
  const fields: DocData = {};
  for (const field of def.fields) if (!field.createOnly) fields[field.name] = row.data[field.name] ?? null;
  return {
    id: Number(row.id),
    ...fields,
    center_code: row.center_code,
    center_web_name: row.center_web_name,
    status: row.status,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_by_name: row.created_by_name,
    updated_by_name: row.updated_by_name,
    live_version: row.live_version,
    review: row.review ? { ...row.review, id: Number(row.review.id) } : null,
    ...(scheduleOf(def) && scheduleFields(row)),
    ...(row.live_data !== undefined && { live: row.live_data }),
  };
}

/**
 * A scheduled type's record: the working schedule (an open request's, else the approved one: what
 * a form edits, as the fields are the working copy), the approved one the server carries out, and
 * the center's zone to read them in.
 */
function scheduleFields(row: Row) {
  const proposed = row.review?.status === "pending";
  const approved = { go_live_at: isoOrNull(row.go_live_at), take_down_at: isoOrNull(row.take_down_at) };
  return {
    go_live_at: proposed ? isoOrNull(row.proposed_go_live_at) : approved.go_live_at,
    take_down_at: proposed ? isoOrNull(row.proposed_take_down_at) : approved.take_down_at,
    schedule: approved,
    center_time_zone: usableZone(row.time_zone),
  };
}

export interface Page {
  docs: Doc[];
  totalDocs: number;
}

/**
 * One page: the ids come from the index alone (ORDER BY … LIMIT/OFFSET over the partial indexes),
 * then only those rows are read and joined — a deferred join, so deep pages stay cheap — and the
 * total rides along in the same round trip.
 */
export async function listDocuments(
  db: Db,
  def: ResourceDefinition,
  scope: Scope,
  query: Record<string, unknown>,
  page: number,
  limit: number,
  { live = false, now }: { live?: boolean; now?: number } = {},
): Promise<Page> {
  const { where, params, order, countSql } = listSql(def, scope, query, now);
  const n = params.length;
  const { rows } = await db.query<Row>(
    `WITH page AS (SELECT d.id FROM documents d WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2})
     SELECT (${countSql})::int AS total_docs, ${COLUMNS}${live ? ", d.live_data" : ""}
     FROM page JOIN documents d ON d.id = page.id ${JOINS}
     ORDER BY ${order}`,
    [...params, limit, (page - 1) * limit],
  );
  if (rows.length > 0) return { docs: rows.map((r) => toDoc(def, r)), totalDocs: rows[0]!.total_docs! };
  const count = await db.query<{ n: number }>(`SELECT (${countSql})::int AS n`, params);
  return { docs: [], totalDocs: count.rows[0]!.n };
}

/** A live record in the caller's scope, or null. */
export async function getDocument(db: Db, def: ResourceDefinition, scope: Scope, id: number, forUpdate = false): Promise<Doc | null> {
  const params: unknown[] = [id];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const scoped = scopeSql(scope, { add });
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM documents d ${JOINS}
     WHERE d.id = $1 AND d.resource = ${resourceLiteral(def)} AND d.deleted_at IS NULL${scoped ? ` AND ${scoped}` : ""}
     ${forUpdate ? "FOR UPDATE OF d" : ""}`,
    params,
  );
  return rows[0] ? toDoc(def, rows[0]) : null;
}

export type VersionAction = "create" | "update" | "delete" | "approve" | "reject" | "withdraw" | "restore";

// The version row is live from the record's live_at when the change made it the live version; the
// version that was live until now ends then (or now, when the record stops being live).
const VERSION_AND_AUDIT = (action: VersionAction) => `
  v AS (
    INSERT INTO document_versions (document_id, version, action, data, status, center_code, actor_id, actor_name, note, request_id, live_from)
    SELECT id, version, '${action}', data, status, center_code, $A, $N, $NOTE, request_id,
           CASE WHEN live_version = version AND live_data IS NOT NULL THEN live_at END FROM d
  ),
  ended AS (
    UPDATE document_versions pv SET live_until = CASE WHEN d.live_data IS NOT NULL THEN d.live_at ELSE now() END
    FROM d
    WHERE pv.document_id = d.id AND pv.live_from IS NOT NULL AND pv.live_until IS NULL
      AND (d.live_data IS NULL OR pv.version IS DISTINCT FROM d.live_version)
  ),
  a AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, detail, session_id)
    SELECT $A, '${action}', resource, id::text, jsonb_build_object('version', version, 'center_code', center_code), $S FROM d
  )`;

/** Replaces $A / $N / $NOTE / $S with the next placeholders. */
function withActor(sql: string, params: unknown[], actor: Actor, note: string | null): { sql: string; params: unknown[] } {
  const n = params.length;
  return {
    sql: sql
      .replaceAll("$NOTE", `$${n + 3}::text`)
      .replaceAll("$A", `$${n + 1}::int`)
      .replaceAll("$N", `$${n + 2}::text`)
      .replaceAll("$S", `$${n + 4}::text`),
    params: [...params, actor.id, actor.name, note, actor.sessionId ?? null],
  };
}

export interface NewDocument {
  centerCode: string | null;
  data: DocData;
  searchText: string;
  status: string;
  note: string | null;
  /** Goes live at once (a type without approval). */
  live: boolean;
}

export async function insertDocument(tx: Db, def: ResourceDefinition, actor: Actor, doc: NewDocument): Promise<Doc> {
  const q = withActor(
    `WITH d AS (
       INSERT INTO documents (resource, center_code, data, search_text, status, created_by, updated_by, live_data, live_version, live_at)
       SELECT ${resourceLiteral(def)}, $1, j, $3, $4, $A, $A, CASE WHEN $5 THEN j END, CASE WHEN $5 THEN 1 END, CASE WHEN $5 THEN now() END
       FROM (SELECT $2::text::jsonb AS j) src
       RETURNING *
     ),${VERSION_AND_AUDIT("create")}
     SELECT ${COLUMNS} FROM d ${JOINS}`,
    [doc.centerCode, JSON.stringify(doc.data), doc.searchText, doc.status, doc.live],
    actor,
    doc.note,
  );
  const { rows } = await tx.query<Row>(q.sql, q.params);
  return toDoc(def, rows[0]!);
}

export interface DocumentChange {
  data: DocData;
  searchText: string;
  status: string;
  note: string | null;
  /** Goes live at once (a type without approval). */
  live: boolean;
  /** What the history calls it: an edit, or a restore of an earlier version. */
  action?: "update" | "restore";
}

/** Null when the row is not at `version` any more (or is gone): the caller answers 409 or 404. */
export async function updateDocument(tx: Db, def: ResourceDefinition, actor: Actor, id: number, version: number, change: DocumentChange): Promise<Doc | null> {
  const q = withActor(
    `WITH d AS (
       UPDATE documents SET data = $3::text::jsonb, search_text = $4, status = $5, version = version + 1,
              updated_by = $A, updated_at = now(),
              live_data = CASE WHEN $6 THEN $3::text::jsonb ELSE live_data END,
              live_version = CASE WHEN $6 THEN version + 1 ELSE live_version END,
              live_at = CASE WHEN $6 THEN now() ELSE live_at END
       WHERE id = $1 AND version = $2 AND resource = ${resourceLiteral(def)} AND deleted_at IS NULL
       RETURNING *
     ),${VERSION_AND_AUDIT(change.action ?? "update")}
     SELECT ${COLUMNS} FROM d ${JOINS}`,
    [id, version, JSON.stringify(change.data), change.searchText, change.status, change.live],
    actor,
    change.note,
  );
  const { rows } = await tx.query<Row>(q.sql, q.params);
  return rows[0] ? toDoc(def, rows[0]) : null;
}

/** Soft delete: the row and its history stay; lists, lookups and the public API stop showing it. */
export async function deleteDocument(tx: Db, def: ResourceDefinition, actor: Actor, id: number, note: string | null): Promise<Doc | null> {
  return transition(tx, def, actor, id, { set: `${GONE}, updated_by = $A`, action: "delete", note });
}

/** A deleted record: off the website, nothing scheduled. */
export const GONE = "deleted_at = now(), status = 'deleted', live_data = NULL, next_data = NULL, next_version = NULL, go_live_at = NULL, take_down_at = NULL";

export interface Transition {
  /** SET clauses besides the version bump (which every transition makes); $A is the actor, $2… `params`. */
  set: string;
  action: VersionAction;
  note: string | null;
  params?: unknown[];
}

/**
 * A change of state (a decision, a deletion) of a record: bumps its version and appends the
 * version and audit rows in the same statement. Null when the record is gone.
 */
export async function transition(tx: Db, def: ResourceDefinition, actor: Actor, id: number, change: Transition): Promise<Doc | null> {
  const q = withActor(
    `WITH d AS (
       UPDATE documents SET ${change.set}, version = version + 1, updated_at = now()
       WHERE id = $1 AND resource = ${resourceLiteral(def)} AND deleted_at IS NULL
       RETURNING *
     ),${VERSION_AND_AUDIT(change.action)}
     SELECT ${COLUMNS} FROM d ${JOINS}`,
    [id, ...(change.params ?? [])],
    actor,
    change.note,
  );
  const { rows } = await tx.query<Row>(q.sql, q.params);
  return rows[0] ? toDoc(def, rows[0]) : null;
}

/** The record's live (approved) snapshot, or null when it has none. */
export async function liveData(tx: Db, id: number): Promise<{ data: DocData | null; version: number | null }> {
  const { rows } = await tx.query<{ live_data: DocData | null; live_version: number | null }>("SELECT live_data, live_version FROM documents WHERE id = $1", [
    id,
  ]);
  return { data: rows[0]?.live_data ?? null, version: rows[0]?.live_version ?? null };
}

/** The fields whose value another live record of the same center (or of a global resource) already uses. */
export async function uniqueClashes(tx: Db, def: ResourceDefinition, centerCode: string | null, data: DocData, exceptId: number | null): Promise<string[]> {
  const clashes: string[] = [];
  for (const field of def.fields) {
    if (!field.unique || data[field.name] === null || data[field.name] === undefined) continue;
    const { rows } = await tx.query(
      `SELECT 1 FROM documents
       WHERE resource = ${resourceLiteral(def)} AND deleted_at IS NULL AND COALESCE(center_code, '') = COALESCE($1::text, '')
         AND lower(data->>'${field.name}') = lower($2) AND id <> $3 LIMIT 1`,
      [centerCode, String(data[field.name]), exceptId ?? 0],
    );
    if (rows.length > 0) clashes.push(field.name);
  }
  return clashes;
}

export async function hasLiveRecord(tx: Db, def: ResourceDefinition, centerCode: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM documents WHERE resource = ${resourceLiteral(def)} AND deleted_at IS NULL AND COALESCE(center_code, '') = COALESCE($1::text, '') LIMIT 1`,
    [centerCode],
  );
  return rows.length > 0;
}

/** Whether a live record of `target` with this id exists where a record of `centerCode` may point. */
export async function referenceExists(tx: Db, target: ResourceDefinition, centerCode: string | null, id: number): Promise<boolean> {
  const scoped = target.scope === "center" && centerCode !== null;
  const { rows } = await tx.query(
    `SELECT 1 FROM documents WHERE id = $1 AND resource = ${resourceLiteral(target)} AND deleted_at IS NULL
     ${scoped ? "AND center_code = $2" : ""}`,
    scoped ? [id, centerCode] : [id],
  );
  return rows.length > 0;
}
