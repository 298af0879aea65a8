// Console-side reading of a resource definition: which columns, where its screens live, how a
// record is named. Every per-resource difference comes from the definition, never from its name.
import type { Field, ListView, ResourceDefinition } from "../../../resources/types";

export type Row = Record<string, unknown> & { id: number; version?: number };

export const fieldOf = (definition: ResourceDefinition, name: string): Field | undefined => definition.fields.find((f) => f.name === name);

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

/** One version in full: the history-details screen, ?version=N (none: the latest). */
export function historyDetailsPath(definition: ResourceDefinition, id: unknown, version?: number): string | undefined {
  if (!definition.history || !definition.routes.historyDetails) return undefined;
  const path = withId(definition.routes.historyDetails, id);
  return version === undefined ? path : `${path}?version=${version}`;
}

/** The record in one state: "pending" (its open request), "live", or a version number. */
export function statePath(definition: ResourceDefinition, state: "pending" | "live" | number, id: unknown): string | undefined {
  return definition.routes.state ? withId(definition.routes.state, id).replace(":state", encodeURIComponent(String(state))) : undefined;
}

/** Where one version of a record opens: the record in that state where the type has such a screen, else its history details. */
export function versionPath(definition: ResourceDefinition, id: unknown, version: number): string | undefined {
  return statePath(definition, version, id) ?? historyDetailsPath(definition, id, version);
}

/** Every version of every record of one center. */
export function centerHistoryPath(definition: ResourceDefinition, centerCode: string): string | undefined {
  return definition.history && definition.routes.centerHistory
    ? definition.routes.centerHistory.replace(":center_code", encodeURIComponent(centerCode))
    : undefined;
}

export function createPath(definition: ResourceDefinition, preset: Record<string, string> = {}): string | undefined {
  if (!definition.routes.create) return undefined;
  const query = new URLSearchParams(preset).toString();
  return query ? `${definition.routes.create}?${query}` : definition.routes.create;
}

/**
 * The list that shows a record: the view whose preset it matches (a life-club post lands on Life
 * Club), else the resource's own list (every record), else the first view.
 */
export function listPathFor(definition: ResourceDefinition, record?: Record<string, unknown>): string {
  const views = definition.views ?? [];
  const match = record && views.find((v) => Object.entries(v.preset).every(([k, value]) => record[k] === value));
  return match?.path ?? definition.routes.list ?? views[0]?.path ?? "/app/welcome";
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
