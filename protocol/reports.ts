// The reports API's answers (/api/reports), read by the console. Durations are seconds within the
// center's business hours; medians and 90th percentiles are null when there is nothing to measure.

/** The figures of a day, a staff member, a center or a range. */
export interface ReportFigures {
  /** Conversations started (each counted once). */
  conversations: number;
  first_replies: number;
  first_reply_median: number | null;
  first_reply_p90: number | null;
  /** Resolution events: a conversation reopened and resolved again counts twice here… */
  resolutions: number;
  /** …and once here. */
  resolved_conversations: number;
  resolution_median: number | null;
  resolution_p90: number | null;
  decisions: number;
  approved: number;
  rejected: number;
  decision_median: number | null;
  decision_p90: number | null;
}

export const REPORT_FIGURES = [
  "conversations",
  "first_replies",
  "first_reply_median",
  "first_reply_p90",
  "resolutions",
  "resolved_conversations",
  "resolution_median",
  "resolution_p90",
  "decisions",
  "approved",
  "rejected",
  "decision_median",
  "decision_p90",
] as const satisfies readonly (keyof ReportFigures)[];

export interface BusinessHours {
  /** ISO weekdays, 1 = Monday. */
  days: number[];
  /** "08:00" */
  opens: string;
  closes: string;
}

export interface ReportDay extends ReportFigures {
  /** The center-local day, YYYY-MM-DD. */
  day: string;
}

export interface ReportStaff extends ReportFigures {
  user_id: number;
  user_name: string;
}

export interface ReportMonth {
  /** YYYY-MM, center-local. */
  month: string;
  /** Versions that went live. */
  published: number;
  /** Records that came down, or are scheduled to. */
  expiring: number;
}

/** What a content figure counts: versions that went live, or records that came down or will. */
export type ContentKind = "published" | "expiring";

/** One event behind a content figure (GET /api/reports/content). */
export interface ContentEvent {
  at: string;
  /** A version went live, a version came down (nothing replaced it), or a record is scheduled to come down. */
  how: "went_live" | "came_down" | "scheduled";
  resource: string;
  /** The type's label in the request's language. */
  resource_label: string;
  record_id: number;
  /** The version that went live or came down; null for a scheduled take-down. */
  version: number | null;
  title: string;
  /** The record was deleted since. */
  deleted: boolean;
}

export interface ReportData {
  center_code: string;
  time_zone: string;
  business_hours: BusinessHours;
  from: string;
  to: string;
  days: ReportDay[];
  staff: ReportStaff[];
  total: ReportFigures;
  months: ReportMonth[];
  /** Days in the range with facts not rolled up yet (their figures follow within a minute). */
  pending_days: number;
}

export type ReportFactKind = "conversation" | "first_reply" | "resolution" | "decision";

/** One fact behind a figure: what a chart's point drills down to. */
export interface ReportFact {
  kind: ReportFactKind;
  day: string;
  at: string;
  started_at: string;
  business_seconds: number | null;
  user_name: string | null;
  conversation: { id: number; number: number; contact_name: string } | null;
  request: { id: number; title: string; resource: string; outcome: "approved" | "rejected" } | null;
}

export interface ReportCenter extends ReportFigures {
  center_code: string;
  center_name: string;
  time_zone: string;
}
