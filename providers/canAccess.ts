import type { PermissionEntry } from "../protocol/api";
import { MODES, PERMISSION_KEYS, type Mode, type PermissionKey, type ResourceDefinition } from "../resources/types";

export type Requirement = { key: PermissionKey; mode: Mode } | "open" | "deny";

const ACTION_MODES: Record<string, Mode> = {
  list: "read",
  show: "read",
  history: "read",
  read: "read",
  create: "create",
  clone: "create",
  edit: "update",
  update: "update",
  delete: "delete",
};

export const modeForAction = (action: string): Mode | undefined =>
  ACTION_MODES[action] ?? ((MODES as readonly string[]).find((m) => m === action) as Mode | undefined);

const isKey = (value: unknown): value is PermissionKey => typeof value === "string" && (PERMISSION_KEYS as readonly string[]).includes(value);

/**
 * What the server must allow for an action. An explicit `permissionKey` param (the route gate)
 * wins over the resource's key; `null` as the key means the route is open to any signed-in user.
 */
export function requirementFor(
  registry: readonly ResourceDefinition[],
  { resource, action, params }: { resource?: string; action: string; params?: Record<string, unknown> },
): Requirement {
  const mode = modeForAction(action);
  if (!mode) return "deny";
  if (params && "permissionKey" in params) {
    const key = params.permissionKey;
    if (key === null) return "open";
    return isKey(key) ? { key, mode } : "deny";
  }
  const definition = registry.find((r) => r.name === resource);
  if (!definition) return "deny";
  if (definition.openModes?.includes(mode)) return "open";
  return { key: definition.permissionKey, mode };
}

/** What `___pc` would answer, read from the matrix `___ca` already gave: the mode's flag is not 0. */
export function allowedByMatrix(matrix: readonly PermissionEntry[], key: PermissionKey, mode: Mode): boolean {
  const entry = matrix.find((p) => p.set?.permission_key === key);
  return !!entry && Number(entry[`allow_${mode}`]) !== 0;
}
