// The schedule's side effects, once per transition. The public read API needs no job (it applies
// each record's window at the instant it answers); what follows a transition does: the record's
// state, its history marks, the activity log, notifications, the live console. A sweep claims
// the transitions that are due with one conditional UPDATE per batch (`… WHERE go_live_at <= now
// … RETURNING`, over rows locked FOR UPDATE SKIP LOCKED): a row is returned to one transaction
// only, on one instance or many, and a second claim finds it no longer due. The claim, the history
// marks, the audit rows and the stored notifications commit together; the realtime events and
// pushes follow the commit, from the instance that claimed.
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { resourceLiteral } from "../documents/sql.js";
import { transitionDrafts, type TransitionFacts } from "../notifications/compose.js";
import type { Draft } from "../notifications/store.js";
import { isoOrNull } from "../lib/dates.js";
import { usableZone } from "./zones.js";

/** Transitions one transaction claims at most; a sweep takes batches until none is left. */
export const SWEEP_BATCH = 100;

export interface Claimed {
  def: ResourceDefinition;
  transition: "live" | "down";
  id: number;
  version: number;
  centerCode: string | null;
  at: string;
  title: string;
}

interface ClaimRow {
  id: string;
  resource: string;
  center_code: string | null;
  version: number;
  due_at: Date | string;
  title: string | null;
  time_zone: string | null;
  created_by: number | null;
  submitted_by: number | null;
  decided_by: number | null;
  saved_by: number | null;
}

/** The record's title by its type, from `data` (a CASE over the definitions' title fields). */
function titleSql(definitions: readonly ResourceDefinition[], data: string): string {
  if (definitions.length === 0) return "NULL::text";
  return `CASE resource ${definitions.map((d) => `WHEN ${resourceLiteral(d)} THEN ${data}->>'${d.titleField.replace(/[^a-z0-9_]/g, "")}'`).join(" ")} END`;
}

/**
 * The claim of one kind of transition. `due` locks the due rows this transaction may take;
 * `d` moves each (and only if it is still due: the conditional update); the version rows get
 * when they went live / came down, and the audit log an entry per transition without an actor.
 */
function claimSql(kind: "live" | "down", definitions: readonly ResourceDefinition[]): string {
  const live = kind === "live";
  const due = live
    ? `SELECT id, live_version AS ended_version, next_version AS started_version, go_live_at AS due_at, ${titleSql(definitions, "next_data")} AS title
       FROM documents WHERE go_live_at <= $1 AND deleted_at IS NULL AND resource = ANY($3::text[])
       ORDER BY go_live_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`
    : // A go-live due too goes first (a batch of them may still be waiting): it is the earlier one.
      `SELECT id, live_version AS ended_version, NULL::int AS started_version, take_down_at AS due_at, ${titleSql(definitions, "COALESCE(live_data, data)")} AS title
       FROM documents WHERE take_down_at <= $1 AND deleted_at IS NULL AND resource = ANY($3::text[]) AND (go_live_at IS NULL OR go_live_at > $1)
       ORDER BY take_down_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`;
  const set = live
    ? `live_data = d.next_data, live_version = d.next_version, live_at = d.go_live_at, next_data = NULL, next_version = NULL, go_live_at = NULL,
       status = CASE WHEN d.status = 'scheduled' THEN 'published' ELSE d.status END`
    : `live_data = NULL, live_version = NULL, take_down_at = NULL,
       status = CASE WHEN d.status IN ('published', 'scheduled') THEN 'expired' ELSE d.status END`;
  const stillDue = live ? "d.go_live_at <= $1" : "d.take_down_at <= $1";
  // The version whose author and approver hear of it: the one that went live, or came down.
  const concerned = live ? "due.started_version" : "due.ended_version";
  return `
    WITH due AS (${due}),
    d AS (
      UPDATE documents d SET ${set}
      FROM due WHERE d.id = due.id AND ${stillDue} AND d.deleted_at IS NULL
      RETURNING d.id, d.resource, d.center_code, d.version, d.created_by, due.due_at, due.title, due.ended_version, due.started_version, ${concerned} AS concerned
    ),
    started AS (
      UPDATE document_versions v SET live_from = d.due_at FROM d
      WHERE v.document_id = d.id AND v.version = d.started_version
    ),
    ended AS (
      UPDATE document_versions v SET live_until = d.due_at FROM d
      WHERE v.document_id = d.id AND v.version = d.ended_version AND v.live_from IS NOT NULL AND v.live_until IS NULL
    ),
    audit AS (
      INSERT INTO audit_log (actor_id, action, entity, entity_id, detail)
      SELECT NULL, '${live ? "go_live" : "take_down"}', d.resource, d.id::text,
             jsonb_build_object('version', d.concerned, 'center_code', d.center_code, 'scheduled_at', d.due_at)
      FROM d
    )
    SELECT d.id::text AS id, d.resource, d.center_code, d.version, d.due_at, d.title, c.time_zone, d.created_by,
           r.submitted_by, r.decided_by, v.actor_id AS saved_by
    FROM d
    LEFT JOIN centers c ON c.center_code = d.center_code
    LEFT JOIN document_versions v ON v.document_id = d.id AND v.version = d.concerned
    LEFT JOIN change_requests r ON r.id = v.request_id
    ORDER BY d.due_at, d.id`;
}

export interface Batch {
  claimed: Claimed[];
  /** Who is told: the caller stores them in the same transaction. */
  drafts: Draft[];
}

/**
 * Claims up to `limit` due transitions of one kind in the caller's transaction, with their history
 * marks and audit rows, and the notifications to store with them. What another transaction
 * claimed first is not returned.
 */
export async function claimDue(tx: Db, kind: "live" | "down", definitions: readonly ResourceDefinition[], now: number, limit = SWEEP_BATCH): Promise<Batch> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const { rows } = await tx.query<ClaimRow>(claimSql(kind, definitions), [new Date(now).toISOString(), limit, definitions.map((d) => d.name)]);
  const claimed: Claimed[] = [];
  const facts: TransitionFacts[] = [];
  for (const row of rows) {
    const def = byName.get(row.resource)!;
    const at = isoOrNull(row.due_at)!;
    const item = { def, transition: kind, id: Number(row.id), version: row.version, centerCode: row.center_code, at, title: row.title ?? "" };
    claimed.push(item);
    facts.push({
      ...item,
      timeZone: usableZone(row.time_zone),
      // With approval: who submitted the version; without: who saved it.
      authors: [row.created_by, row.submitted_by ?? row.saved_by],
      approver: row.decided_by,
    });
  }
  return { claimed, drafts: facts.flatMap(transitionDrafts) };
}

/** Which kinds of transition are due: a read of two small indexes, so an idle sweep costs next to nothing. */
export async function dueKinds(db: Db, definitions: readonly ResourceDefinition[], now: number): Promise<{ live: boolean; down: boolean }> {
  const { rows } = await db.query<{ live: boolean; down: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM documents WHERE go_live_at <= $1 AND deleted_at IS NULL AND resource = ANY($2::text[])) AS live,
            EXISTS (SELECT 1 FROM documents WHERE take_down_at <= $1 AND deleted_at IS NULL AND resource = ANY($2::text[])) AS down`,
    [new Date(now).toISOString(), definitions.map((d) => d.name)],
  );
  return rows[0]!;
}

/** The definitions whose records the sweep moves: every one it serves (a schedule may outlive its option). */
export const sweptDefinitions = (definitions: readonly ResourceDefinition[]) => definitions.filter((d) => d.engine !== "custom");
