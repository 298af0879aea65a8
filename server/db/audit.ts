import type { Db } from "./client.js";

export interface AuditEntry {
  actorId: number;
  action: string;
  entity: string;
  entityId: number | string;
  detail?: Record<string, unknown>;
  /** The sign-in session it came from. */
  sessionId?: string | null;
}

/** One audit row; call it with the transaction of the change it records. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, detail, session_id) VALUES ($1, $2, $3, $4, $5::text::jsonb, $6)", [
    entry.actorId,
    entry.action,
    entry.entity,
    String(entry.entityId),
    entry.detail === undefined ? null : JSON.stringify(entry.detail),
    entry.sessionId ?? null,
  ]);
}
