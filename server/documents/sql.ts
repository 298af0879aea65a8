// SQL text derived from definitions. Resource and field names are inlined (so the planner can
// match the partial expression indexes), which is safe only because they are checked against
// these patterns first; values always travel as parameters.
import type { Field, ResourceDefinition } from "../../resources/types.js";

const SAFE_RESOURCE = /^[a-z][a-z0-9_-]*$/;
const SAFE_FIELD = /^[a-z][a-z0-9_]*$/;

export function resourceLiteral(def: ResourceDefinition): string {
  if (!SAFE_RESOURCE.test(def.name)) throw new Error(`unsafe resource name ${def.name}`);
  return `'${def.name}'`;
}

/** The title of a record of one of `defs` (`alias`.resource says which) in its `data` (an SQL expression). */
export function titleSql(defs: readonly ResourceDefinition[], data: string, alias: string): string {
  const field = (def: ResourceDefinition) => `${data}->>'${def.titleField.replace(/[^a-z0-9_]/g, "")}'`;
  if (defs.length === 1) return field(defs[0]!);
  return `CASE ${alias}.resource ${defs.map((def) => `WHEN ${resourceLiteral(def)} THEN ${field(def)}`).join(" ")} END`;
}

function fieldKey(name: string): string {
  if (!SAFE_FIELD.test(name)) throw new Error(`unsafe field name ${name}`);
  return `'${name}'`;
}

/** A field's value as an SQL expression; the same text in queries and in index definitions. */
export function fieldExpr(field: Field, alias = ""): string {
  const data = `${alias ? `${alias}.` : ""}data`;
  if (field.type === "number" || field.type === "reference") return `((${data}->>${fieldKey(field.name)})::numeric)`;
  return `(${data}->>${fieldKey(field.name)})`;
}

export function lowerExpr(field: Field, alias = ""): string {
  const data = `${alias ? `${alias}.` : ""}data`;
  return `lower(${data}->>${fieldKey(field.name)})`;
}

/** Index names: doc_<resource>_<field>[_suffix], `-` mapped to `_`, within PostgreSQL's 63 bytes. */
export function indexName(def: ResourceDefinition, part: string, hash: string): string {
  const base = `doc_${def.name.replace(/-/g, "_")}_${part}`.slice(0, 54);
  return `${base}_${hash}`;
}
