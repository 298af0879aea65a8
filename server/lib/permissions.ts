import { MODES, PERMISSION_KEYS, type Mode, type PermissionKey } from "../../resources/types.js";

// One list of keys and modes for the console and the server.
export { PERMISSION_KEYS, type PermissionKey };
export const PERMISSION_MODES = MODES;
export type PermissionMode = Mode;

export interface Permission {
  permission_key: PermissionKey;
  allow_read: number;
  allow_create: number;
  allow_update: number;
  allow_delete: number;
}

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

export const ALL_PERMISSIONS: Permission[] = PERMISSION_KEYS.map((permission_key) => ({
  permission_key,
  allow_read: 1,
  allow_create: 1,
  allow_update: 1,
  allow_delete: 1,
}));

/** Every key, in a fixed order, with 0s for keys the role has no row for. */
export function completePermissions(rows: Permission[]): Permission[] {
  return PERMISSION_KEYS.map(
    (permission_key) =>
      rows.find((row) => row.permission_key === permission_key) ?? {
        permission_key,
        allow_read: 0,
        allow_create: 0,
        allow_update: 0,
        allow_delete: 0,
      },
  );
}

export function allows(permissions: Permission[], key: string, mode: string): boolean {
  if (!isPermissionKey(key) || !isPermissionMode(mode)) return false;
  const entry = permissions.find((p) => p.permission_key === key);
  return entry !== undefined && entry[`allow_${mode}`] === 1;
}

/** The wire shape the console reads (`set.permission_key`), kept from the original API. */
export function toWire(p: Permission) {
  return {
    set: { permission_key: p.permission_key },
    allow_read: p.allow_read,
    allow_create: p.allow_create,
    allow_update: p.allow_update,
    allow_delete: p.allow_delete,
  };
}

/** True when `granted` allows nothing that `held` does not (a role someone may hand out). */
export function grantsWithin(granted: Permission[], held: Permission[]): boolean {
  return granted.every((g) => PERMISSION_MODES.every((mode) => g[`allow_${mode}`] === 0 || allows(held, g.permission_key, mode)));
}
