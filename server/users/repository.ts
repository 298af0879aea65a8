// Users and their center assignments, as the console reads and writes them. Never selects the
// password hash or the token version into a document.
import type { UserAssignment, UserDoc as ProtocolUserDoc } from "../../protocol/api.js";
import type { Db } from "../db/client.js";
import { escapeLike, iso, orderBy } from "./roleRepository.js";

/** An assignment as the API answers it, and the center's id, which the server joins on. */
export interface AssignmentDoc extends UserAssignment {
  center_id: number;
}

/** A user as the API answers it (protocol/'s UserDoc), with the assignments' center ids. */
export interface UserDoc extends Omit<ProtocolUserDoc, "assignments"> {
  assignments: AssignmentDoc[];
}

export interface UserListQuery {
  page: number;
  limit: number;
  sort?: string;
  q?: string;
  ids?: number[];
  userTypes?: string[];
  active?: boolean;
  /** Only users assigned to this center (a center admin's view); null: everyone. */
  centerId: number | null;
}

/** A wanted assignment, checked against the centers and roles that exist. */
export interface AssignmentInput {
  center_code: string;
  role_id: number;
}

const USER_SELECT = `
  SELECT u.id, u.username, u.fullname, u.email, u.user_type, u.active, u.created_at, u.updated_at, u.version,
         COALESCE((
           SELECT json_agg(json_build_object(
                    'id', a.id, 'center_id', c.id, 'center_code', c.center_code, 'center_web_name', c.center_web_name,
                    'role_id', r.id, 'role_name', r.name) ORDER BY c.center_code)
           FROM assignments a JOIN centers c ON c.id = a.center_id JOIN roles r ON r.id = a.role_id
           WHERE a.user_id = u.id
         ), '[]'::json) AS assignments
  FROM users u`;

const SORT_COLUMNS: Record<string, string> = {
  username: "lower(u.username)",
  fullname: "lower(u.fullname)",
  created_at: "u.created_at",
  updated_at: "u.updated_at",
};

function toDoc(row: any): UserDoc {
  return {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    user_type: row.user_type,
    active: row.active,
    assignments: row.assignments,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: row.version,
  };
}

export async function listUsers(db: Db, query: UserListQuery): Promise<{ docs: UserDoc[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.centerId !== null) {
    where.push(`EXISTS (SELECT 1 FROM assignments s WHERE s.user_id = u.id AND s.center_id = ${param(query.centerId)})`);
  }
  if (query.q) {
    const like = param(`%${escapeLike(query.q)}%`);
    where.push(`(u.username ILIKE ${like} OR u.fullname ILIKE ${like} OR u.email ILIKE ${like})`);
  }
  if (query.ids) where.push(`u.id = ANY(${param(query.ids)}::int[])`);
  if (query.userTypes) where.push(`u.user_type = ANY(${param(query.userTypes)}::text[])`);
  if (query.active !== undefined) where.push(`u.active = ${param(query.active)}`);

  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${whereSql}`, params);
  const { rows } = await db.query(
    `${USER_SELECT} ${whereSql} ORDER BY ${orderBy(query.sort, SORT_COLUMNS, "username", "u.id")}
     LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    params,
  );
  return { docs: rows.map(toDoc), total: count.rows[0]!.n };
}

/** `lock` takes the user's row for the rest of the transaction (edits, deletes, resets). */
export async function getUser(db: Db, id: number, lock = false): Promise<UserDoc | null> {
  if (lock) {
    const locked = await db.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [id]);
    if (locked.rows.length === 0) return null;
  }
  const { rows } = await db.query(`${USER_SELECT} WHERE u.id = $1`, [id]);
  return rows[0] ? toDoc(rows[0]) : null;
}

export async function usernameTaken(db: Db, username: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2", [username, exceptId ?? 0]);
  return rows.length > 0;
}

/** Active superadmins other than `exceptId`, locked so two demotions cannot both pass the count. */
export async function otherActiveSuperadmins(tx: Db, exceptId: number): Promise<number> {
  const { rows } = await tx.query("SELECT id FROM users WHERE user_type = 'superadmin' AND active AND id <> $1 FOR UPDATE", [exceptId]);
  return rows.length;
}

export interface ResolvedAssignment {
  center_id: number;
  center_code: string;
  role_id: number;
}

/** Checks that every center and role exists and no center is listed twice; the error names the first problem. */
export async function resolveAssignments(db: Db, wanted: AssignmentInput[]): Promise<{ resolved: ResolvedAssignment[]; error?: string }> {
  const seen = new Set<string>();
  for (const a of wanted) {
    if (seen.has(a.center_code)) return { resolved: [], error: `lists ${a.center_code} more than once` };
    seen.add(a.center_code);
  }
  if (wanted.length === 0) return { resolved: [] };
  const centers = await db.query<{ id: number; center_code: string }>("SELECT id, center_code FROM centers WHERE center_code = ANY($1::text[])", [
    wanted.map((a) => a.center_code),
  ]);
  // Ids beyond int4 cannot exist and would make PostgreSQL raise instead of returning no row.
  const roleIds = wanted.map((a) => a.role_id).filter((id) => id <= 2_147_483_647);
  const roles = await db.query<{ id: number }>("SELECT id FROM roles WHERE id = ANY($1::int[])", [roleIds]);
  const centerIds = new Map(centers.rows.map((c) => [c.center_code, c.id]));
  const knownRoles = new Set(roles.rows.map((r) => r.id));
  const resolved: ResolvedAssignment[] = [];
  for (const a of wanted) {
    const centerId = centerIds.get(a.center_code);
    if (centerId === undefined) return { resolved: [], error: `names an unknown center: ${a.center_code}` };
    if (!knownRoles.has(a.role_id)) return { resolved: [], error: `names an unknown role: ${a.role_id}` };
    resolved.push({ center_id: centerId, center_code: a.center_code, role_id: a.role_id });
  }
  return { resolved };
}

/**
 * Makes the user's assignments exactly `wanted`, keeping the row (and its id, which a signed-in
 * console holds as its selected assignment) of every center that stays. Returns whether anything changed.
 */
export async function replaceAssignments(tx: Db, userId: number, current: AssignmentDoc[], wanted: ResolvedAssignment[]): Promise<boolean> {
  let changed = false;
  for (const old of current) {
    const next = wanted.find((w) => w.center_id === old.center_id);
    if (!next) {
      await tx.query("DELETE FROM assignments WHERE id = $1", [old.id]);
      changed = true;
    } else if (next.role_id !== old.role_id) {
      await tx.query("UPDATE assignments SET role_id = $2 WHERE id = $1", [old.id, next.role_id]);
      changed = true;
    }
  }
  for (const w of wanted) {
    if (current.some((old) => old.center_id === w.center_id)) continue;
    await tx.query("INSERT INTO assignments (user_id, center_id, role_id) VALUES ($1, $2, $3)", [userId, w.center_id, w.role_id]);
    changed = true;
  }
  return changed;
}
