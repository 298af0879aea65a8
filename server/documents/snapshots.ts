// A stored snapshot (`data` of a record, a version or a request) as the API shows it, and what
// changed between two of them.
import type { ResourceDefinition } from "../../resources/types.js";
import type { DocData } from "./values.js";

/** The definition's fields of `data`, in its order, missing ones as null; never a create-only field. */
export function snapshot(def: ResourceDefinition, data: DocData | null | undefined): DocData {
  const out: DocData = {};
  for (const field of def.fields) if (!field.createOnly) out[field.name] = data?.[field.name] ?? null;
  return out;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose value differs from `before` to `after` (null: no such version, e.g. before a create). */
export function changedFields(def: ResourceDefinition, before: DocData | null, after: DocData | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of def.fields) {
    if (field.createOnly) continue;
    const b = before?.[field.name] ?? null;
    const a = after?.[field.name] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes.push({ field: field.name, before: b, after: a });
  }
  return changes;
}
