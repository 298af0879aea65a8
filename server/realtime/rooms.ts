import { rooms } from "../../protocol/realtime.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { allows } from "../lib/permissions.js";
import type { Identity } from "../plugins/auth.js";

/** The rooms a socket belongs to: its user, and what it may read at its center. */
export function roomsOf(identity: Identity): string[] {
  const { user, center, permissions } = identity;
  const joined = [rooms.user(user.id)];
  if (user.isSuperadmin) return [...joined, rooms.superadmins];
  if (!center) return joined;
  const code = center.center_code;
  joined.push(rooms.center(code));
  for (const p of permissions) {
    if (!p.allow_read) continue;
    joined.push(rooms.centerKey(code, p.permission_key), rooms.globalKey(p.permission_key));
  }
  if (allows(permissions, "approval_management", "read")) joined.push(rooms.reviewers(code));
  return joined;
}

/** Who hears that a record of `def` at `centerCode` changed: exactly those who may read it. */
export function readersOf(def: ResourceDefinition, centerCode: string | null): string[] {
  if (def.scope === "global" || centerCode === null) return [rooms.globalKey(def.permissionKey), rooms.superadmins];
  const openToAll = def.openModes?.includes("read") ?? false;
  return [openToAll ? rooms.center(centerCode) : rooms.centerKey(centerCode, def.permissionKey), rooms.superadmins];
}

/** Who hears that a center's approval queues changed. */
export function reviewersOf(centerCode: string | null): string[] {
  return centerCode === null ? [rooms.superadmins] : [rooms.reviewers(centerCode), rooms.superadmins];
}
