// Response schemas derived from a definition: the serializer writes exactly these properties.
import { scheduleOf, type Field, type ResourceDefinition } from "../../resources/types.js";
import type { JsonSchema } from "../../resources/compile.js";

function outputSchema(field: Field): JsonSchema {
  switch (field.type) {
    case "number":
      return { type: ["number", "null"] };
    case "reference":
      return { type: ["integer", "null"] };
    case "boolean":
      return { type: ["boolean", "null"] };
    case "multiselect":
      return { type: ["array", "null"], items: { type: "string" } };
    default:
      return { type: ["string", "null"] };
  }
}

/** The record's latest change request, as lists and forms show its state. */
export const reviewSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    change: { type: "string" },
    status: { type: "string" },
    reason: { type: ["string", "null"] },
    comment: { type: ["string", "null"] },
    submitted_by_name: { type: ["string", "null"] },
    submitted_at: { type: "string" },
    decided_by_name: { type: ["string", "null"] },
    decided_at: { type: ["string", "null"] },
  },
} satisfies JsonSchema;

/** What every record carries beside its fields (protocol/api.ts DocumentFields, less `id`, which comes first). */
export const systemProperties = {
  center_code: { type: ["string", "null"] },
  center_web_name: { type: ["string", "null"] },
  status: { type: "string" },
  version: { type: "integer" },
  created_at: { type: "string" },
  updated_at: { type: "string" },
  created_by: { type: ["integer", "null"] },
  updated_by: { type: ["integer", "null"] },
  created_by_name: { type: ["string", "null"] },
  updated_by_name: { type: ["string", "null"] },
  // Null until a first approval: the record is not on the website yet.
  live_version: { type: ["integer", "null"] },
  review: { anyOf: [{ type: "null" }, reviewSchema] },
} satisfies Record<string, JsonSchema>;

const instant = { type: ["string", "null"], format: "date-time" };

/** What a record of a scheduled type carries besides (protocol/api.ts ScheduleFields). */
export const scheduleProperties = {
  // The working schedule: an open request's, else the approved one (what a form edits).
  go_live_at: instant,
  take_down_at: instant,
  // The approved schedule the server carries out: a version waiting to go live, a take-down.
  schedule: { type: "object", properties: { go_live_at: instant, take_down_at: instant } },
  // The center's IANA zone, to enter and show these times in.
  center_time_zone: { type: "string" },
} satisfies Record<string, JsonSchema>;

export function docSchema(def: ResourceDefinition): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: "integer" } };
  for (const field of def.fields) if (!field.createOnly) properties[field.name] = outputSchema(field);
  Object.assign(properties, systemProperties);
  if (scheduleOf(def)) Object.assign(properties, scheduleProperties);
  return { type: "object", properties };
}

export function listResponse(def: ResourceDefinition): JsonSchema {
  return {
    type: "object",
    properties: {
      statusCode: { type: "integer" },
      message: { type: "string" },
      data: {
        type: "object",
        properties: {
          docs: { type: "array", items: docSchema(def) },
          totalDocs: { type: "integer" },
          page: { type: "integer" },
          limit: { type: "integer" },
          totalPages: { type: "integer" },
        },
      },
    },
  };
}

export function writeResponse(def: ResourceDefinition): JsonSchema {
  return {
    type: "object",
    properties: { statusCode: { type: "integer" }, message: { type: "string" }, data: docSchema(def) },
  };
}

/** Errors; a 409 of a stale save also carries `data.current`, the record as it is now. */
export function errorResponse(def: ResourceDefinition): JsonSchema {
  return {
    type: "object",
    properties: {
      statusCode: { type: "integer" },
      message: { type: "string" },
      errors: { type: "object", additionalProperties: { type: "string" } },
      data: { type: "object", properties: { current: docSchema(def) } },
    },
  };
}
