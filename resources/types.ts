// Plain data only: the server imports these files too, so no React here.
export const PERMISSION_KEYS = [
  "approval_management",
  "center_management",
  "content_management",
  "career_management",
  "user_management",
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const MODES = ["read", "create", "update", "delete"] as const;
export type Mode = (typeof MODES)[number];

export interface ResourceDefinition {
  /** API path segment and Refine resource name. */
  name: string;
  label: string;
  permissionKey: PermissionKey;
  /** Modes open to any signed-in user (spec §2: e.g. the careers list needs no key). */
  openModes?: readonly Mode[];
  /** Console routes under /app, as Refine's resource routes. */
  routes?: { list?: string; create?: string; edit?: string; show?: string };
}

export const defineResource = <T extends ResourceDefinition>(definition: T): T => definition;
