import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_KEYS } from "../lib/permissions.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
let sa = "";
const roleIds: Record<string, number> = {};

const NO_PERMISSION = { statusCode: 403, message: "You don't have permission to access this page" };
const STALE = "Someone else saved this record since you opened it";

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token: string, payload?: object, center?: string) =>
  t.app.inject({ method, url, headers: bearer(token, center), ...(payload && { payload }) });
const asSa = (method: Method, url: string, payload?: object) => call(method, url, sa, payload);

const perm = (key: string, read = 0, create = 0, update = 0, del = 0) => ({
  permission_key: key,
  allow_read: read,
  allow_create: create,
  allow_update: update,
  allow_delete: del,
});
/** The full matrix, in PERMISSION_KEYS order, from the given grants. */
const matrix = (...grants: ReturnType<typeof perm>[]) => PERMISSION_KEYS.map((k) => grants.find((g) => g.permission_key === k) ?? perm(k));

async function snapshot() {
  const tables = ["users", "assignments", "roles", "role_permissions"];
  const rows = await Promise.all(tables.map((name) => t.db.query(`SELECT * FROM ${name} ORDER BY 1, 2`)));
  const audit = await t.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action <> 'login'");
  return JSON.stringify([rows.map((r) => r.rows), audit.rows]);
}

async function createRole(name: string, permissions: object[] = []) {
  const res = await asSa("POST", "/api/roles", { name, permissions });
  expect(res.statusCode, res.body).toBe(200);
  roleIds[name] = res.json().data.id;
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  sa = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
  for (const row of (await t.db.query("SELECT id, name FROM roles")).rows) roleIds[row.name] = row.id;
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/roles", () => {
  it("lists the seeded roles with full matrices, how many assignments use each and how many users hold it", async () => {
    const res = await asSa("GET", "/api/roles");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalDocs: 3, page: 1, limit: 10, totalPages: 1 });
    expect(data.docs.map((r: any) => [r.name, r.assignment_count, r.holder_count])).toEqual([
      ["Center Manager", 2, 1],
      ["Content Editor", 1, 1],
      ["Viewer", 1, 1],
    ]);
    expect(data.docs[2]).toEqual({
      id: roleIds.Viewer,
      name: "Viewer",
      permissions: matrix(perm("content_management", 1)),
      assignment_count: 1,
      holder_count: 1,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      version: 1,
    });
    expect(data.docs[0].permissions.map((p: any) => p.permission_key)).toEqual([...PERMISSION_KEYS]);
  });

  it("sorts, searches and pages", async () => {
    const desc = (await asSa("GET", "/api/roles?sort=-name")).json().data.docs.map((r: any) => r.name);
    expect(desc).toEqual(["Viewer", "Content Editor", "Center Manager"]);
    expect((await asSa("GET", "/api/roles?q=EDIT")).json().data.docs.map((r: any) => r.name)).toEqual(["Content Editor"]);
    const page = (await asSa("GET", "/api/roles?limit=1&page=2")).json().data;
    expect(page).toMatchObject({ totalDocs: 3, totalPages: 3, page: 2, limit: 1 });
    expect(page.docs.map((r: any) => r.name)).toEqual(["Content Editor"]);
    expect((await asSa("GET", "/api/roles?sort=secret")).statusCode).toBe(400);
  });

  it("answers one role, or 404", async () => {
    const res = await asSa("GET", `/api/roles/${roleIds["Content Editor"]}`);
    expect(res.json().data).toMatchObject({ totalDocs: 1, docs: [{ name: "Content Editor", assignment_count: 1 }] });
    expect((await asSa("GET", "/api/roles/999999")).json()).toEqual({ statusCode: 404, message: "Role not found" });
  });
});

