// GET /api/dashboard: what waits for the signed-in person at the selected center, the welcome
// page's blocks. A block the caller's permissions do not allow is absent from the answer.
import type { CalendarEntry, ChangeKind } from "./api.js";

/** The request that has waited longest in a queue. */
export interface OldestRequest {
  id: number;
  record_id: number;
  resource: string;
  resource_label: string;
  title: string;
  submitted_at: string;
  submitted_by_name: string | null;
}

/** One approval queue: how many requests wait for the caller's decision, and the oldest. */
export interface QueueWaiting {
  queue: string;
  count: number;
  oldest: OldestRequest | null;
}

/** One of the caller's own changes, waiting or rejected (with the reviewer's reason). */
export interface OwnChange {
  request_id: number;
  record_id: number;
  resource: string;
  resource_label: string;
  title: string;
  change: ChangeKind;
  status: "pending" | "rejected";
  submitted_at: string;
  decided_at: string | null;
  reason: string | null;
}

export interface OwnChanges {
  pending: number;
  rejected: number;
  /** The latest few, newest first. */
  items: OwnChange[];
}

/** The open conversation whose visitor has waited longest for a reply. */
export interface LongestWaiting {
  id: number;
  number: number;
  contact_name: string;
  waiting_since: string;
}

export interface InboxSummary {
  /** Open conversations: all of them, nobody's, the caller's. */
  open: number;
  unassigned: number;
  mine: number;
  longest_waiting: LongestWaiting | null;
}

export interface WeekOnCalendar {
  /** The center's week (Monday to Monday on its clock). */
  from: string;
  to: string;
  going_live: number;
  coming_down: number;
  /** What is still to happen this week, soonest first (a few). */
  upcoming: CalendarEntry[];
}

/** GET /api/dashboard's `data`. */
export interface DashboardAnswer {
  /** The server's clock when it answered (ages are counted from it). */
  now: string;
  time_zone: string;
  /** Waiting for the caller's decision (approval_management update), per queue. */
  approvals?: QueueWaiting[];
  /** The caller's own changes (whoever may create or update a type under approval). */
  my_changes?: OwnChanges;
  /** The center's inbox (staff of the center, superadmins). */
  inbox?: InboxSummary;
  /** This week on the calendar (whoever may read a scheduled type). */
  calendar?: WeekOnCalendar;
}

/** The blocks a call may ask for alone (`?blocks=inbox,calendar`): a live event refreshes only what it changed. */
export const DASHBOARD_BLOCKS = ["approvals", "my_changes", "inbox", "calendar"] as const;
export type DashboardBlock = (typeof DASHBOARD_BLOCKS)[number];
