// Roles and their permission matrices, as the console reads and writes them.
import { completePermissions, type Permission } from "../lib/permissions.js";
import type { Db } from "../db/client.js";

export interface RoleDoc {
  id: number;
  name: string;
  /** Every key, in PERMISSION_KEYS order, zeros where the role grants nothing. */
  permissions: Permission[];
  assignment_count: number;
  /** The users holding it, at one center or more. */
  holder_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface RoleListQuery {
  page: number;
  limit: number;
  sort?: string;
  q?: string;
  ids?: number[];
}

/** The matrix of the role aliased `alias` as a JSON array: the one place that reads role_permissions. */
export const permissionsJson = (alias: string) => `COALESCE((
  SELECT json_agg(json_build_object(
           'permission_key', rp.permission_key,
           'allow_read', rp.allow_read, 'allow_create', rp.allow_create,
           'allow_update', rp.allow_update, 'allow_delete', rp.allow_delete))
  FROM role_permissions rp WHERE rp.role_id = ${alias}.id), '[]'::json)`;

const PERMISSIONS_JSON = permissionsJson("r");

/** The role an assignment gives, with its matrix and the assignment's holder; null when none. */
export async function roleOfAssignment(db: Db, assignmentId: number) {
  const { rows } = await db.query<{ user_id: number; role_id: number; role_name: string; permissions: Permission[] }>(
    `SELECT a.user_id, r.id AS role_id, r.name AS role_name, ${PERMISSIONS_JSON} AS permissions
     FROM assignments a JOIN roles r ON r.id = a.role_id WHERE a.id = $1`,
    [assignmentId],
  );
  return rows[0] ?? null;
}

const ROLE_SELECT = `
  SELECT r.id, r.name, r.created_at, r.updated_at, r.version,
         (SELECT count(*)::int FROM assignments a WHERE a.role_id = r.id) AS assignment_count,
         (SELECT count(DISTINCT a.user_id)::int FROM assignments a WHERE a.role_id = r.id) AS holder_count,
         ${PERMISSIONS_JSON} AS permissions
  FROM roles r`;

const SORT_COLUMNS: Record<string, string> = {
  name: "lower(r.name)",
  created_at: "r.created_at",
  updated_at: "r.updated_at",
};

/** smallint arrives as a number from json_agg on both drivers; Number() keeps that a guarantee. */
export function normalizePermissions(rows: Permission[]): Permission[] {
  return completePermissions(
    rows.map((p) => ({
      permission_key: p.permission_key,
      allow_read: Number(p.allow_read),
      allow_create: Number(p.allow_create),
      allow_update: Number(p.allow_update),
      allow_delete: Number(p.allow_delete),
    })),
  );
}

export const iso = (value: Date | string) => new Date(value).toISOString();

function toDoc(row: any): RoleDoc {
  return {
    id: row.id,
    name: row.name,
    permissions: normalizePermissions(row.permissions),
    assignment_count: Number(row.assignment_count),
    holder_count: Number(row.holder_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: row.version,
  };
}

/** `sort` as the list query gives it ("-name,created_at"), always ending with the id. */
export function orderBy(sort: string | undefined, columns: Record<string, string>, fallback: string, idColumn: string): string {
  const parts = (sort ?? fallback)
    .split(",")
    .filter(Boolean)
    .map((s) => (s.startsWith("-") ? `${columns[s.slice(1)]} DESC` : `${columns[s]} ASC`));
  return [...parts, idColumn].join(", ");
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listRoles(db: Db, query: RoleListQuery): Promise<{ docs: RoleDoc[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${escapeLike(query.q)}%`);
    where.push(`r.name ILIKE $${params.length}`);
  }
  if (query.ids) {
    params.push(query.ids);
    where.push(`r.id = ANY($${params.length}::int[])`);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM roles r ${whereSql}`, params);
  const { rows } = await db.query(
    `${ROLE_SELECT} ${whereSql} ORDER BY ${orderBy(query.sort, SORT_COLUMNS, "name", "r.id")}
     LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    params,
  );
  return { docs: rows.map(toDoc), total: count.rows[0]!.n };
}

/** `lock` takes the row for the rest of the transaction (edits and deletes). */
export async function getRole(db: Db, id: number, lock = false): Promise<RoleDoc | null> {
  if (lock) {
    const locked = await db.query("SELECT id FROM roles WHERE id = $1 FOR UPDATE", [id]);
    if (locked.rows.length === 0) return null;
  }
  const { rows } = await db.query(`${ROLE_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toDoc(rows[0]) : null;
}

export async function roleNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM roles WHERE lower(name) = lower($1) AND id <> $2", [name, exceptId ?? 0]);
  return rows.length > 0;
}

/** Stores all five keys, so what is read back is exactly what was saved. */
export async function replaceRolePermissions(tx: Db, roleId: number, permissions: Permission[]): Promise<void> {
  await tx.query("DELETE FROM role_permissions WHERE role_id = $1", [roleId]);
  for (const p of completePermissions(permissions)) {
    await tx.query(
      `INSERT INTO role_permissions (role_id, permission_key, allow_read, allow_create, allow_update, allow_delete)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [roleId, p.permission_key, p.allow_read, p.allow_create, p.allow_update, p.allow_delete],
    );
  }
}

/** The matrices of the given roles, by id; unknown ids are absent. */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, Permission[]>> {
  const result = new Map<number, Permission[]>();
  if (roleIds.length === 0) return result;
  const { rows } = await db.query<{ id: number; permissions: Permission[] }>(
    `SELECT r.id, ${PERMISSIONS_JSON} AS permissions FROM roles r WHERE r.id = ANY($1::int[])`,
    [roleIds],
  );
  for (const row of rows) result.set(row.id, normalizePermissions(row.permissions));
  return result;
}
