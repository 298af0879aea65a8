import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGE_KEYWORD } from "../../resources/compile.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { InvalidInput } from "../lib/invalidInput.js";
import { globalPlugin } from "../lib/plugin.js";

export type FieldErrors = Record<string, string>;

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    public statusCode: number,
    message: string,
    public errors?: FieldErrors,
    /** What the console acts on beside the status (a 401's `second_factor_required`). */
    public code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldErrors, message = "Validation failed") => new HttpError(400, message, errors);
export const unauthorized = (message = "Unauthorized", code?: string) => new HttpError(401, message, undefined, code);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldErrors;
  code?: string;
}

export const DATABASE_UNAVAILABLE = "The database is unavailable; please try again shortly";
/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

// Codes PostgreSQL raises when a retry would likely succeed; the console retries on 406.
const RETRYABLE_PG_CODES = new Set(["40001", "40P01", "55P03"]);

interface AjvError {
  instancePath?: string;
  keyword: string;
  params?: Record<string, any>;
  message?: string;
  /** Present with ajv's `verbose` option (set in app.ts). */
  parentSchema?: Record<string, unknown>;
}

function fieldName(error: AjvError, context: string | undefined): string {
  const path = (error.instancePath ?? "").split("/").filter(Boolean);
  if (error.keyword === "required" && error.params?.missingProperty) path.push(error.params.missingProperty);
  if (error.keyword === "additionalProperties" && error.params?.additionalProperty) path.push(error.params.additionalProperty);
  return path.length > 0 ? path.join(".") : (context ?? "body");
}

function fieldMessage(error: AjvError, field: string): string {
  const p = error.params ?? {};
  switch (error.keyword) {
    case "required":
      return `${field} is required`;
    case "maxLength":
      return `must be at most ${p.limit} characters`;
    case "minLength":
      return p.limit === 1 ? "must not be empty" : `must be at least ${p.limit} characters`;
    case "minimum": {
      const own = error.parentSchema?.[MESSAGE_KEYWORD];
      return typeof own === "string" ? own : `must be at least ${p.limit}`;
    }
    case "maximum":
      return `must be at most ${p.limit}`;
    case "type": {
      const type = String(p.type);
      return `must be ${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
    }
    case "pattern": {
      // A schema may carry its own message for a failed pattern (resources/compile.ts MESSAGE_KEYWORD).
      const own = error.parentSchema?.[MESSAGE_KEYWORD];
      return typeof own === "string" ? own : "is not in the expected format";
    }
    case "format":
      if (p.format === "date") return "must be a date (YYYY-MM-DD)";
      return p.format === "email" ? "must be a valid email address" : p.format === "date-time" ? "must be a date and time" : `must be a valid ${p.format}`;
    case "additionalProperties":
      return "is not a known field";
    case "enum":
      return `must be one of: ${(p.allowedValues ?? []).join(", ")}`;
    default:
      return error.message ?? "is invalid";
  }
}

/** An optional field fails both of its schema's alternatives; "must be a null" is not the one to fix. */
const nullAlternative = (error: AjvError) => error.keyword === "anyOf" || (error.keyword === "type" && error.params?.type === "null");

export function validationErrors(errors: AjvError[], context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  const real = errors.filter((e) => !nullAlternative(e));
  for (const error of real.length > 0 ? real : errors) {
    const field = fieldName(error, context);
    // The first problem per field is the one worth fixing first.
    fields[field] ??= fieldMessage(error, field);
  }
  return fields;
}

/** Decides what the client sees for any error; pure, so the mapping can be tested alone. */
export function toErrorBody(error: unknown): ErrorBody {
  const err = error as Partial<FastifyError> & { code?: string; validation?: AjvError[]; errors?: FieldErrors };
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.code ? { code: error.code } : {}),
    };
  }
  if (error instanceof InvalidInput) return { statusCode: 400, message: error.message, errors: error.errors };
  if (Array.isArray(err.validation)) {
    return { statusCode: 400, message: "Validation failed", errors: validationErrors(err.validation, err.validationContext) };
  }
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { statusCode: 400, message: "Malformed JSON body" };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { statusCode: 413, message: "Request body is too large" };
    case "23505":
      return { statusCode: 409, message: "Already exists" };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, message: DATABASE_UNAVAILABLE };
  }
  if (typeof err.code === "string" && RETRYABLE_PG_CODES.has(err.code)) {
    return { statusCode: 406, message: "Please retry: the database was busy" };
  }
  // Client errors raised by Fastify and its plugins (bad content type, empty body...) carry
  // messages written for clients; anything else may carry internals.
  if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 && typeof err.message === "string") {
    return { statusCode: err.statusCode, message: err.message };
  }
  return { statusCode: 500, message: "Internal server error" };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  if (body.statusCode === 503) {
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    request.log.warn({ err: (error as Error)?.message }, "database unavailable");
  } else if (body.statusCode >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ statusCode: body.statusCode, message: (error as Error).message }, "request refused");
  return reply.status(body.statusCode).send(body);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ statusCode: 404, message: "Not found" } satisfies ErrorBody);
}

export default globalPlugin("errors", async (app) => {
  app.setErrorHandler(errorHandler);
});
