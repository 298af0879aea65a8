// What a record of an approval type shows as its state (contract: "The displayed state").
// Plain data: the list, the forms and the read-only view read it, and the tests prove it.

import type { ChangeKind, RequestStatus, Review } from "../../../protocol/api";

/** The record's latest change request (`review`) as records of approval types carry it: the protocol's. */
export type { ChangeKind, RequestStatus, Review };

export interface ApprovalFields {
  status?: unknown;
  live_version?: unknown;
  review?: Review | null;
}

export type StateKind = "pending" | "rejected" | "live" | "liveDeletionPending" | "liveChangePending" | "liveChangeRejected" | "deleted";

export interface DisplayState {
  kind: StateKind;
  /** i18n key of the state's name. */
  label: string;
  color: "gold" | "red" | "green" | "orange" | "volcano" | "default";
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

/**
 * live_version null: never approved (not on the website) — pending or rejected.
 * live_version set: live, possibly with a change (or deletion) waiting, or a change rejected.
 * Null for records whose status says nothing about approval.
 */
export function displayState(record: ApprovalFields | null | undefined): DisplayState | null {
  if (!record) return null;
  const status = typeof record.status === "string" ? record.status : undefined;
  const live = record.live_version !== null && record.live_version !== undefined;
  switch (status) {
    case "deleted":
      return state("deleted", "default", record);
    case "published":
      return state("live", "green", record);
    case "pending":
      if (!live) return state("pending", "gold", record);
      return record.review?.change === "delete" ? state("liveDeletionPending", "volcano", record) : state("liveChangePending", "orange", record);
    case "rejected":
      return live ? state("liveChangeRejected", "red", record, true) : state("rejected", "red", record, true);
    default:
      return null;
  }
}
