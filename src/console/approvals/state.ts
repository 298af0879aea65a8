// What a record of an approval type shows as its state (contract: "The displayed state").
// Plain data: the list, the forms and the read-only view read it, and the tests prove it.
import type { MessageKey } from "../../../providers/i18n";

import type { ChangeKind, RequestStatus, Review } from "../../../protocol/api";
import { recordStateKind, type StateKind } from "../../../protocol/recordState";

/** The record's latest change request (`review`) as records of approval types carry it: the protocol's. */
export type { ChangeKind, RequestStatus, Review, StateKind };

export interface ApprovalFields {
  status?: unknown;
  live_version?: unknown;
  review?: Review | null;
}

export interface DisplayState {
  kind: StateKind;
  /** i18n key of the state's name. */
  label: MessageKey;
  color: "gold" | "red" | "green" | "orange" | "volcano" | "blue" | "default";
  /** The reviewer's reason, for rejected states. */
  reason: string | null;
  /** The open request a reviewer decides (pending states). */
  requestId: number | null;
}

const state = (kind: StateKind, color: DisplayState["color"], record: ApprovalFields, withReason = false): DisplayState => ({
  kind,
  label: `recordState.${kind}`,
  color,
  reason: withReason ? (record.review?.reason ?? null) : null,
  requestId: record.review && record.review.status === "pending" ? record.review.id : null,
});

const COLORS: Record<StateKind, DisplayState["color"]> = {
  deleted: "default",
  live: "green",
  pending: "gold",
  liveDeletionPending: "volcano",
  liveChangePending: "orange",
  liveChangeRejected: "red",
  rejected: "red",
  scheduled: "blue",
  liveChangeScheduled: "blue",
  expired: "default",
};

/** The state a record's tag and banner show; null for records whose status says nothing about approval. */
export function displayState(record: ApprovalFields | null | undefined): DisplayState | null {
  const kind = recordStateKind(record);
  if (!kind || !record) return null;
  return state(kind, COLORS[kind], record, kind === "rejected" || kind === "liveChangeRejected");
}
