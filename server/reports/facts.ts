// Reporting facts, written in the transaction of the event they record, so a report counts what
// happened and nothing that was rolled back. Each is stamped with the app's clock (tests move it)
// and the center-local day it fell on; the rollup (rollup.ts) measures and sums them.
import type { Db } from "../db/client.js";
import { zoneOfCenter } from "../schedule/zones.js";

export type FactKind = "conversation" | "first_reply" | "resolution" | "decision";

export interface Fact {
  kind: FactKind;
  centerCode: string;
  /** When it happened (ms since the epoch, the app's clock). */
  at: number;
  conversationId?: number;
  requestId?: number;
  user?: { id: number; name: string } | null;
  outcome?: "approved" | "rejected";
  resource?: string;
  /** What the time is measured from (an instant); default: the conversation's start. */
  startedAt?: string;
}

/**
 * Writes one fact. A second start or first reply of one conversation, or a second decision on
 * one request, is ignored (unique indexes), so callers need not check first.
 */
export async function recordFact(tx: Db, fact: Fact): Promise<void> {
  const zone = await zoneOfCenter(tx, fact.centerCode);
  const at = new Date(fact.at).toISOString();
  // A reply or a resolution is measured from the conversation's recorded start (the app's clock
  // then), or, for a conversation from before the facts, from when it was created.
  const started = `COALESCE($5::timestamptz, (SELECT s.at FROM report_facts s WHERE s.kind = 'conversation' AND s.conversation_id = $6),
    (SELECT c.created_at FROM chat_conversations c WHERE c.id = $6), $3::timestamptz)`;
  await tx.query(
    `INSERT INTO report_facts (center_code, kind, day, at, started_at, conversation_id, request_id, user_id, user_name, outcome, resource)
     VALUES ($1, $2, ($3::timestamptz AT TIME ZONE $4)::date, $3, ${started}, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING`,
    [
      fact.centerCode,
      fact.kind,
      at,
      zone,
      fact.startedAt ?? null,
      fact.conversationId ?? null,
      fact.requestId ?? null,
      fact.user?.id ?? null,
      fact.user?.name ?? null,
      fact.outcome ?? null,
      fact.resource ?? null,
    ],
  );
}
