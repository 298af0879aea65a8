// The REST API's shapes that the console reads and sends: the envelope, the session, centers,
// users, roles, a record's system fields and the approval queues (the chats' are in chat.ts).
// Plain types, importing nothing: the console imports them with `import type`, so no schema
// library reaches its bundle. The server's schemas are checked against them at compile time
// (server/test/restTypes.test.ts): a change on one side alone does not compile.

/** Every answer: `data` is what was asked for; a write's answer also says what happened. */
export interface ApiEnvelope<T = unknown> {
  statusCode: number;
  message?: string;
  data: T;
}

/** Every error answer: `errors` maps a field to what is wrong with it. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
  /** What the console acts on beside the status: one of ERROR_CODES (protocol/twoFactor.ts). */
  code?: string;
}

/** A list's `data`: one page, and how many there are in all. */
export interface Page<T> {
  docs: T[];
  totalDocs: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** The console's languages (resources/types.ts LOCALES). */
export type ApiLocale = "en" | "id";

// ——— Session (/api/auth, /api/a/verify) ———

/** POST /api/auth/login */
export interface LoginBody {
  username: string;
  password: string;
}

/** POST /api/auth/login's `data`: who signed in, and the token every later call carries. */
export interface LoginAnswer {
  id: number;
  token: string;
  fullname: string;
  username: string;
  user_type: string;
  role_name?: string;
  /** The console language the user chose, or null: the console keeps the browser's. */
  locale: ApiLocale | null;
}

/** PUT /api/auth/password: the answer holds a fresh token for this session (the others end). */
export interface PasswordBody {
  current_password: string;
  new_password: string;
}
export interface PasswordAnswer {
  token: string;
}

/** PUT /api/auth/locale, body and answer. */
export interface LocaleBody {
  locale: ApiLocale;
}

/** PUT /api/auth/list-columns, body and answer: the columns hidden in one list (none: forgotten). */
export interface ListColumnsBody {
  /** The list's key: its type's name ("posts") or its view's path ("/app/events/life-club"). */
  list: string;
  hidden: string[];
}

/** GET /api/auth/list-columns: every list's hidden columns, by the list's key. */
export type ListColumnsAnswer = Record<string, string[]>;

/** One row of a permission matrix as the session carries it: each flag is 0 or 1. */
export interface PermissionEntry {
  set: { permission_key: string };
  allow_read: number;
  allow_create: number;
  allow_update: number;
  allow_delete: number;
}

/** The selected center and the caller's role there. */
export interface SessionCenter {
  center_code: string;
  center_web_name: string;
  role_name: string;
  /** The center's IANA time zone (Asia/Jakarta): schedules are entered and shown in it. */
  time_zone: string;
}

/** GET /api/permissions/assignment/<id>: the role the caller holds through one assignment. */
export interface AssignmentRole {
  id: number;
  name: string;
  permissions: PermissionEntry[];
}

/** GET /api/a/verify/___ca's `data`: the caller at the selected center (null: none selected). */
export interface SessionAnswer {
  permissions: PermissionEntry[];
  user: { id: number; fullname: string; user_type: string };
  center: SessionCenter | null;
}

// ——— Centers (/api/e1-centers) ———

export interface RoleRef {
  id: number | null;
  name: string;
}

/** GET /api/e1-centers: every center (the users screen's assignment editor). */
export interface CenterRef {
  id: number;
  center_code: string;
  center_web_name: string;
  /** The center's IANA time zone (set in its centre information). */
  time_zone: string;
}

/** GET /api/e1-centers/by-admin/<id>: a center the user works at; a superadmin's have no assignment. */
export interface AdminCenter extends CenterRef {
  assignment: { id: number; role: RoleRef } | null;
}

// ——— Users and roles (/api/users, /api/roles) ———

export interface UserAssignment {
  id: number;
  center_code: string;
  center_web_name: string;
  role_id: number;
  role_name: string;
}

export interface UserDoc {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  user_type: string;
  active: boolean;
  assignments: UserAssignment[];
  created_at: string;
  updated_at: string;
  version: number;
}

/** A role's grant of one permission key: each flag is 0 or 1. */
export interface RolePermission {
  permission_key: string;
  allow_read: number;
  allow_create: number;
  allow_update: number;
  allow_delete: number;
}

export interface RoleDoc {
  id: number;
  name: string;
  permissions: RolePermission[];
  /** Its holders must use a second factor at sign-in. */
  mfa_required: boolean;
  assignment_count: number;
  /** The users holding it, at one center or more (a role held in use cannot be deleted). */
  holder_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

// ——— Records of the definitions (/api/<resource>) ———

export type ChangeKind = "create" | "update" | "delete";
export type RequestStatus = "pending" | "approved" | "rejected" | "withdrawn";

/** The record's latest change request, as lists and forms show its state. */
export interface Review {
  id: number;
  change: ChangeKind;
  status: RequestStatus;
  reason: string | null;
  comment: string | null;
  submitted_by_name: string | null;
  submitted_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
}

/** What every record carries beside its definition's fields. */
export interface DocumentFields {
  id: number;
  center_code: string | null;
  center_web_name: string | null;
  status: string;
  version: number;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
  created_by_name: string | null;
  updated_by_name: string | null;
  /** Null until a first approval: the record is not on the website yet. */
  live_version: number | null;
  review: Review | null;
}

// ——— Schedules (definitions with `schedule`; server/schedule/) ———

/** When a change goes live and when its record comes down (ISO instants; null: at approval / never). */
export interface Schedule {
  go_live_at: string | null;
  take_down_at: string | null;
}

/**
 * What a record of a scheduled type carries beside DocumentFields. A write (POST, PUT) may send
 * `go_live_at` and `take_down_at`: left out, they stay as the record has them (the take-down
 * defaults to the definition's `takeDownFrom` field when that lies ahead); null clears one. A
 * time in the past is a 400 on its field, as is a take-down not after the go-live.
 */
export interface ScheduleFields extends Schedule {
  /**
   * The approved schedule the server carries out: `go_live_at` set means an approved version waits
   * (status "scheduled", or a newer change pending), `take_down_at` when the record comes down.
   * The top-level go_live_at / take_down_at are the working copy's (an open request's), what a
   * form edits.
   */
  schedule: Schedule;
  /** The record's center's IANA zone (the default zone for a global type). */
  center_time_zone: string;
}

/** One transition on GET /api/calendar. */
export interface CalendarEntry {
  resource: string;
  /** The definition's label, in the caller's language. */
  resource_label: string;
  record_id: number;
  title: string;
  center_code: string | null;
  /** live: goes (went) live; down: comes (came) down. */
  transition: "live" | "down";
  at: string;
  /**
   * scheduled: approved, still to happen; pending: proposed by a change waiting for approval;
   * live / expired: done (a version went live / the record came down).
   */
  state: "scheduled" | "pending" | "live" | "expired";
  /** Scheduled, and past due by more than two minutes (the sweep is behind). */
  overdue: boolean;
  /**
   * The open request: a pending entry's own; for a scheduled one, a change of its record waiting
   * for approval (it may move or drop this transition). Else null.
   */
  request_id: number | null;
  /** The version that went live or came down (done), else null. */
  version: number | null;
}

/** GET /api/calendar's `data`. */
export interface CalendarAnswer {
  from: string;
  to: string;
  /** The server's clock when it answered (what "overdue" was judged by). */
  now: string;
  /** The zone of the center asked for (the default when several). */
  time_zone: string;
  entries: CalendarEntry[];
  /** More entries than the answer holds: narrow the range or filter by resource. */
  truncated: boolean;
}

/** What a history row (GET /api/<resource>/<id>/versions and /versions/<n>) adds about the website. */
export interface VersionLife {
  /** When this version went live and stopped being live (null: never, or still live). */
  live_from: string | null;
  live_until: string | null;
  /** How it stopped: a newer version went live, or the record came down (taken down, deleted). */
  live_ended: "replaced" | "down" | null;
  /** The schedule its change carried. */
  go_live_at: string | null;
  take_down_at: string | null;
}

// ——— Approvals (/api/approvals) ———

/** A record's fields as a version or a proposal holds them. */
export type Snapshot = Record<string, unknown>;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One change request as the queue lists it. */
export interface ApprovalRequest {
  id: number;
  /** Null only for a type that no longer sends its changes to a queue. */
  queue: string | null;
  resource: string;
  /** The definition's label ("Post"), as the server names it. */
  resource_label: string;
  record_id: number;
  center_code: string | null;
  center_web_name: string | null;
  title: string;
  change: ChangeKind;
  status: RequestStatus;
  /** The record's version the proposal was read at: sent back with a decision. */
  version: number;
  /** The author's change note. */
  note: string | null;
  submitted_by_name: string | null;
  submitted_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  reason: string | null;
  comment: string | null;
  image: string | null;
  /** Grid-layout queues only. */
  proposed: Snapshot | null;
  /** The schedule proposed with the change (a scheduled type's): approved with it. */
  go_live_at: string | null;
  take_down_at: string | null;
}

/**
 * GET /api/approvals/<id>: the request with the live and proposed versions. For a scheduled type,
 * `changes` also names go_live_at / take_down_at when the proposal moves them (before: the
 * approved schedule).
 */
export interface ApprovalDetail extends Omit<ApprovalRequest, "proposed"> {
  proposed: Snapshot;
  live: Snapshot | null;
  /**
   * An approved version waiting for its go-live (`schedule.go_live_at`), or null. `changes` are
   * against it when there is one (the latest approved content), else against `live`.
   */
  scheduled: Snapshot | null;
  live_version: number | null;
  changes: FieldChange[];
  can_decide: boolean;
  /** The record's earlier requests, newest first. */
  history: ApprovalRequest[];
  next_id: number | null;
  /** The approved schedule the record follows now; null for a type without one. */
  schedule: Schedule | null;
  /** The center's zone, to show the times in. */
  center_time_zone: string;
}

/** POST /api/approvals/bulk's `data`: each request decided on its own. */
export interface BulkResult {
  succeeded: number[];
  failed: { id: number; statusCode: number; message: string }[];
}
