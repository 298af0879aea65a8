import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
let sa = "";
const roleIds: Record<string, number> = {};
const userIds: Record<string, number> = {};
/** A center admin holding user_management (and content read) at JKT01, made through the API. */
let cadmin = "";

const NO_PERMISSION = { statusCode: 403, message: "You don't have permission to access this page" };
const STALE = "Someone else saved this record since you opened it";

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token: string, payload?: object, center?: string) =>
  t.app.inject({ method, url, headers: bearer(token, center), ...(payload && { payload }) });
const asSa = (method: Method, url: string, payload?: object) => call(method, url, sa, payload);
const asCadmin = (method: Method, url: string, payload?: object) => call(method, url, cadmin, payload, "JKT01");
const whoAmI = (token: string, center?: string) => call("GET", "/api/a/verify/___ca", token, undefined, center);

function newUser(username: string, extra: object = {}) {
  return { username, fullname: `Test ${username}`, user_type: "center_staff", password: "Secret#123", ...extra };
}

async function createUser(username: string, extra: object = {}) {
  const res = await asSa("POST", "/api/users", newUser(username, extra));
  expect(res.statusCode, res.body).toBe(200);
  userIds[username] = res.json().data.id;
  return editable(res.json().data);
}

/** A read record as a form sends it back: the body schema takes assignments as {center_code, role_id}. */
function editable(doc: any) {
  return { ...doc, assignments: doc.assignments.map((a: any) => ({ center_code: a.center_code, role_id: a.role_id })) };
}

async function getDoc(id: number) {
  return editable((await asSa("GET", `/api/users/${id}`)).json().data.docs[0]);
}

/** Every row a write could touch; compared before and after a refused call. */
async function snapshot() {
  const tables = ["users", "assignments", "roles", "role_permissions"];
  const rows = await Promise.all(tables.map((name) => t.db.query(`SELECT * FROM ${name} ORDER BY 1, 2`)));
  const audit = await t.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action <> 'login'");
  return JSON.stringify([rows.map((r) => r.rows), audit.rows]);
}

