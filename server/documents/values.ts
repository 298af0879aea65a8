// From a validated request body to the `data` that is stored: only the definition's fields, text
// trimmed, rich text sanitised, datetimes in UTC (so text order is time order), blanks as null.
import { breaksRule } from "../../resources/compile.js";
import type { Field, ResourceDefinition } from "../../resources/types.js";
import type { FieldErrors } from "../plugins/errors.js";
import { isCalendarDate, toInstant } from "../lib/dates.js";
import { zoneFieldError } from "../schedule/zones.js";
import { htmlToText, sanitizeRichText } from "./sanitize.js";

export type DocData = Record<string, unknown>;

function cleanValue(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.type) {
    case "text":
    case "textarea":
    case "url":
    case "email":
    case "image": {
      const text = String(value).trim();
      return text === "" ? null : text;
    }
    case "richtext": {
      const html = sanitizeRichText(String(value));
      return htmlToText(html) === "" && !/<img\b/i.test(html) ? null : html;
    }
    case "datetime":
      // An impossible day (2024-02-30T…) is no instant: prepareData reports it.
      return toInstant(String(value)) ?? String(value);
    case "date": {
      const text = String(value).trim();
      return text === "" ? null : text;
    }
    default:
      return value;
  }
}

/** Returns the data to store and the field errors the schema could not see (nothing is written when any). */
export function prepareData(def: ResourceDefinition, body: Record<string, unknown>): { data: DocData; errors: FieldErrors } {
  const data: DocData = {};
  const errors: FieldErrors = {};
  for (const field of def.fields) {
    if (field.createOnly) continue;
    const value = cleanValue(field, body[field.name]);
    if (value === null && field.required) errors[field.name] = "must not be empty";
    if (field.type === "datetime" && typeof value === "string" && toInstant(value) === null) {
      errors[field.name] = "must be a date and time";
    }
    if (field.type === "date" && typeof value === "string" && !isCalendarDate(value)) {
      errors[field.name] = "must be a date (YYYY-MM-DD)";
    }
    data[field.name] = value;
  }
  for (const [name, message] of Object.entries(zoneFieldError(def, data))) errors[name] ??= message;
  // The definition's cross-field rules (the form runs the same ones); a side that is already
  // wrong has its own message.
  for (const rule of def.rules ?? []) {
    if (errors[rule.field] || errors[rule.than]) continue;
    if (breaksRule(def, rule, (name) => data[name])) errors[rule.field] = rule.message;
  }
  return { data, errors };
}

/** The text `q` searches: the searchable fields, rich text as plain text. */
export function searchText(def: ResourceDefinition, data: DocData): string {
  const parts: string[] = [];
  for (const field of def.fields) {
    if (!field.searchable) continue;
    const value = data[field.name];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) parts.push(value.join(" "));
    else parts.push(field.type === "richtext" ? htmlToText(String(value)) : String(value));
  }
  return parts.join(" ").slice(0, 100_000);
}