describe("POST /api/roles", () => {
  it("creates a role, filling in the keys it does not name, with an audit row", async () => {
    const res = await asSa("POST", "/api/roles", { name: "Approver", permissions: [perm("approval_management", 1, 0, 1, 0)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: "Role created",
      data: { name: "Approver", permissions: matrix(perm("approval_management", 1, 0, 1, 0)), assignment_count: 0, holder_count: 0, version: 1 },
    });
    const audit = await t.db.query("SELECT actor_id FROM audit_log WHERE action = 'create' AND entity = 'roles' AND entity_id = $1", [
      String(res.json().data.id),
    ]);
    expect(audit.rows).toHaveLength(1);
  });

  it.each([
    ["a missing name", { permissions: [] }, "name"],
    ["an empty name", { name: "  " }, "name"],
    ["a flag other than 0 or 1", { name: "Bad flag", permissions: [perm("content_management", 2)] }, "permissions.0.allow_read"],
    ["an unknown key", { name: "Bad key", permissions: [perm("root_access", 1)] }, "permissions.0.permission_key"],
    ["a key listed twice", { name: "Twice", permissions: [perm("content_management", 1), perm("content_management")] }, "permissions"],
    ["a name in use, in any case", { name: "VIEWER" }, "name"],
  ])("answers 400 for %s, writing nothing", async (_label, body, field) => {
    const before = await snapshot();
    const res = await asSa("POST", "/api/roles", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ [field]: expect.any(String) });
    expect(await snapshot()).toBe(before);
  });

  it("says a name is in use", async () => {
    expect((await asSa("POST", "/api/roles", { name: "center manager" })).json()).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: { name: "is already in use" },
    });
  });

  it("refuses an unknown field", async () => {
    const res = await asSa("POST", "/api/roles", { name: "Extra", permissions: [], superpowers: true });
    expect(res.statusCode).toBe(400);
  });
});

