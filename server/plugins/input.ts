// One place that refuses text PostgreSQL cannot store: a NUL character, or half of a UTF-16
// surrogate pair (what a broken client or a fuzzer sends). Without it such a value reaches the
// database and fails there as a 500; with it every route answers 400 naming the field.
import type { FastifyRequest } from "fastify";
import { globalPlugin } from "../lib/plugin.js";
import { CENTER_HEADER } from "./auth.js";
import { badRequest, type FieldErrors } from "./errors.js";

export const UNSTORABLE_TEXT = "must not contain NUL or broken (unpaired surrogate) characters";
// biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is exactly what this refuses.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Adds an error for every string (or key) under `value` that PostgreSQL would refuse. */
function scan(value: unknown, path: string, errors: FieldErrors, depth = 0): void {
  if (depth > 64) return;
  if (typeof value === "string") {
    if (UNSTORABLE.test(value)) errors[path] ??= UNSTORABLE_TEXT;
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) errors[path || "body"] ??= UNSTORABLE_TEXT;
    scan(item, at, errors, depth + 1);
  }
}

export function unstorableText(request: Pick<FastifyRequest, "body" | "query" | "params" | "headers">): FieldErrors {
  const errors: FieldErrors = {};
  // The one header whose value reaches a query.
  scan(request.headers[CENTER_HEADER], CENTER_HEADER, errors);
  scan(request.params, "", errors);
  scan(request.query, "", errors);
  scan(request.body, "", errors);
  return errors;
}

export const NOT_FINITE = "must be a finite number";

/** Adds an error for every number under `value` that is Infinity or NaN. */
function scanNumbers(value: unknown, path: string, errors: FieldErrors, depth = 0): void {
  if (depth > 64) return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) errors[path || "body"] ??= NOT_FINITE;
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [key, item] of Object.entries(value)) scanNumbers(item, path ? `${path}.${key}` : key, errors, depth + 1);
}

/**
 * Numbers no column stores: "1e999" in a query string, or 1e999 in JSON, reads as Infinity, and
 * ajv skips a number's bounds when it is not finite. Looked at after validation has converted the
 * query string's numbers.
 */
export function unstorableNumbers(request: Pick<FastifyRequest, "body" | "query" | "params">): FieldErrors {
  const errors: FieldErrors = {};
  scanNumbers(request.params, "", errors);
  scanNumbers(request.query, "", errors);
  scanNumbers(request.body, "", errors);
  return errors;
}

export default globalPlugin("input", async (app) => {
  app.addHook("preValidation", async (request) => {
    const errors = unstorableText(request);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
  app.addHook("preHandler", async (request) => {
    const errors = unstorableNumbers(request);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
});
