// Plain data only: the server imports these files too, so nothing here may import React or antd.
export const PERMISSION_KEYS = ["approval_management", "center_management", "content_management", "career_management", "user_management"] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const MODES = ["read", "create", "update", "delete"] as const;
export type Mode = (typeof MODES)[number];

/** The console's languages. A definition is written in English and carries the others' texts. */
export const LOCALES = ["en", "id"] as const;
export type Locale = (typeof LOCALES)[number];

export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  help?: string;
  /** A valid example shown in the empty input (browser tests also use it as sample input). */
  placeholder?: string;
  /** Shown as a list column by default. */
  listed?: boolean;
  sortable?: boolean;
  /** Offered as a list filter (select: by value; number/date: by range; boolean: yes/no). */
  filterable?: boolean;
  /** Part of the list's search box (`q`). */
  searchable?: boolean;
  /** No two live records of the same center (or of a global resource) share the value. */
  unique?: boolean;
  /** Sent on create only (a user's first password); never read back. */
  createOnly?: boolean;
  /** Never served by the public read API (internal notes, contact people). */
  staffOnly?: boolean;
}

export interface TextField extends FieldBase {
  type: "text" | "textarea" | "url" | "email";
  minLength?: number;
  maxLength?: number;
  /** Typed hidden, never shown back (a password). */
  secret?: boolean;
  /** A regular expression the whole value must match, with the message shown when it doesn't. */
  pattern?: { regex: string; message: string };
  default?: string;
  /**
   * A new record's value follows this other text field as a slug ("Café Músik" → "cafe-musik")
   * until the user types in this field themselves. An existing record's never follows: it may be
   * a published address, which must not change unnoticed.
   */
  slugFrom?: string;
}
export interface RichTextField extends FieldBase {
  type: "richtext";
  maxLength?: number;
  default?: string;
}
export interface NumberField extends FieldBase {
  type: "number";
  min?: number;
  max?: number;
  integer?: boolean;
  default?: number;
}
export interface BooleanField extends FieldBase {
  type: "boolean";
  default?: boolean;
}
export interface DateField extends FieldBase {
  /** date: YYYY-MM-DD; datetime: ISO 8601 with offset. */
  type: "date" | "datetime";
  default?: string;
}
export interface SelectField extends FieldBase {
  type: "select";
  options: readonly Option[];
  default?: string;
}
export interface MultiSelectField extends FieldBase {
  type: "multiselect";
  options?: readonly Option[];
  /** Without options: free tags. */
  maxItems?: number;
  default?: readonly string[];
}
/** A user's centers and roles (users only): [{ center_code, role_id }]. */
export interface AssignmentsField extends FieldBase {
  type: "assignments";
}
/** A role's matrix (roles only): [{ permission_key, allow_read, allow_create, allow_update, allow_delete }]. */
export interface PermissionsField extends FieldBase {
  type: "permissions";
}
export interface ImageField extends FieldBase {
  /** A URL returned by POST /api/uploads. */
  type: "image";
}
export interface ReferenceField extends FieldBase {
  type: "reference";
  /** Name of another registered resource; the value is its id. */
  resource: string;
}

export type Field =
  | TextField
  | RichTextField
  | NumberField
  | BooleanField
  | DateField
  | SelectField
  | MultiSelectField
  | ImageField
  | ReferenceField
  | AssignmentsField
  | PermissionsField;
export type FieldType = Field["type"];

/** A list screen showing the records that match a fixed filter (e.g. posts of one type). */
export interface ListView {
  /** Console path under /app, e.g. /app/events/life-club. */
  path: string;
  label: string;
  /** Field values every record of this view has; preset on create from this view. */
  preset: Readonly<Record<string, string>>;
  /** The route's key per spec §2; null: any signed-in user. Defaults to the resource's key. */
  permissionKey?: PermissionKey | null;
}

/** An operation on one record beyond editing: POST /api/<name>/<id>/<path> with a small form. */
export interface RecordAction {
  name: string;
  label: string;
  path: string;
  /** The permission mode it needs on the resource's key. */
  mode: Mode;
  /** What it does, shown before it is confirmed. */
  description?: string;
  /** The row button's icon (default: key). */
  icon?: "key" | "logout" | "safety";
  /** Offered to superadmins only, whatever the role grants (the server refuses anyone else). */
  superadminOnly?: boolean;
  /** The small form it asks for; none: a confirmation only. */
  fields: readonly Field[];
}