beforeAll(async () => {
  t = await buildTestApp();
  sa = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
  for (const row of (await t.db.query("SELECT id, name FROM roles")).rows) roleIds[row.name] = row.id;
  for (const row of (await t.db.query("SELECT id, username FROM users")).rows) userIds[row.username] = row.id;

  const role = await asSa("POST", "/api/roles", {
    name: "User Admin",
    permissions: [
      { permission_key: "user_management", allow_read: 1, allow_create: 1, allow_update: 1, allow_delete: 1 },
      { permission_key: "content_management", allow_read: 1, allow_create: 0, allow_update: 0, allow_delete: 0 },
    ],
  });
  expect(role.statusCode, role.body).toBe(200);
  roleIds["User Admin"] = role.json().data.id;
  await createUser("cadmin", { user_type: "center_admin", assignments: [{ center_code: "JKT01", role_id: roleIds["User Admin"] }] });
  cadmin = await t.login("cadmin", "Secret#123");
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/users", () => {
  it("lists every user for a superadmin, without secrets", async () => {
    const res = await asSa("GET", "/api/users?limit=100");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data).toMatchObject({ page: 1, limit: 100, totalPages: 1 });
    expect(body.data.totalDocs).toBe(body.data.docs.length);
    const editor = body.data.docs.find((u: any) => u.username === "editor");
    expect(editor).toEqual({
      id: userIds.editor,
      username: "editor",
      fullname: "Demo Content Editor",
      email: null,
      user_type: "center_staff",
      active: true,
      assignments: [
        { id: expect.any(Number), center_code: "JKT01", center_web_name: "Jakarta Kemang", role_id: roleIds["Content Editor"], role_name: "Content Editor" },
        { id: expect.any(Number), center_code: "SBY01", center_web_name: "Surabaya Darmo", role_id: roleIds.Viewer, role_name: "Viewer" },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      version: 1,
    });
    expect(res.body).not.toMatch(/password|token_version/);
  });

  it("pages, sorts, searches and filters", async () => {
    const page = (await asSa("GET", "/api/users?limit=2&page=2&sort=username")).json().data;
    const all = (await asSa("GET", "/api/users?limit=100&sort=username")).json().data.docs.map((u: any) => u.username);
    expect(page.docs.map((u: any) => u.username)).toEqual(all.slice(2, 4));
    expect(page.totalPages).toBe(Math.ceil(all.length / 2));
    const desc = (await asSa("GET", "/api/users?limit=100&sort=-username")).json().data.docs.map((u: any) => u.username);
    expect(desc).toEqual([...all].reverse());

    const search = (await asSa("GET", "/api/users?q=CONTENT")).json().data;
    expect(search.docs.map((u: any) => u.username)).toEqual(["editor"]);
    const admins = (await asSa("GET", "/api/users?user_type=superadmin")).json().data;
    expect(admins.docs.map((u: any) => u.username)).toEqual(["superadmin"]);
    const both = (await asSa("GET", "/api/users?user_type=superadmin,center_admin&limit=100")).json().data;
    expect(both.docs.map((u: any) => u.user_type).sort()).toEqual(["center_admin", "center_admin", "superadmin"]);
    const inactive = (await asSa("GET", "/api/users?active=false")).json().data;
    expect(inactive.docs.every((u: any) => u.active === false)).toBe(true);
    const ids = (await asSa("GET", `/api/users?ids=${userIds.editor},${userIds.manager}`)).json().data;
    expect(ids.docs.map((u: any) => u.username)).toEqual(["editor", "manager"]);
  });

  it("refuses a bad sort or limit", async () => {
    expect((await asSa("GET", "/api/users?sort=password_hash")).statusCode).toBe(400);
    expect((await asSa("GET", "/api/users?limit=101")).statusCode).toBe(400);
  });

  it("shows a center admin only the users of their center, never a superadmin", async () => {
    const docs = (await asCadmin("GET", "/api/users?limit=100")).json().data.docs;
    expect(docs.map((u: any) => u.username).sort()).toEqual(expect.arrayContaining(["cadmin", "editor", "manager"]));
    expect(docs.every((u: any) => u.assignments.some((a: any) => a.center_code === "JKT01"))).toBe(true);
    expect(docs.some((u: any) => u.user_type === "superadmin")).toBe(false);
    expect((await asCadmin("GET", `/api/users/${userIds.superadmin}`)).statusCode).toBe(404);
  });
});

