// A definition as the server validates it: the JSON Schemas of its bodies and list queries.
import { PERMISSION_KEYS, scheduleOf, SYSTEM_FIELDS, type Field, type ResourceDefinition } from "../types";

export type JsonSchema = Record<string, unknown>;

/** Custom schema keyword carrying a field's own message for a failed `pattern` (see server errors). */
export const MESSAGE_KEYWORD = "x-message";

const DATE = "^\\d{4}-\\d{2}-\\d{2}$";

function valueSchema(field: Field): JsonSchema {
  switch (field.type) {
    case "text":
    case "textarea":
      return {
        type: "string",
        ...(field.minLength !== undefined && { minLength: field.minLength }),
        ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
        ...(field.pattern && { pattern: field.pattern.regex, [MESSAGE_KEYWORD]: field.pattern.message }),
      };
    case "url":
      return {
        type: "string",
        maxLength: field.maxLength ?? 2000,
        pattern: "^https?://[^\\s]+$",
        [MESSAGE_KEYWORD]: "must be a link starting with http:// or https://",
      };
    case "email":
      return { type: "string", maxLength: field.maxLength ?? 200, format: "email" };
    case "richtext":
      return { type: "string", maxLength: field.maxLength ?? 100_000 };
    case "number":
      return {
        type: field.integer ? "integer" : "number",
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
      };
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", pattern: DATE, [MESSAGE_KEYWORD]: "must be a date (YYYY-MM-DD)" };
    case "datetime":
      return { type: "string", format: "date-time" };
    case "select":
      return { type: "string", enum: field.options.map((o) => o.value) };
    case "multiselect":
      return {
        type: "array",
        uniqueItems: true,
        maxItems: field.maxItems ?? 50,
        items: field.options ? { type: "string", enum: field.options.map((o) => o.value) } : { type: "string", minLength: 1, maxLength: 60 },
      };
    case "image":
      return {
        type: "string",
        maxLength: 500,
        pattern: "^(/uploads/[A-Za-z0-9._-]+|https?://[^\\s]+)$",
        [MESSAGE_KEYWORD]: "must be an uploaded image",
      };
    case "reference":
      return { type: "integer", minimum: 1 };
    case "assignments":
      return {
        type: "array",
        maxItems: 100,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["center_code", "role_id"],
          properties: {
            center_code: { type: "string", minLength: 1, maxLength: 20 },
            // The console leaves a new center's role unchosen (0) rather than guess one.
            role_id: { type: "integer", minimum: 1, [MESSAGE_KEYWORD]: "Choose a role for each center" },
            // What a read answered alongside; a form may send it back, the server ignores it.
            id: {},
            center_web_name: {},
            role_name: {},
          },
        },
      };
    case "permissions": {
      const flag = { type: "integer", enum: [0, 1] };
      return {
        type: "array",
        maxItems: PERMISSION_KEYS.length,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["permission_key", "allow_read", "allow_create", "allow_update", "allow_delete"],
          properties: {
            permission_key: { type: "string", enum: [...PERMISSION_KEYS] },
            allow_read: flag,
            allow_create: flag,
            allow_update: flag,
            allow_delete: flag,
          },
        },
      };
    }
  }
}

const isEmptyAllowed = (field: Field) => !field.required;

/** The fields a write of a scheduled type may carry beside its own: instants, or null for none. */
export const SCHEDULE_FIELDS = ["go_live_at", "take_down_at"] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];
/** The `schedule` list filter of a scheduled type. */
export const SCHEDULE_FILTERS = ["scheduled", "expiring"] as const;

/**
 * The body of POST (create) and PUT (update) /api/<name>. Unknown fields fail; the fields the
 * server owns (id, status, center, authors, timestamps) are accepted and ignored, so a form may send
 * back what it read. `version` is required on update (optimistic locking).
 */
export function bodySchema(definition: ResourceDefinition, mode: "create" | "update"): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of definition.fields) {
    if (mode === "update" && field.createOnly) continue;
    const schema = valueSchema(field);
    // A required text is refused when it is empty (or blank: the server trims it).
    if (field.required && schema.type === "string" && schema.minLength === undefined) schema.minLength = 1;
    properties[field.name] = isEmptyAllowed(field) ? { anyOf: [schema, { type: "null" }] } : schema;
    if (field.required) required.push(field.name);
  }
  // A scheduled type's go-live and take-down (left out: as the record has them); other types have none.
  if (scheduleOf(definition)) {
    for (const name of SCHEDULE_FIELDS) properties[name] = { anyOf: [{ type: "string", format: "date-time", maxLength: 40 }, { type: "null" }] };
  }
  const absent = new Set<string>(scheduleOf(definition) ? [] : SCHEDULE_FIELDS);
  for (const name of SYSTEM_FIELDS) if (!(name in properties) && !absent.has(name)) properties[name] = {};
  properties.version = mode === "update" ? { type: "integer", minimum: 1 } : {};
  if (mode === "update") required.push("version");
  // A superadmin, who works across centers, names the center of a new record.
  if (definition.scope === "center") properties.center_code = { type: "string", minLength: 1, maxLength: 20 };
  // What the author says about the change; kept with the version row.
  properties.change_note = { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }] };
  return { type: "object", additionalProperties: false, required, properties };
}

export const sortableFields = (definition: ResourceDefinition) => [
  "created_at",
  "updated_at",
  ...definition.fields.filter((f) => f.sortable).map((f) => f.name),
];

/** The range filters a filterable number, date or datetime field takes; select/boolean take eq. */
export function filterParams(definition: ResourceDefinition): Record<string, JsonSchema> {
  const params: Record<string, JsonSchema> = {};
  for (const field of definition.fields.filter((f) => f.filterable)) {
    if (field.type === "number") {
      params[`${field.name}__gte`] = { type: "number" };
      params[`${field.name}__lte`] = { type: "number" };
    } else if (field.type === "date") {
      params[`${field.name}__gte`] = { type: "string", format: "date" };
      params[`${field.name}__lte`] = { type: "string", format: "date" };
    } else if (field.type === "datetime") {
      // An instant; a plain date reads as its midnight in UTC.
      const instant = { type: "string", maxLength: 40, anyOf: [{ format: "date-time" }, { format: "date" }] };
      params[`${field.name}__gte`] = instant;
      params[`${field.name}__lte`] = { ...instant };
    } else if (field.type === "boolean") {
      params[field.name] = { type: "boolean" };
    } else if (field.type === "select") {
      // Several values: comma-separated.
      params[field.name] = { type: "string", maxLength: 500 };
    } else {
      params[field.name] = { type: "string", maxLength: 200 };
    }
  }
  return params;
}

/** The query string of GET /api/<name>. */
export function listQuerySchema(definition: ResourceDefinition): JsonSchema {
  const sortable = sortableFields(definition).join("|");
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
      sort: {
        type: "string",
        pattern: `^-?(${sortable})(,-?(${sortable}))*$`,
        [MESSAGE_KEYWORD]: `can sort by ${sortableFields(definition).join(", ")}`,
      },
      q: { type: "string", maxLength: 200 },
      ids: { type: "string", pattern: "^\\d+(,\\d+)*$", maxLength: 2000 },
      ...(definition.scope === "center" && { center_code: { type: "string", maxLength: 20 } }),
      // scheduled: an approved go-live or take-down waits; expiring: coming down within 7 days.
      ...(scheduleOf(definition) && { schedule: { type: "string", enum: [...SCHEDULE_FILTERS] } }),
      ...filterParams(definition),
    },
  };
}
