// Who may do what to a user: the checks of server/users/routes.ts, each small and named.
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { permissionsOfRoles } from "./roleRepository.js";
import { otherActiveSuperadmins, resolveAssignments, usernameTaken, type AssignmentInput, type ResolvedAssignment, type UserDoc } from "./repository.js";
import { grantsWithin } from "../lib/permissions.js";
import { forbidden, type FieldErrors } from "../plugins/errors.js";

export const MESSAGES = {
  selfDelete: "You cannot delete your own account",
  selfDisable: "You cannot disable your own account",
  selfReset: "Use 'Change password' for your own account",
  lastSuperadmin: "There must be at least one active superadmin",
  superadminOnly: "Only a superadmin can create, promote or demote a superadmin",
  otherCenter: "You can only assign roles at the center you are working in",
  outranks: "You cannot manage a user who holds permissions you do not hold",
  otherCenters: "This user also works at other centers: ask a superadmin",
  notFound: "User not found",
} as const;

export interface UserFields {
  username: string;
  fullname: string;
  email?: string | null;
  user_type: string;
  active?: boolean | null;
  assignments?: AssignmentInput[] | null;
}
export interface CreateBody extends UserFields {
  password: string;
}
export interface UpdateBody extends UserFields {
  version: number;
}

export const isSuperType = (userType: string) => userType === "superadmin";

/** What the caller may do: a superadmin anything; anyone else only at the center they work in. */
export interface Caller {
  id: number;
  isSuperadmin: boolean;
  centerId: number | null;
  centerCode: string | null;
  permissions: FastifyRequest["permissions"];
}

export function callerOf(request: FastifyRequest): Caller {
  return {
    id: request.user.id,
    isSuperadmin: request.user.isSuperadmin,
    centerId: request.center?.id ?? null,
    centerCode: request.center?.center_code ?? null,
    permissions: request.permissions,
  };
}

/** A center admin sees only the users assigned to their center (and never a superadmin). */
export function visibleTo(caller: Caller, user: UserDoc | null): user is UserDoc {
  if (!user) return false;
  if (caller.isSuperadmin) return true;
  return !isSuperType(user.user_type) && user.assignments.some((a) => a.center_id === caller.centerId);
}

/** Nobody hands out, or takes over an account holding, a role with more than they hold themselves. */
export async function assertRolesWithin(db: Db, caller: Caller, roleIds: number[], message: string): Promise<void> {
  if (caller.isSuperadmin) return;
  const matrices = await permissionsOfRoles(db, [...new Set(roleIds)]);
  for (const permissions of matrices.values()) {
    if (!grantsWithin(permissions, caller.permissions)) throw forbidden(message);
  }
}

export function checkFields(body: UserFields, errors: FieldErrors): void {
  if (!body.fullname.trim()) errors.fullname = "must not be empty";
}

export async function checkUsername(db: Db, username: string, exceptId: number | null, errors: FieldErrors): Promise<void> {
  if (await usernameTaken(db, username, exceptId)) errors.username = "is already in use";
}

/**
 * The assignments a save ends with. A center admin edits only the row of their own center: rows
 * at other centers are kept as they are (a form may send them back unchanged, never altered).
 */
export function wantedAssignments(caller: Caller, body: UserFields, current: UserDoc | null, userType: string): AssignmentInput[] {
  // Left out: unchanged, except that a user who becomes a superadmin leaves their centers.
  if (isSuperType(userType) && body.assignments === undefined) return [];
  const asInput = (doc: UserDoc) => doc.assignments.map((a) => ({ center_code: a.center_code, role_id: a.role_id }));
  const sent = body.assignments === undefined ? (current ? asInput(current) : []) : (body.assignments ?? []);
  if (caller.isSuperadmin) return sent;

  const kept = current ? asInput(current).filter((a) => a.center_code !== caller.centerCode) : [];
  for (const a of sent) {
    if (a.center_code === caller.centerCode) continue;
    if (!kept.some((k) => k.center_code === a.center_code && k.role_id === a.role_id)) throw forbidden(MESSAGES.otherCenter);
  }
  return [...kept, ...sent.filter((a) => a.center_code === caller.centerCode)];
}

/**
 * Checks that the assignments exist and fit the user type (400). A user a center admin creates
 * must be assigned to that center, or it would vanish from their list at once.
 */
export async function checkAssignments(
  db: Db,
  caller: Caller,
  userType: string,
  wanted: AssignmentInput[],
  errors: FieldErrors,
  creating: boolean,
): Promise<ResolvedAssignment[]> {
  if (isSuperType(userType)) {
    if (wanted.length > 0) errors.assignments = "A superadmin needs no centers";
    return [];
  }
  const { resolved, error } = await resolveAssignments(db, wanted);
  if (error) errors.assignments = error;
  else if (creating && !caller.isSuperadmin && !resolved.some((a) => a.center_id === caller.centerId)) {
    errors.assignments = `must include a role at ${caller.centerCode}`;
  }
  return resolved;
}

export const sameAssignments = (a: UserDoc["assignments"], b: ResolvedAssignment[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.center_id === x.center_id && y.role_id === x.role_id));

export const auditAssignments = (list: { center_code: string; role_id: number }[]) => list.map((a) => ({ center_code: a.center_code, role_id: a.role_id }));

export async function assertLastSuperadminStays(tx: Db, user: UserDoc, staysActiveSuperadmin: boolean): Promise<void> {
  if (!isSuperType(user.user_type) || !user.active || staysActiveSuperadmin) return;
  if ((await otherActiveSuperadmins(tx, user.id)) === 0) throw forbidden(MESSAGES.lastSuperadmin);
}

/**
 * Deleting, disabling or resetting the password of a user acts on every center they work at
 * (a reset lets the caller sign in as them): a center admin may do it only to users of their center alone.
 */
export function assertOnlyAtCallersCenter(caller: Caller, user: UserDoc): void {
  if (!caller.isSuperadmin && user.assignments.some((a) => a.center_id !== caller.centerId)) throw forbidden(MESSAGES.otherCenters);
}

/** A center admin acts only on users whose every role is within their own permissions. */
export async function assertManageable(tx: Db, caller: Caller, user: UserDoc): Promise<void> {
  await assertRolesWithin(
    tx,
    caller,
    user.assignments.map((a) => a.role_id),
    MESSAGES.outranks,
  );
}