describe("PUT /api/roles/:id", () => {
  it("saves name and matrix and bumps the version", async () => {
    const role = await createRole("Editable", [perm("content_management", 1)]);
    const res = await asSa("PUT", `/api/roles/${role.id}`, {
      ...role,
      name: "Edited",
      permissions: [perm("career_management", 1, 1, 1, 1)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Role saved",
      data: { name: "Edited", permissions: matrix(perm("career_management", 1, 1, 1, 1)), version: 2 },
    });
    const audit = await t.db.query("SELECT detail FROM audit_log WHERE action = 'update' AND entity = 'roles' AND entity_id = $1", [String(role.id)]);
    expect(audit.rows[0].detail).toMatchObject({ name: { from: "Editable", to: "Edited" } });
  });

  it("keeps its own name when saved unchanged, and refuses another role's", async () => {
    const role = await createRole("Keeper");
    expect((await asSa("PUT", `/api/roles/${role.id}`, { ...role, name: "KEEPER" })).statusCode).toBe(200);
    const taken = await asSa("PUT", `/api/roles/${role.id}`, { ...role, version: 2, name: "Viewer" });
    expect(taken.json().errors).toEqual({ name: "is already in use" });
  });

  it("answers 409 with the current role for a stale version, writing nothing", async () => {
    const role = await createRole("Stale role");
    expect((await asSa("PUT", `/api/roles/${role.id}`, { ...role, name: "Stale role 2" })).statusCode).toBe(200);
    const before = await snapshot();
    const res = await asSa("PUT", `/api/roles/${role.id}`, { ...role, name: "Stale role 3" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: STALE, data: { current: { name: "Stale role 2", version: 2 } } });
    expect(await snapshot()).toBe(before);
  });

  it("applies to holders on their next call, without signing in again", async () => {
    const editor = await t.login(DEMO.editor.username, DEMO.editor.password);
    const check = () => call("GET", "/api/a/verify/___pc?key=approval_management&mode=read", editor, undefined, "JKT01");
    expect((await check()).statusCode).toBe(403);

    const role = (await asSa("GET", `/api/roles/${roleIds["Content Editor"]}`)).json().data.docs[0];
    const widened = await asSa("PUT", `/api/roles/${role.id}`, {
      ...role,
      permissions: [...role.permissions.filter((p: any) => p.permission_key !== "approval_management"), perm("approval_management", 1)],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await check()).json()).toEqual({ statusCode: 200, message: "Allowed" });

    const restored = await asSa("PUT", `/api/roles/${role.id}`, { ...role, version: widened.json().data.version });
    expect(restored.statusCode).toBe(200);
    expect((await check()).statusCode).toBe(403);
  });
});

describe("DELETE /api/roles/:id", () => {
  it("refuses a role in use with a 409 naming how many users hold it (one user at two centers is one), in their language", async () => {
    const before = await snapshot();
    // The demo manager holds Center Manager at JKT01 and BDG01.
    expect((await asSa("DELETE", `/api/roles/${roleIds["Center Manager"]}`)).json()).toEqual({
      statusCode: 409,
      message: "This role is held by 1 user: give them another role before deleting it",
    });
    const indonesian = await t.app.inject({ method: "DELETE", url: `/api/roles/${roleIds.Viewer}`, headers: { ...bearer(sa), "accept-language": "id" } });
    expect(indonesian.statusCode).toBe(409);
    expect(indonesian.json().message).toBe("Peran ini dipegang oleh 1 pengguna: berikan peran lain kepada mereka sebelum menghapusnya");
    expect(await snapshot()).toBe(before);
  });

  it("deletes an unused role with its matrix, with an audit row", async () => {
    const role = await createRole("Doomed", [perm("content_management", 1)]);
    const res = await asSa("DELETE", `/api/roles/${role.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Role deleted", data: { id: role.id, name: "Doomed" } });
    expect((await t.db.query("SELECT 1 FROM role_permissions WHERE role_id = $1", [role.id])).rows).toHaveLength(0);
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'delete' AND entity = 'roles' AND entity_id = $1", [String(role.id)]);
    expect(audit.rows).toHaveLength(1);
    expect((await asSa("DELETE", `/api/roles/${role.id}`)).statusCode).toBe(404);
  });
});

describe("a center admin with user_management", () => {
  let cadmin = "";
  beforeAll(async () => {
    await createRole("Role Admin", [perm("user_management", 1, 1, 1, 1), perm("content_management", 1, 1, 0, 0)]);
    const user = await asSa("POST", "/api/users", {
      username: "roleadmin",
      fullname: "Role Admin",
      user_type: "center_admin",
      password: "Secret#123",
      assignments: [{ center_code: "JKT01", role_id: roleIds["Role Admin"] }],
    });
    expect(user.statusCode, user.body).toBe(200);
    cadmin = await t.login("roleadmin", "Secret#123");
  });
  const asCadmin = (method: Method, url: string, payload?: object) => call(method, url, cadmin, payload, "JKT01");

  it("reads roles but cannot create, edit or delete one: a role applies at every center where it is held", async () => {
    const before = await snapshot();
    const refused = { statusCode: 403, message: "Only a superadmin can change roles: a role applies at every center where it is held" };
    expect((await asCadmin("GET", "/api/roles")).statusCode).toBe(200);
    // Even a role within their own permissions, even one only they hold.
    expect((await asCadmin("POST", "/api/roles", { name: "Small", permissions: [perm("content_management", 1)] })).json()).toEqual(refused);
    // The Viewer role is held at SBY01, where this admin has no say: widening or emptying it is refused.
    const viewer = (await asCadmin("GET", `/api/roles/${roleIds.Viewer}`)).json().data.docs[0];
    expect((await asCadmin("PUT", `/api/roles/${viewer.id}`, { ...viewer, permissions: [perm("content_management", 1, 1, 1, 1)] })).json()).toEqual(refused);
    expect((await asCadmin("PUT", `/api/roles/${viewer.id}`, { ...viewer, permissions: [] })).json()).toEqual(refused);
    const own = (await asCadmin("GET", `/api/roles/${roleIds["Role Admin"]}`)).json().data.docs[0];
    expect((await asCadmin("PUT", `/api/roles/${own.id}`, { ...own, name: "Renamed" })).json()).toEqual(refused);
    expect((await asCadmin("DELETE", `/api/roles/${viewer.id}`)).json()).toEqual(refused);
    expect(await snapshot()).toBe(before);
  });

  it("still assigns existing roles within their own ceiling at their center", async () => {
    const small = (await createRole("Assignable", [perm("content_management", 1)])).id;
    const user = await asCadmin("POST", "/api/users", {
      username: "assigned-by-cadmin",
      fullname: "Assigned Staff",
      user_type: "center_staff",
      password: "Secret#123",
      assignments: [{ center_code: "JKT01", role_id: small }],
    });
    expect(user.statusCode, user.body).toBe(200);
    const wide = await asCadmin("POST", "/api/users", {
      username: "too-wide",
      fullname: "Too Wide",
      user_type: "center_staff",
      password: "Secret#123",
      assignments: [{ center_code: "JKT01", role_id: roleIds["Center Manager"] }],
    });
    expect(wide.statusCode).toBe(403);
  });
});

describe("without user_management", () => {
  it.each([
    ["manager", DEMO.manager],
    ["editor", DEMO.editor],
  ] as const)("refuses %s on every route, writing nothing", async (_label, account) => {
    const token = await t.login(account.username, account.password);
    const role = (await asSa("GET", `/api/roles/${roleIds.Viewer}`)).json().data.docs[0];
    const before = await snapshot();
    const attempts: [Method, string, object?][] = [
      ["GET", "/api/roles"],
      ["GET", `/api/roles/${role.id}`],
      ["POST", "/api/roles", { name: "Mine", permissions: [] }],
      ["PUT", `/api/roles/${role.id}`, { ...role, name: "Mine" }],
      ["DELETE", `/api/roles/${role.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(method, url, token, payload, "JKT01")).json(), `${method} ${url}`).toEqual(NO_PERMISSION);
    }
    expect(await snapshot()).toBe(before);
  });
});
