// A record's state as people read it (live, waiting for approval, rejected…), worked out from the
// fields every record of an approval type carries. The console's tags and the CSV export both use
// it, so a spreadsheet names a record's state as the screen does.

import type { ChangeKind, RequestStatus } from "./api.js";

/** What a record carries of its latest change request. */
export interface ReviewSummary {
  change: ChangeKind;
  status: RequestStatus;
}

export interface StateFields {
  status?: unknown;
  live_version?: unknown;
  review?: ReviewSummary | null;
}

export type StateKind =
  | "pending"
  | "rejected"
  | "live"
  | "liveDeletionPending"
  | "liveChangePending"
  | "liveChangeRejected"
  | "scheduled"
  | "liveChangeScheduled"
  | "expired"
  | "deleted";

/**
 * live_version null: never approved (not on the website): pending or rejected.
 * live_version set: live, possibly with a change (or deletion) waiting, or a change rejected.
 * scheduled: an approved change waits for its go-live (with the earlier version live, or none);
 * expired: taken down at its take-down time, not on the website.
 * Null for records whose status says nothing about approval.
 */
export function recordStateKind(record: StateFields | null | undefined): StateKind | null {
  if (!record) return null;
  const live = record.live_version !== null && record.live_version !== undefined;
  switch (record.status) {
    case "deleted":
      return "deleted";
    case "published":
      return "live";
    case "pending":
      if (!live) return "pending";
      return record.review?.change === "delete" ? "liveDeletionPending" : "liveChangePending";
    case "rejected":
      return live ? "liveChangeRejected" : "rejected";
    case "scheduled":
      return live ? "liveChangeScheduled" : "scheduled";
    case "expired":
      return "expired";
    default:
      return null;
  }
}

/** The states' names in each language the console speaks (its catalogs take them from here). */
export const STATE_NAMES = {
  en: {
    pending: "Pending approval",
    rejected: "Rejected",
    live: "Live",
    liveDeletionPending: "Live · deletion pending",
    liveChangePending: "Live · change pending",
    liveChangeRejected: "Live · change rejected",
    scheduled: "Scheduled",
    liveChangeScheduled: "Live · change scheduled",
    expired: "Expired",
    deleted: "Deleted",
  },
  id: {
    pending: "Menunggu persetujuan",
    rejected: "Ditolak",
    live: "Tayang",
    liveDeletionPending: "Tayang · penghapusan menunggu",
    liveChangePending: "Tayang · perubahan menunggu",
    liveChangeRejected: "Tayang · perubahan ditolak",
    scheduled: "Terjadwal",
    liveChangeScheduled: "Tayang · perubahan terjadwal",
    expired: "Kedaluwarsa",
    deleted: "Dihapus",
  },
} as const satisfies Record<"en" | "id", Record<StateKind, string>>;

/** The kinds of change a request makes, in each language (the approval screens' words). */
export const CHANGE_NAMES = {
  en: { create: "New", update: "Edit", delete: "Deletion" },
  id: { create: "Baru", update: "Edit", delete: "Penghapusan" },
} as const satisfies Record<"en" | "id", Record<ChangeKind, string>>;
