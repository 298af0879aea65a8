// The list call's SQL: scope, ids, search, per-field filters and sort, from a validated query string.
import type { Field, ResourceDefinition } from "../../resources/types.js";
import { isCalendarDate, toInstant } from "../lib/dates.js";
import { InvalidInput } from "../lib/invalidInput.js";
import { fieldExpr, resourceLiteral } from "./sql.js";

/** Which rows a caller reaches: one center, every center (superadmin, optionally one), or a global resource. */
export type Scope = { kind: "center"; code: string } | { kind: "all"; filter?: string } | { kind: "global" };

export interface Where {
  sql: string;
  params: unknown[];
}

/** Adds a parameter and returns its placeholder. */
class Params {
  values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function scopeSql(scope: Scope, params: { add(v: unknown): string }, alias = "d"): string | null {
  if (scope.kind === "center") return `${alias}.center_code = ${params.add(scope.code)}`;
  if (scope.kind === "all" && scope.filter !== undefined) return `${alias}.center_code = ${params.add(scope.filter)}`;
  return null;
}

/** Words of `q` as a prefix query (`eng:* & club:*`); null when it has none. */
export function tsQuery(q: string | undefined): string | null {
  const words = (q ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words
    .slice(0, 20)
    .map((w) => `${w}:*`)
    .join(" & ");
}

function rangeValue(field: Field, raw: string, param: string, errors: Record<string, string>): string | null {
  if (field.type === "date") {
    if (isCalendarDate(raw)) return raw;
  } else {
    const instant = toInstant(raw);
    if (instant !== null) return instant;
  }
  errors[param] = field.type === "date" ? "must be a date (YYYY-MM-DD)" : "must be a date and time";
  return null;
}

function filterSql(def: ResourceDefinition, query: Record<string, unknown>, params: Params): string[] {
  const clauses: string[] = [];
  const errors: Record<string, string> = {};
  for (const field of def.fields) {
    if (!field.filterable) continue;
    const expr = fieldExpr(field, "d");
    if (field.type === "number" || field.type === "date" || field.type === "datetime") {
      for (const [suffix, op] of [
        ["__gte", ">="],
        ["__lte", "<="],
      ] as const) {
        const raw = query[field.name + suffix];
        if (raw === undefined) continue;
        if (field.type === "number") {
          clauses.push(`${expr} ${op} ${params.add(raw)}::numeric`);
        } else {
          const value = rangeValue(field, String(raw), field.name + suffix, errors);
          if (value !== null) clauses.push(`${expr} ${op} ${params.add(value)}`);
        }
      }
      continue;
    }
    const raw = query[field.name];
    if (raw === undefined) continue;
    if (field.type === "boolean") clauses.push(`${expr} = ${params.add(String(raw))}`);
    else if (field.type === "select") clauses.push(`${expr} = ANY(${params.add(String(raw).split(","))}::text[])`);
    else clauses.push(`${expr} = ${params.add(String(raw))}`);
  }
  if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  return clauses;
}

/** ORDER BY for `sort` (`-starts_at,title`); `id` last, in the last key's direction, so pages never overlap. */
export function orderSql(def: ResourceDefinition, sort: string | undefined): string {
  const spec = sort ?? def.list?.defaultSort ?? "-created_at";
  const parts: string[] = [];
  let last = "DESC";
  for (const key of spec.split(",")) {
    const desc = key.startsWith("-");
    const name = desc ? key.slice(1) : key;
    last = desc ? "DESC" : "ASC";
    if (name === "created_at" || name === "updated_at") parts.push(`d.${name} ${last}`);
    else {
      const field = def.fields.find((f) => f.name === name && f.sortable);
      if (field) parts.push(`${fieldExpr(field, "d")} ${last}`);
    }
  }
  parts.push(`d.id ${last}`);
  return parts.join(", ");
}

export interface ListSql {
  where: string;
  params: unknown[];
  order: string;
  /** The total without counting rows (document_counts), when nothing but the scope narrows the list. */
  countSql: string;
}

/** A week: "expiring" is coming down within it. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60_000;

/**
 * A scheduled type's `schedule` filter, at `now`: scheduled, an approved go-live or take-down
 * still to come; expiring, a take-down within a week.
 */
function scheduleSql(filter: unknown, now: number, params: Params): string | null {
  if (filter === "scheduled") return "(d.go_live_at IS NOT NULL OR d.take_down_at IS NOT NULL)";
  if (filter === "expiring") {
    return `d.take_down_at > ${params.add(new Date(now).toISOString())}::timestamptz AND d.take_down_at <= ${params.add(new Date(now + EXPIRING_WITHIN_MS).toISOString())}::timestamptz`;
  }
  return null;
}

/**
 * The WHERE (over `documents d`) and ORDER BY of a list call; `query` is the validated query string,
 * `now` the app's clock (what "expiring" counts from).
 */
export function listSql(def: ResourceDefinition, scope: Scope, query: Record<string, unknown>, now = Date.now()): ListSql {
  const params = new Params();
  const clauses = [`d.resource = ${resourceLiteral(def)}`, "d.deleted_at IS NULL"];
  const scoped = scopeSql(scope, params);
  if (scoped) clauses.push(scoped);
  const plain = clauses.length;
  if (typeof query.ids === "string") {
    const ids = query.ids
      .split(",")
      .map(Number)
      .filter((id) => id <= Number.MAX_SAFE_INTEGER);
    clauses.push(`d.id = ANY(${params.add(ids.map(String))}::bigint[])`);
  }
  const ts = tsQuery(query.q as string | undefined);
  if (ts) clauses.push(`d.search @@ to_tsquery('simple', ${params.add(ts)})`);
  clauses.push(...filterSql(def, query, params));
  const scheduled = scheduleSql(query.schedule, now, params);
  if (scheduled) clauses.push(scheduled);
  const where = clauses.join(" AND ");
  const countSql =
    clauses.length === plain
      ? `SELECT COALESCE(sum(n), 0) FROM document_counts d WHERE d.resource = ${resourceLiteral(def)}${scoped ? ` AND ${scoped}` : ""}`
      : `SELECT count(*) FROM documents d WHERE ${where}`;
  return { where, params: params.values, order: orderSql(def, query.sort as string | undefined), countSql };
}