/**
 * Where changes wait for a decision. Every type naming the same queue shares its screen
 * (/app/administration/<queue>-approval) and its count in the sidebar.
 */
export interface ApprovalConfig {
  queue: string;
  /** grid: thumbnails to pick from (images); table (default): rows with title and author. */
  layout?: "table" | "grid";
}

/**
 * A rule between two fields, checked by the server and by the form: `field` must not be before
 * `than` (notBefore), or must come after it (after): dates, datetimes, numbers, or choices in the
 * order of their options. Skipped while either is empty.
 */
export interface CrossFieldRule {
  kind: "notBefore" | "after";
  field: string;
  than: string;
  message: string;
}

/**
 * A publishing schedule: a write may carry `go_live_at` and `take_down_at` (instants); the change
 * goes live at the first and comes down at the second, whoever is looking, and the server carries
 * out each transition once (server/schedule/). `true`, or this object to default the take-down.
 */
export interface ScheduleConfig {
  /**
   * A date or datetime field whose value is the take-down time when a write does not name one
   * (careers: closing_date; posts: ends_at). A date comes down when that day ends in the center's
   * time zone. A value already past gives no default.
   */
  takeDownFrom?: string;
}

/** One field's texts in another language (a select's options by value). */
export interface FieldTexts {
  label: string;
  help?: string;
  placeholder?: string;
  /** The message of the field's `pattern`. */
  pattern?: string;
  options?: Readonly<Record<string, string>>;
}

/**
 * A definition's texts in another language, keyed like the definition: fields and record actions
 * by name, views by path, rules in order. A check in resources/compile.test.ts fails when one is missing.
 */
export interface DefinitionTexts {
  label: string;
  labelPlural: string;
  fields: Readonly<Record<string, FieldTexts>>;
  views?: Readonly<Record<string, string>>;
  rules?: readonly string[];
  actions?: Readonly<Record<string, { label: string; description?: string; fields?: Readonly<Record<string, FieldTexts>> }>>;
  groupLabel?: string;
  usage?: { label: string; blocksDelete: string };
}

