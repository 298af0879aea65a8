// Request and response schemas of /api/approvals (validation, serialisation and the OpenAPI document).
import { Type } from "typebox";
import { ErrorBody, Id } from "../http/schemas.js";
import type { RequestStatus } from "./requests.js";

/** The validated query of a queue list (the schema below gives handlers this type). */
export interface QueueQuery {
  queue?: string;
  status: RequestStatus;
  center_code?: string;
  q?: string;
  sort?: "submitted_at" | "-submitted_at";
  /** Only the caller's own requests, or only others' (what a reviewer may decide). */
  submitted_by?: "me" | "others";
  page: number;
  limit: number;
}

const text = (max: number) => ({ type: "string", maxLength: max });
const nullable = (type: string) => ({ type: [type, "null"] });
const anyObject = { type: "object", additionalProperties: true };
const changes = {
  type: "array",
  items: { type: "object", properties: { field: { type: "string" }, before: {}, after: {} } },
};

/** A request as every answer carries it: protocol/api.ts ApprovalRequest (server/test/restTypes.test.ts checks the names). */
const request = {
  type: "object",
  properties: {
    id: { type: "integer" },
    queue: nullable("string"),
    resource: { type: "string" },
    resource_label: { type: "string" },
    record_id: { type: "integer" },
    center_code: nullable("string"),
    center_web_name: nullable("string"),
    title: { type: "string" },
    change: { type: "string", enum: ["create", "update", "delete"] },
    status: { type: "string", enum: ["pending", "approved", "rejected", "withdrawn"] },
    version: { type: "integer" },
    note: nullable("string"),
    submitted_by_name: nullable("string"),
    submitted_at: { type: "string" },
    decided_by_name: nullable("string"),
    decided_at: nullable("string"),
    reason: nullable("string"),
    comment: nullable("string"),
    image: nullable("string"),
    proposed: { anyOf: [{ type: "null" }, anyObject] },
    // The schedule proposed with the change (a scheduled type's): approved with it.
    go_live_at: nullable("string"),
    take_down_at: nullable("string"),
  },
};

const detail = {
  type: "object",
  properties: {
    ...request.properties,
    proposed: anyObject,
    live: { anyOf: [{ type: "null" }, anyObject] },
    scheduled: { anyOf: [{ type: "null" }, anyObject] },
    live_version: nullable("integer"),
    changes,
    can_decide: { type: "boolean" },
    history: { type: "array", items: request },
    next_id: nullable("integer"),
    // The schedule the record follows now (approved before), null for a type without one; and
    // the center's zone to show both in.
    schedule: { anyOf: [{ type: "null" }, { type: "object", properties: { go_live_at: nullable("string"), take_down_at: nullable("string") } }] },
    center_time_zone: { type: "string" },
  },
};

export { detail as approvalDetailSchema, request as approvalRequestSchema };

const envelope = (data: object) => ({
  type: "object",
  properties: { statusCode: { type: "integer" }, message: { type: "string" }, data },
});
const errors = { "4xx": ErrorBody, "5xx": ErrorBody };
const conflict = envelope({ type: "object", properties: { current: request } });
const params = Type.Unsafe<{ id: number }>({ type: "object", properties: { id: Id }, required: ["id"] });
const tags = ["approvals"];
const version = { type: "integer", minimum: 1, description: "The record's version the reviewer saw (from GET /api/approvals/{id})" };

export function approvalSchemas(queues: string[]) {
  return {
    list: {
      tags,
      summary: "Change requests of a queue",
      querystring: Type.Unsafe<QueueQuery>({
        type: "object",
        additionalProperties: false,
        properties: {
          queue: queues.length > 0 ? { type: "string", enum: queues } : { type: "string", maxLength: 60 },
          status: { type: "string", enum: ["pending", "approved", "rejected", "withdrawn"], default: "pending" },
          center_code: text(20),
          q: text(200),
          sort: { type: "string", enum: ["submitted_at", "-submitted_at"] },
          submitted_by: {
            type: "string",
            enum: ["me", "others"],
            description: "me: the caller's own requests (someone else decides them); others: everyone else's",
          },
          page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
          limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        },
      }),
      response: {
        200: envelope({
          type: "object",
          properties: {
            docs: { type: "array", items: request },
            totalDocs: { type: "integer" },
            page: { type: "integer" },
            limit: { type: "integer" },
            totalPages: { type: "integer" },
          },
        }),
        ...errors,
      },
    },
    counts: {
      tags,
      summary: "Open requests per queue that the caller may decide",
      response: {
        200: envelope({ type: "object", properties: Object.fromEntries(queues.map((q) => [q, { type: "integer" }])) }),
        ...errors,
      },
    },
    show: { tags, summary: "One request with the live and proposed versions", params, response: { 200: envelope(detail), ...errors } },
    approve: {
      tags,
      summary: "Approve: the proposal goes live",
      params,
      body: Type.Unsafe<{ comment?: string | null; version?: number } | null>({
        anyOf: [{ type: "null" }, { type: "object", additionalProperties: false, properties: { comment: { anyOf: [text(1000), { type: "null" }] }, version } }],
      }),
      response: { 200: envelope(request), 409: conflict, ...errors },
    },
    reject: {
      tags,
      summary: "Reject: the live version stays",
      params,
      body: Type.Unsafe<{ reason: string; version?: number }>({
        type: "object",
        additionalProperties: false,
        required: ["reason"],
        properties: { reason: { ...text(1000), minLength: 1 }, version },
      }),
      response: { 200: envelope(request), 409: conflict, ...errors },
    },
    bulk: {
      tags,
      summary: "Approve or reject many requests, each on its own",
      body: Type.Unsafe<{ action: "approve" | "reject"; ids: number[]; reason?: string; comment?: string }>({
        type: "object",
        additionalProperties: false,
        required: ["action", "ids"],
        properties: {
          action: { type: "string", enum: ["approve", "reject"] },
          ids: { type: "array", minItems: 1, maxItems: 100, items: Id },
          reason: text(1000),
          comment: text(1000),
        },
      }),
      response: {
        200: envelope({
          type: "object",
          properties: {
            succeeded: { type: "array", items: { type: "integer" } },
            failed: {
              type: "array",
              items: { type: "object", properties: { id: { type: "integer" }, statusCode: { type: "integer" }, message: { type: "string" } } },
            },
          },
        }),
        ...errors,
      },
    },
  };
}
