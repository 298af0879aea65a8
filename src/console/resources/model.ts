// Console-side reading of a resource definition: which columns, where its screens live, how a
// record is named. Every per-resource difference comes from the definition, never from its name.
import type { Field, ListView, ResourceDefinition } from "../../../resources/types";

export type Row = Record<string, unknown> & { id: number; version?: number };

export const fieldOf = (definition: ResourceDefinition, name: string): Field | undefined =>
  definition.fields.find((f) => f.name === name);

export function listColumns(definition: ResourceDefinition): Field[] {
  const names = definition.list?.columns ?? definition.fields.filter((f) => f.listed).map((f) => f.name);
  return names.map((n) => fieldOf(definition, n)).filter((f): f is Field => !!f);
}

/** Records of resources with a create page open there; the others are edited in a drawer on their list. */
export const editsInPage = (definition: ResourceDefinition) => !!definition.routes.create && !!definition.routes.edit;

const withId = (path: string, id: unknown) => path.replace(":id", encodeURIComponent(String(id)));

export function editPath(definition: ResourceDefinition, id: unknown): string | undefined {
  return definition.routes.edit ? withId(definition.routes.edit, id) : undefined;
}

export function historyPath(definition: ResourceDefinition, id: unknown): string | undefined {
  return definition.history && definition.routes.history ? withId(definition.routes.history, id) : undefined;
}

export function createPath(definition: ResourceDefinition, preset: Record<string, string> = {}): string | undefined {
  if (!definition.routes.create) return undefined;
  const query = new URLSearchParams(preset).toString();
  return query ? `${definition.routes.create}?${query}` : definition.routes.create;
}

/** The list a record belongs to: the resource's list, or the view whose preset it matches. */
export function listPathFor(definition: ResourceDefinition, record?: Record<string, unknown>): string {
  if (definition.routes.list) return definition.routes.list;
  const views = definition.views ?? [];
  const match = record && views.find((v) => Object.entries(v.preset).every(([k, value]) => record[k] === value));
  return (match ?? views[0])?.path ?? "/app/welcome";
}

export function viewOfPath(definition: ResourceDefinition, path: string): ListView | undefined {
  return definition.views?.find((v) => v.path === path);
}

/** The preset a create link carries (?type=life_club), kept only for select fields' known values. */
export function presetFromSearch(definition: ResourceDefinition, search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const preset: Record<string, string> = {};
  for (const field of definition.fields) {
    const value = params.get(field.name);
    if (value && field.type === "select" && field.options.some((o) => o.value === value)) preset[field.name] = value;
  }
  return preset;
}

export const titleOf = (definition: ResourceDefinition, record: Record<string, unknown> | undefined) =>
  record ? String(record[definition.titleField] ?? `#${record.id}`) : "";
