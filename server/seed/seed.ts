import { hashPassword } from "../lib/password.js";
import { PERMISSION_KEYS, type PermissionKey } from "../lib/permissions.js";
import type { Db } from "../db/client.js";
import { seedDemoChats } from "./chats.js";
import { seedDemoDocuments } from "./documents.js";

const SEED_LOCK_KEY = 7_262_002;

// Jakarta, Bandung and Surabaya are all on Western Indonesian time (WIB).
const CENTERS = [
  { code: "JKT01", name: "Jakarta Kemang", timeZone: "Asia/Jakarta" },
  { code: "BDG01", name: "Bandung Dago", timeZone: "Asia/Jakarta" },
  { code: "SBY01", name: "Surabaya Darmo", timeZone: "Asia/Jakarta" },
];

type Grant = { key: PermissionKey; read: 0 | 1; create: 0 | 1; update: 0 | 1; delete: 0 | 1 };
const full = (key: PermissionKey): Grant => ({ key, read: 1, create: 1, update: 1, delete: 1 });
const edit = (key: PermissionKey): Grant => ({ key, read: 1, create: 1, update: 1, delete: 0 });

const ROLES: { name: string; grants: Grant[] }[] = [
  { name: "Center Manager", grants: PERMISSION_KEYS.filter((k) => k !== "user_management").map(full) },
  { name: "Content Editor", grants: [edit("content_management"), edit("career_management")] },
  { name: "Viewer", grants: [{ key: "content_management", read: 1, create: 0, update: 0, delete: 0 }] },
];

export interface DemoAccount {
  username: string;
  password: string;
  fullname: string;
  user_type: string;
  assignments: { center: string; role: string }[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: "superadmin", password: "Admin#12345", fullname: "Super Admin", user_type: "superadmin", assignments: [] },
  {
    username: "manager",
    password: "Manager#12345",
    fullname: "Demo Center Manager",
    user_type: "center_admin",
    assignments: [
      { center: "JKT01", role: "Center Manager" },
      { center: "BDG01", role: "Center Manager" },
    ],
  },
  {
    username: "editor",
    password: "Editor#12345",
    fullname: "Demo Content Editor",
    user_type: "center_staff",
    assignments: [
      { center: "JKT01", role: "Content Editor" },
      { center: "SBY01", role: "Viewer" },
    ],
  },
];

/** Fills an empty database with the demo data; returns false (and changes nothing) otherwise. */
export async function seedDemo(db: Db): Promise<boolean> {
  // Every start but the first: the database has users, so nothing is hashed (~125 ms each).
  if ((await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM users) AS any")).rows[0]!.any) return false;
  // Hashing is slow: do it before taking the lock and the transaction (which checks again).
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));

  return db.transaction(async (tx) => {
    if (tx.kind === "pg") await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
    if (rows[0]!.n > 0) return false;

    const centerIds = new Map<string, number>();
    for (const c of CENTERS) {
      const r = await tx.query<{ id: number }>("INSERT INTO centers (center_code, center_web_name, time_zone) VALUES ($1, $2, $3) RETURNING id", [
        c.code,
        c.name,
        c.timeZone,
      ]);
      centerIds.set(c.code, r.rows[0]!.id);
    }

    const roleIds = new Map<string, number>();
    for (const role of ROLES) {
      const r = await tx.query<{ id: number }>("INSERT INTO roles (name) VALUES ($1) RETURNING id", [role.name]);
      const roleId = r.rows[0]!.id;
      roleIds.set(role.name, roleId);
      for (const g of role.grants) {
        await tx.query(
          `INSERT INTO role_permissions (role_id, permission_key, allow_read, allow_create, allow_update, allow_delete)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [roleId, g.key, g.read, g.create, g.update, g.delete],
        );
      }
    }

    const userIds = new Map<string, number>();
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const r = await tx.query<{ id: number }>("INSERT INTO users (username, password_hash, fullname, user_type) VALUES ($1, $2, $3, $4) RETURNING id", [
        account.username,
        hashes[i],
        account.fullname,
        account.user_type,
      ]);
      userIds.set(account.username, r.rows[0]!.id);
      for (const a of account.assignments) {
        await tx.query("INSERT INTO assignments (user_id, center_id, role_id) VALUES ($1, $2, $3)", [
          r.rows[0]!.id,
          centerIds.get(a.center),
          roleIds.get(a.role),
        ]);
      }
    }

    const author = (username: string) => ({ id: userIds.get(username)!, name: DEMO_ACCOUNTS.find((a) => a.username === username)!.fullname });
    await seedDemoDocuments(tx, { manager: author("manager"), superadmin: author("superadmin"), editor: author("editor") });
    await seedDemoChats(tx, { manager: author("manager"), editor: author("editor") });
    // The demo's chats are written directly, not through the inbox: their report facts too.
    await tx.query("SELECT report_backfill()");
    return true;
  });
}
