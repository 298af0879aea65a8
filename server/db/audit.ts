import type { Db } from "./client.js";

export interface AuditEntry {
  actorId: number;
  action: string;
  entity: string;
  entityId: number | string;
  detail?: Record<string, unknown>;
}

/** One audit row; call it with the transaction of the change it records. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, detail) VALUES ($1, $2, $3, $4, $5::text::jsonb)", [
    entry.actorId,
    entry.action,
    entry.entity,
    String(entry.entityId),
    entry.detail === undefined ? null : JSON.stringify(entry.detail),
  ]);
}
