export const PERMISSION_KEYS = [
  "approval_management",
  "center_management",
  "content_management",
  "career_management",
  "user_management",
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const PERMISSION_MODES = ["read", "create", "update", "delete"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

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