describe("GET /api/users/:id", () => {
  it("answers one user in the list envelope", async () => {
    const res = await asSa("GET", `/api/users/${userIds.manager}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalDocs: 1, page: 1, limit: 1, totalPages: 1 });
    expect(res.json().data.docs[0]).toMatchObject({ username: "manager", user_type: "center_admin" });
  });

  it("answers 404 for an unknown user", async () => {
    expect((await asSa("GET", "/api/users/999999")).json()).toEqual({ statusCode: 404, message: "User not found" });
  });
});

describe("POST /api/users", () => {
  it("creates a user who can sign in and gets the role's permissions at the center", async () => {
    const res = await asSa(
      "POST",
      "/api/users",
      newUser("NewStaff", { email: "new@example.com", assignments: [{ center_code: "BDG01", role_id: roleIds["Content Editor"] }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: "User created",
      data: {
        username: "NewStaff",
        email: "new@example.com",
        active: true,
        version: 1,
        assignments: [{ center_code: "BDG01", role_id: roleIds["Content Editor"], role_name: "Content Editor" }],
      },
    });
    expect(res.body).not.toMatch(/password/);

    const token = await t.login("newstaff", "Secret#123");
    const ca = (await whoAmI(token, "BDG01")).json().data;
    expect(ca.center).toEqual({ center_code: "BDG01", center_web_name: "Bandung Dago", role_name: "Content Editor", time_zone: "Asia/Jakarta" });
    const content = ca.permissions.find((p: any) => p.set.permission_key === "content_management");
    expect(content).toMatchObject({ allow_read: 1, allow_create: 1, allow_update: 1, allow_delete: 0 });
    expect((await whoAmI(token, "JKT01")).statusCode).toBe(403);

    const audit = await t.db.query("SELECT actor_id, detail FROM audit_log WHERE action = 'create' AND entity = 'users' AND entity_id = $1", [
      String(body.data.id),
    ]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_id).toBe(userIds.superadmin);
    expect(JSON.stringify(audit.rows[0].detail)).not.toMatch(/Secret|password/i);
  });

  it("creates a center user without centers, and a superadmin", async () => {
    expect((await createUser("nocenter")).assignments).toEqual([]);
    expect((await createUser("sa-two", { user_type: "superadmin", active: false })).user_type).toBe("superadmin");
  });

  it.each([
    ["a missing username", { username: undefined }, "username"],
    ["a short username", { username: "ab" }, "username"],
    ["a username with spaces", { username: "two words" }, "username"],
    ["a short password", { password: "short" }, "password"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["an unknown user type", { user_type: "janitor" }, "user_type"],
    ["an empty full name", { fullname: "   " }, "fullname"],
    ["an unknown field", { is_admin: true }, "is_admin"],
  ])("answers 400 for %s, writing nothing", async (_label, change, field) => {
    const before = await snapshot();
    const res = await asSa("POST", "/api/users", { ...newUser("valid1"), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, errors: { [field]: expect.any(String) } });
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ["a username in use, in any case", { username: "EDITOR" }, { username: "is already in use" }],
    ["an unknown center", { assignments: [{ center_code: "NOPE1", role_id: 1 }] }, { assignments: expect.stringContaining("NOPE1") }],
    ["an unknown role", { assignments: [{ center_code: "JKT01", role_id: 99999 }] }, { assignments: expect.stringContaining("99999") }],
    [
      "a center whose role was left unchosen",
      { assignments: [{ center_code: "JKT01", role_id: 0 }] },
      { "assignments.0.role_id": "Choose a role for each center" },
    ],
    [
      "a center listed twice",
      {
        assignments: [
          { center_code: "JKT01", role_id: 1 },
          { center_code: "JKT01", role_id: 2 },
        ],
      },
      { assignments: expect.stringContaining("JKT01") },
    ],
    [
      "a superadmin with centers",
      { user_type: "superadmin", assignments: [{ center_code: "JKT01", role_id: 1 }] },
      { assignments: "A superadmin needs no centers" },
    ],
  ])("answers 400 for %s", async (_label, change, errors) => {
    const before = await snapshot();
    const res = await asSa("POST", "/api/users", { ...newUser("valid2"), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: "Validation failed", errors });
    expect(await snapshot()).toBe(before);
  });
});

describe("PUT /api/users/:id", () => {
  it("saves, bumps the version and keeps the assignment ids of centers that stay", async () => {
    const created = await createUser("puttest", {
      assignments: [
        { center_code: "JKT01", role_id: roleIds.Viewer },
        { center_code: "SBY01", role_id: roleIds.Viewer },
      ],
    });
    const read = (await asSa("GET", `/api/users/${created.id}`)).json().data.docs[0];
    const jktId = read.assignments.find((a: any) => a.center_code === "JKT01").id;
    const res = await asSa("PUT", `/api/users/${created.id}`, {
      ...created,
      fullname: "Renamed",
      email: "r@example.com",
      assignments: [
        { center_code: "JKT01", role_id: roleIds["Content Editor"] },
        { center_code: "BDG01", role_id: roleIds.Viewer },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data;
    expect(res.json().message).toBe("User saved");
    expect(doc).toMatchObject({ fullname: "Renamed", email: "r@example.com", version: 2 });
    expect(doc.assignments.map((a: any) => [a.center_code, a.role_name])).toEqual([
      ["BDG01", "Viewer"],
      ["JKT01", "Content Editor"],
    ]);
    expect(doc.assignments.find((a: any) => a.center_code === "JKT01").id).toBe(jktId);
    const audit = await t.db.query("SELECT detail FROM audit_log WHERE action = 'update' AND entity = 'users' AND entity_id = $1", [String(created.id)]);
    expect(audit.rows[0].detail).toMatchObject({ fullname: { from: "Test puttest", to: "Renamed" } });
  });

  it("answers 409 with the current record for a stale version, writing nothing", async () => {
    const created = await createUser("staletest");
    expect((await asSa("PUT", `/api/users/${created.id}`, { ...created, fullname: "First" })).statusCode).toBe(200);
    const before = await snapshot();
    const res = await asSa("PUT", `/api/users/${created.id}`, { ...created, fullname: "Second" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: STALE, data: { current: { fullname: "First", version: 2 } } });
    expect(res.body).not.toMatch(/password|token_version/);
    expect(await snapshot()).toBe(before);
  });

  it("takes back a record exactly as it was read", async () => {
    await createUser("roundtrip", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    const read = (await asSa("GET", `/api/users/${userIds.roundtrip}`)).json().data.docs[0];
    const res = await asSa("PUT", `/api/users/${read.id}`, { ...read, fullname: "Round trip" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.assignments).toEqual(read.assignments);
    const extra = await asSa("PUT", `/api/users/${read.id}`, {
      ...res.json().data,
      assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer, is_owner: true }],
    });
    expect(extra.statusCode).toBe(400);
  });

  it("refuses a missing version, a password and a username in use", async () => {
    const created = await createUser("puterrors");
    const { version: _v, ...noVersion } = created;
    expect((await asSa("PUT", `/api/users/${created.id}`, noVersion)).json().errors).toEqual({ version: expect.any(String) });
    expect((await asSa("PUT", `/api/users/${created.id}`, { ...created, password: "NewSecret#1" })).statusCode).toBe(400);
    const taken = await asSa("PUT", `/api/users/${created.id}`, { ...created, username: "Manager" });
    expect(taken.json()).toEqual({ statusCode: 400, message: "Validation failed", errors: { username: "is already in use" } });
  });

  it("ends the user's sessions when their access changes, not when only the name does", async () => {
    const created = await createUser("sessions", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    let token = await t.login("sessions", "Secret#123");
    const renamed = editable((await asSa("PUT", `/api/users/${created.id}`, { ...created, fullname: "Still signed in" })).json().data);
    expect((await whoAmI(token, "JKT01")).statusCode).toBe(200);

    const moved = await asSa("PUT", `/api/users/${created.id}`, { ...renamed, assignments: [{ center_code: "BDG01", role_id: roleIds.Viewer }] });
    expect(moved.statusCode).toBe(200);
    expect((await whoAmI(token, "BDG01")).statusCode).toBe(401);

    token = await t.login("sessions", "Secret#123");
    const disabled = await asSa("PUT", `/api/users/${created.id}`, { ...editable(moved.json().data), active: false });
    expect(disabled.json().data.active).toBe(false);
    expect((await whoAmI(token, "BDG01")).statusCode).toBe(401);
    expect((await call("POST", "/api/auth/login", "", { username: "sessions", password: "Secret#123" })).statusCode).toBe(403);
  });

  it("turns a center user into a superadmin, dropping their centers", async () => {
    const created = await createUser("promoted", { active: false, assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    const { assignments: _a, ...rest } = created;
    const res = await asSa("PUT", `/api/users/${created.id}`, { ...rest, user_type: "superadmin" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: "superadmin", assignments: [] });
    const withCenters = await asSa("PUT", `/api/users/${created.id}`, { ...res.json().data, assignments: [{ center_code: "JKT01", role_id: 1 }] });
    expect(withCenters.json().errors).toEqual({ assignments: "A superadmin needs no centers" });
  });
});

describe("POST /api/users/:id/password", () => {
  it("resets the password, ends the user's sessions, and the new password works", async () => {
    const created = await createUser("resetme", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    const old = await t.login("resetme", "Secret#123");
    const res = await asSa("POST", `/api/users/${created.id}/password`, { new_password: "Brand-new#1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: "Password reset", data: { id: created.id } });
    expect((await whoAmI(old, "JKT01")).statusCode).toBe(401);
    expect((await call("POST", "/api/auth/login", "", { username: "resetme", password: "Secret#123" })).statusCode).toBe(403);
    const fresh = await t.login("resetme", "Brand-new#1");
    expect((await whoAmI(fresh, "JKT01")).statusCode).toBe(200);
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'password_reset' AND entity_id = $1", [String(created.id)]);
    expect(audit.rows).toHaveLength(1);
  });

  it("refuses a short password, an unknown field and one's own account", async () => {
    expect((await asSa("POST", `/api/users/${userIds.editor}/password`, { new_password: "short" })).json().errors).toEqual({
      new_password: expect.any(String),
    });
    expect((await asSa("POST", `/api/users/${userIds.editor}/password`, { new_password: "Long-enough#1", extra: 1 })).statusCode).toBe(400);
    const self = await asSa("POST", `/api/users/${userIds.superadmin}/password`, { new_password: "Long-enough#1" });
    expect(self.json()).toEqual({ statusCode: 403, message: "Use 'Change password' for your own account" });
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a user, with an audit row", async () => {
    const created = await createUser("deleteme", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    const res = await asSa("DELETE", `/api/users/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: "User deleted", data: { id: created.id, username: "deleteme" } });
    expect((await t.db.query("SELECT 1 FROM users WHERE id = $1", [created.id])).rows).toHaveLength(0);
    expect((await t.db.query("SELECT 1 FROM assignments WHERE user_id = $1", [created.id])).rows).toHaveLength(0);
    const audit = await t.db.query("SELECT actor_id FROM audit_log WHERE action = 'delete' AND entity = 'users' AND entity_id = $1", [String(created.id)]);
    expect(audit.rows).toEqual([{ actor_id: userIds.superadmin }]);
    expect((await asSa("DELETE", `/api/users/${created.id}`)).statusCode).toBe(404);
  });

  it("deactivates instead a user other records still point to", async () => {
    const created = await createUser("author");
    await t.db.exec("CREATE TABLE test_authored (author_id integer REFERENCES users (id))");
    try {
      await t.db.query("INSERT INTO test_authored VALUES ($1)", [created.id]);
      const token = await t.login("author", "Secret#123");
      const res = await asSa("DELETE", `/api/users/${created.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: "User deactivated", data: { id: created.id, active: false } });
      expect((await whoAmI(token)).statusCode).toBe(401);
      const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'deactivate' AND entity_id = $1", [String(created.id)]);
      expect(audit.rows).toHaveLength(1);
    } finally {
      await t.db.exec("DROP TABLE test_authored");
    }
  });
});

describe("guards", () => {
  it("stops anyone deleting or disabling themself", async () => {
    const before = await snapshot();
    expect((await asSa("DELETE", `/api/users/${userIds.superadmin}`)).json()).toEqual({
      statusCode: 403,
      message: "You cannot delete your own account",
    });
    const me = await getDoc(userIds.superadmin);
    expect((await asSa("PUT", `/api/users/${userIds.superadmin}`, { ...me, active: false })).json()).toEqual({
      statusCode: 403,
      message: "You cannot disable your own account",
    });
    expect((await asCadmin("DELETE", `/api/users/${userIds.cadmin}`)).json().message).toBe("You cannot delete your own account");
    expect(await snapshot()).toBe(before);
  });

  it("keeps one active superadmin, and lets a superadmin step down when another remains", async () => {
    const me = await getDoc(userIds.superadmin);
    const before = await snapshot();
    const demote = await asSa("PUT", `/api/users/${userIds.superadmin}`, { ...me, user_type: "center_admin" });
    expect(demote.json()).toEqual({ statusCode: 403, message: "There must be at least one active superadmin" });
    expect(await snapshot()).toBe(before);

    const other = await createUser("sa-three", { user_type: "superadmin" });
    const otherToken = await t.login("sa-three", "Secret#123");
    const stepDown = await call("PUT", `/api/users/${other.id}`, otherToken, { ...other, user_type: "center_admin" });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json().data.user_type).toBe("center_admin");
  });

  it("lets only a superadmin create or promote a superadmin", async () => {
    const before = await snapshot();
    const create = await asCadmin("POST", "/api/users", newUser("sneaky", { user_type: "superadmin" }));
    expect(create.json()).toEqual({ statusCode: 403, message: "Only a superadmin can create, promote or demote a superadmin" });
    const created = await asCadmin("POST", "/api/users", newUser("cstaff1", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] }));
    const target = editable(created.json().data);
    const snap = await snapshot();
    const promote = await asCadmin("PUT", `/api/users/${target.id}`, { ...target, user_type: "superadmin" });
    expect(promote.json().message).toBe("Only a superadmin can create, promote or demote a superadmin");
    expect(await snapshot()).toBe(snap);
    expect(before).not.toBe(snap);
  });

  it("lets a center admin assign only at their center and only roles within their own permissions", async () => {
    const before = await snapshot();
    const elsewhere = await asCadmin("POST", "/api/users", newUser("cstaff2", { assignments: [{ center_code: "BDG01", role_id: roleIds.Viewer }] }));
    expect(elsewhere.json()).toEqual({ statusCode: 403, message: "You can only assign roles at the center you are working in" });
    const bigger = await asCadmin("POST", "/api/users", newUser("cstaff3", { assignments: [{ center_code: "JKT01", role_id: roleIds["Center Manager"] }] }));
    expect(bigger.json()).toEqual({ statusCode: 403, message: "You cannot grant a role with permissions you do not hold" });
    const nowhere = await asCadmin("POST", "/api/users", newUser("cstaff4"));
    expect(nowhere.json().errors).toEqual({ assignments: "must include a role at JKT01" });
    expect(await snapshot()).toBe(before);

    const ok = await asCadmin("POST", "/api/users", newUser("cstaff5", { assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] }));
    expect(ok.statusCode, ok.body).toBe(200);
    const doc = editable(ok.json().data);
    const snap = await snapshot();
    const raise = await asCadmin("PUT", `/api/users/${doc.id}`, { ...doc, assignments: [{ center_code: "JKT01", role_id: roleIds["Content Editor"] }] });
    expect(raise.json().message).toBe("You cannot grant a role with permissions you do not hold");
    expect(await snapshot()).toBe(snap);
    const reset = await asCadmin("POST", `/api/users/${doc.id}/password`, { new_password: "Reset#12345" });
    expect(reset.json().message).toBe("Password reset");
    const del = await asCadmin("DELETE", `/api/users/${doc.id}`);
    expect(del.json().message).toBe("User deleted");
  });

  it("lets a center admin edit only their center's row of a user who also works elsewhere", async () => {
    const shared = await createUser("twocenters", {
      assignments: [
        { center_code: "JKT01", role_id: roleIds.Viewer },
        { center_code: "SBY01", role_id: roleIds.Viewer },
      ],
    });
    const before = await snapshot();
    const other = await asCadmin("PUT", `/api/users/${shared.id}`, {
      ...shared,
      assignments: [
        { center_code: "JKT01", role_id: roleIds.Viewer },
        { center_code: "SBY01", role_id: roleIds["User Admin"] },
      ],
    });
    expect(other.json().message).toBe("You can only assign roles at the center you are working in");
    const elsewhere = { statusCode: 403, message: "This user also works at other centers: ask a superadmin" };
    expect((await asCadmin("DELETE", `/api/users/${shared.id}`)).json()).toEqual(elsewhere);
    expect((await asCadmin("PUT", `/api/users/${shared.id}`, { ...shared, active: false })).json()).toEqual(elsewhere);
    // A reset would let the center admin sign in as someone who works at SBY01.
    expect((await asCadmin("POST", `/api/users/${shared.id}/password`, { new_password: "Takeover#123" })).json()).toEqual(elsewhere);
    // Their name, sign-in name and address are theirs at SBY01 too.
    for (const change of [{ fullname: "Renamed by cadmin" }, { username: "renamed-by-cadmin" }, { email: "takeover@example.com" }]) {
      expect((await asCadmin("PUT", `/api/users/${shared.id}`, { ...shared, ...change })).json(), JSON.stringify(change)).toEqual(elsewhere);
    }
    expect(await snapshot()).toBe(before);

    // Sending back the other center unchanged, or leaving it out, keeps it; their own center's
    // row is theirs to change.
    const same = await asCadmin("PUT", `/api/users/${shared.id}`, { ...shared, assignments: [{ center_code: "JKT01", role_id: roleIds.Viewer }] });
    expect(same.statusCode, same.body).toBe(200);
    const omitted = await asCadmin("PUT", `/api/users/${shared.id}`, { ...editable(same.json().data), assignments: [] });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json().data.assignments.map((a: any) => a.center_code)).toEqual(["SBY01"]);
    // The user left the center admin's center, so they no longer see them.
    expect((await asCadmin("GET", `/api/users/${shared.id}`)).statusCode).toBe(404);
  });

  it("stops a center admin managing a user who holds more than they do", async () => {
    const before = await snapshot();
    const manager = editable((await asCadmin("GET", `/api/users/${userIds.manager}`)).json().data.docs[0]);
    const edit = await asCadmin("PUT", `/api/users/${userIds.manager}`, { ...manager, fullname: "Hijacked" });
    expect(edit.json()).toEqual({ statusCode: 403, message: "You cannot manage a user who holds permissions you do not hold" });
    const reset = await asCadmin("POST", `/api/users/${userIds.manager}/password`, { new_password: "Hijacked#123" });
    expect(reset.json().message).toBe("You cannot manage a user who holds permissions you do not hold");
    expect((await asCadmin("DELETE", `/api/users/${userIds.manager}`)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});

describe("without user_management", () => {
  const callers = [
    ["manager", DEMO.manager, "JKT01"],
    ["editor", DEMO.editor, "JKT01"],
    ["editor without a center", DEMO.editor, undefined],
  ] as const;

  it.each(callers)("refuses %s on every route, writing nothing", async (_label, account, center) => {
    const token = await t.login(account.username, account.password);
    const target = await getDoc(userIds.editor);
    const before = await snapshot();
    const attempts: [Method, string, object?][] = [
      ["GET", "/api/users"],
      ["GET", `/api/users/${target.id}`],
      ["POST", "/api/users", newUser("intruder")],
      // Refused before validation: the body's problems are not told to a caller without the key.
      ["POST", "/api/users", { bogus: 1 }],
      ["PUT", `/api/users/${target.id}`, { ...target, fullname: "Changed" }],
      ["DELETE", `/api/users/${target.id}`],
      ["POST", `/api/users/${target.id}/password`, { new_password: "Hijacked#123" }],
      ["GET", "/api/e1-centers"],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, token, payload, center);
      expect(res.json(), `${method} ${url}`).toEqual(NO_PERMISSION);
    }
    expect(await snapshot()).toBe(before);
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
  });
});

describe("GET /api/e1-centers", () => {
  it("lists every center for a superadmin and for a user manager", async () => {
    const expected = [
      { id: expect.any(Number), center_code: "BDG01", center_web_name: "Bandung Dago", time_zone: "Asia/Jakarta" },
      { id: expect.any(Number), center_code: "JKT01", center_web_name: "Jakarta Kemang", time_zone: "Asia/Jakarta" },
      { id: expect.any(Number), center_code: "SBY01", center_web_name: "Surabaya Darmo", time_zone: "Asia/Jakarta" },
    ];
    for (const res of [await asSa("GET", "/api/e1-centers"), await asCadmin("GET", "/api/e1-centers")]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ docs: expected, totalDocs: 3, page: 1, limit: 3, totalPages: 1 });
    }
  });

  it("leaves the by-admin and by-id routes working", async () => {
    const byAdmin = await asSa("GET", `/api/e1-centers/by-admin/${userIds.superadmin}`);
    expect(byAdmin.json().data.totalDocs).toBe(3);
    const jkt = byAdmin.json().data.docs.find((c: any) => c.center_code === "JKT01");
    expect((await asSa("GET", `/api/e1-centers/${jkt.id}`)).json().data.docs[0].center_code).toBe("JKT01");
  });
});