export interface ResourceDefinition {
  /** API path segment (/api/<name>) and Refine resource name: lower-case letters and dashes. */
  name: string;
  /** Singular and plural labels. */
  label: string;
  labelPlural: string;
  permissionKey: PermissionKey;
  /** Modes open to any signed-in user (spec §2: e.g. the careers list needs no key). */
  openModes?: readonly Mode[];
  /**
   * Modes only a superadmin has, whatever a role grants: a change that reaches every center (a
   * role applies wherever it is held) needs authority over every center.
   */
  superadminModes?: readonly Mode[];
  /** center: each record belongs to one center, and staff see only their center's. */
  scope: "center" | "global";
  /** At most one live record per center (centre information). */
  singleton?: boolean;
  /** The field with a center's opening hours, which the website's chat widget shows (a singleton's). */
  openingHoursField?: string;
  /**
   * The field with a center's IANA time zone (a singleton's): when a version goes live, its value
   * becomes the center's zone, in which the console enters and shows times.
   */
  centerTimeZoneField?: string;
  /**
   * The fields with a center's business hours (a singleton's, beside centerTimeZoneField): when a
   * version goes live they become the hours reports measure response and decision times in.
   * `days`: a multiselect of ISO weekdays ("1" Monday to "7" Sunday); `opens`, `closes`: selects
   * of "HH:MM" times.
   */
  centerBusinessHours?: { days: string; opens: string; closes: string };
  /** Changes carry a go-live and a take-down time (see ScheduleConfig). */
  schedule?: boolean | ScheduleConfig;
  fields: readonly Field[];
  /** The field that names a record in lists, titles and history. */
  titleField: string;
  /** List defaults; columns default to the fields marked `listed`. */
  list?: { columns?: readonly string[]; defaultSort?: string; pageSize?: number };
  /** Changes wait for a decision in this queue before they go live; false: saves go live at once. */
  approval: false | ApprovalConfig;
  /** Served, live versions only, by the public read API (/api/public/<name>) for the website. */
  public?: boolean;
  /** Rules between fields (an end after its start), compiled into server checks and form rules. */
  rules?: readonly CrossFieldRule[];
  /** Every change is kept as a version with its author and note. */
  history: boolean;
  /** Console routes, as Refine's resource routes; ':id' marks the record. */
  routes: {
    list?: string;
    create?: string;
    edit?: string;
    /** One record's versions (':id'). */
    history?: string;
    /** One version in full, its diff and Restore (':id' and ?version=N). */
    historyDetails?: string;
    /** Every version of every record of one center (':center_code'), newest first. */
    centerHistory?: string;
    /** One record in a state (':state' = pending | live | a version number, ':id'), with the decision buttons. */
    state?: string;
  };
  /** Extra list screens over fixed filters (the event pages over posts). */
  views?: readonly ListView[];
  /** The permission key the console's history screens ask for, when not the definition's own. */
  historyKey?: PermissionKey;
  /**
   * documents (default): the server's generic engine stores, validates and serves it.
   * custom: dedicated server routes (users, roles) implement the same API shape.
   */
  engine?: "documents" | "custom";
  /**
   * A sidebar entry for the list (or each view) in this group, by key (e.g. "event-management");
   * an unknown key makes a new group. The spec's own entries are fixed in the console's menu.
   */
  menu?: { group: string; groupLabel?: string };
  /** Operations on one record beyond editing (a user's password reset). */
  recordActions?: readonly RecordAction[];
  /** Records cannot be deleted from the console (centre information). */
  noDelete?: boolean;
  /** The record whose id is the signed-in user's (their own account) cannot be deleted; the server refuses it too. */
  noSelfDelete?: boolean;
  /**
   * What still uses a record, as a count the server adds to each (a role's holders; engine
   * "custom" only): a list column, and a record in use cannot be deleted. Its delete button says
   * so, and what to do, before anyone tries; the server refuses such a delete with 409.
   */
  usage?: { field: string; label: string; blocksDelete: string };
  /** Its texts in the console's other languages; its own (label, fields, views...) are English. */
  translations?: { readonly [L in Exclude<Locale, "en">]: DefinitionTexts };
}

export const defineResource = <const T extends ResourceDefinition>(definition: T): T => definition;

/** The record type a definition describes (TypeScript only; the compiler derives the rest). */
type ValueOf<F extends Field> = F extends { type: "number" }
  ? number
  : F extends { type: "boolean" }
    ? boolean
    : F extends { type: "multiselect" }
      ? string[]
      : F extends { type: "select"; options: readonly { value: infer V }[] }
        ? V
        : F extends { type: "reference" }
          ? number
          : F extends { type: "assignments" }
            ? { center_code: string; role_id: number }[]
            : F extends { type: "permissions" }
              ? { permission_key: PermissionKey; allow_read: number; allow_create: number; allow_update: number; allow_delete: number }[]
              : string;

type FieldsOf<D extends ResourceDefinition> = D["fields"][number];

export type RecordOf<D extends ResourceDefinition> = {
  [F in FieldsOf<D> as F extends { required: true } ? F["name"] : never]: ValueOf<F>;
} & {
  [F in FieldsOf<D> as F extends { required: true } ? never : F["name"]]?: ValueOf<F> | null;
} & SystemFields;

/** What the server adds to every record; clients never set these. */
export interface SystemFields {
  id: number;
  center_code: string | null;
  status: string;
  version: number;
  created_at: string;
  updated_at: string;
  created_by: number | null;
  updated_by: number | null;
  created_by_name?: string | null;
  updated_by_name?: string | null;
  /** Null until a first approval. */
  live_version?: number | null;
}

/** A definition's schedule settings, or null when its changes carry no schedule. */
export const scheduleOf = (definition: Pick<ResourceDefinition, "schedule">): ScheduleConfig | null =>
  definition.schedule === true ? {} : definition.schedule ? definition.schedule : null;

export const SYSTEM_FIELDS = [
  "id",
  "center_code",
  "center_web_name",
  "status",
  "version",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
  "created_by_name",
  "updated_by_name",
  "deleted_at",
  "live_version",
  "review",
  // A scheduled type's (server/schedule/): the working schedule, the approved one, the center's zone.
  "go_live_at",
  "take_down_at",
  "schedule",
  "center_time_zone",
] as const;
