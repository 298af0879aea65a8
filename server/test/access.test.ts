import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_KEYS } from "../lib/permissions.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens: Record<"superadmin" | "manager" | "editor", string> = { superadmin: "", manager: "", editor: "" };
const ids: Record<string, number> = {};
const centerIds: Record<string, number> = {};
const assignmentIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
  for (const row of (await t.db.query("SELECT id, username FROM users")).rows) ids[row.username] = row.id;
  for (const row of (await t.db.query("SELECT id, center_code FROM centers")).rows) centerIds[row.center_code] = row.id;
  const assignments = await t.db.query(
    "SELECT a.id, u.username, c.center_code FROM assignments a JOIN users u ON u.id = a.user_id JOIN centers c ON c.id = a.center_id",
  );
  for (const row of assignments.rows) assignmentIds[`${row.username}@${row.center_code}`] = row.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string, center?: string) => t.app.inject({ method: "GET", url, headers: bearer(token, center) });
const perm = (key: string, read: number, create: number, update: number, del: number) => ({
  set: { permission_key: key },
  allow_read: read,
  allow_create: create,
  allow_update: update,
  allow_delete: del,
});
const none = (key: string) => perm(key, 0, 0, 0, 0);
const NO_PERMISSION = { statusCode: 403, message: "You don't have permission to access this page" };

describe("GET /api/a/verify/___ca", () => {
  it("gives a superadmin every key with every mode, without a center", async () => {
    const res = await get("/api/a/verify/___ca", tokens.superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: {
        permissions: PERMISSION_KEYS.map((k) => perm(k, 1, 1, 1, 1)),
        user: { id: ids.superadmin, fullname: "Super Admin", user_type: "superadmin" },
        center: null,
      },
    });
  });

  it("lets a superadmin pick any existing center, and refuses an unknown one", async () => {
    const res = await get("/api/a/verify/___ca", tokens.superadmin, "SBY01");
    expect(res.json().data.center).toEqual({ center_code: "SBY01", center_web_name: "Surabaya Darmo", role_name: "Superadmin", time_zone: "Asia/Jakarta" });
    expect((await get("/api/a/verify/___ca", tokens.superadmin, "NOPE1")).statusCode).toBe(403);
  });

  it("gives the editor content and career editing at JKT01", async () => {
    const res = await get("/api/a/verify/___ca", tokens.editor, "JKT01");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      permissions: [
        none("approval_management"),
        none("center_management"),
        perm("content_management", 1, 1, 1, 0),
        perm("career_management", 1, 1, 1, 0),
        none("user_management"),
      ],
      user: { id: ids.editor, fullname: "Demo Content Editor", user_type: "center_staff" },
      center: { center_code: "JKT01", center_web_name: "Jakarta Kemang", role_name: "Content Editor", time_zone: "Asia/Jakarta" },
    });
  });

  it("gives the editor read-only content at SBY01", async () => {
    const res = await get("/api/a/verify/___ca", tokens.editor, "SBY01");
    expect(res.json().data.permissions).toEqual([
      none("approval_management"),
      none("center_management"),
      perm("content_management", 1, 0, 0, 0),
      none("career_management"),
      none("user_management"),
    ]);
    expect(res.json().data.center.role_name).toBe("Viewer");
  });

  it("refuses a center the user is not assigned to, or that does not exist", async () => {
    for (const code of ["BDG01", "NOPE1"]) {
      const res = await get("/api/a/verify/___ca", tokens.editor, code);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: "You are not assigned to this center" });
    }
  });

  it("gives center staff no permissions until a center is picked", async () => {
    const res = await get("/api/a/verify/___ca", tokens.manager);
    expect(res.json().data).toMatchObject({ permissions: [], center: null });
  });
});

describe("GET /api/a/verify/___pc", () => {
  const check = (key: string, mode: string, token: string, center?: string) =>
    get(`/api/a/verify/___pc?key=${encodeURIComponent(key)}&mode=${encodeURIComponent(mode)}`, token, center);

  it("allows what the role grants", async () => {
    const res = await check("content_management", "update", tokens.editor, "JKT01");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: "Allowed" });
    expect((await check("user_management", "delete", tokens.superadmin)).statusCode).toBe(200);
    expect((await check("approval_management", "read", tokens.manager, "BDG01")).statusCode).toBe(200);
  });

  it("denies what the role does not grant", async () => {
    for (const [key, mode, center] of [
      ["content_management", "delete", "JKT01"],
      ["content_management", "update", "SBY01"],
      ["user_management", "read", "JKT01"],
      ["content_management", "read", undefined],
    ] as const) {
      const res = await check(key, mode, tokens.editor, center);
      expect(res.statusCode, `${key}/${mode}@${center}`).toBe(403);
      expect(res.json()).toEqual(NO_PERMISSION);
    }
    expect((await check("user_management", "read", tokens.manager, "JKT01")).statusCode).toBe(403);
  });

  it("denies an unknown key or mode with 403, even for a superadmin", async () => {
    expect((await check("payroll_management", "read", tokens.superadmin)).json()).toEqual(NO_PERMISSION);
    expect((await check("content_management", "publish", tokens.superadmin)).json()).toEqual(NO_PERMISSION);
    expect((await check("__proto__", "read", tokens.superadmin)).statusCode).toBe(403);
  });

  it("needs a token, and both query parameters", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/a/verify/___pc?key=content_management&mode=read" })).statusCode).toBe(401);
    const res = await get("/api/a/verify/___pc?key=content_management", tokens.superadmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ mode: "mode is required" });
  });
});

describe("GET /api/e1-centers/by-admin/:adminId", () => {
  it("lists the caller's own centers with assignment and role", async () => {
    const res = await get(`/api/e1-centers/by-admin/${ids.editor}`, tokens.editor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ totalDocs: 2, page: 1, limit: 2, totalPages: 1 });
    expect(body.data.docs).toEqual([
      {
        id: centerIds.JKT01,
        center_code: "JKT01",
        center_web_name: "Jakarta Kemang",
        time_zone: "Asia/Jakarta",
        assignment: { id: assignmentIds["editor@JKT01"], role: { id: expect.any(Number), name: "Content Editor" } },
      },
      {
        id: centerIds.SBY01,
        center_code: "SBY01",
        center_web_name: "Surabaya Darmo",
        time_zone: "Asia/Jakarta",
        assignment: { id: assignmentIds["editor@SBY01"], role: { id: expect.any(Number), name: "Viewer" } },
      },
    ]);
  });

  it("refuses another user's list", async () => {
    const res = await get(`/api/e1-centers/by-admin/${ids.manager}`, tokens.editor);
    expect(res.statusCode).toBe(403);
    expect(res.json().statusCode).toBe(403);
  });

  it("gives a superadmin every center, without assignments, and anyone's list", async () => {
    const own = (await get(`/api/e1-centers/by-admin/${ids.superadmin}`, tokens.superadmin)).json();
    expect(own.data.totalDocs).toBe(3);
    expect(own.data.docs.map((d: { center_code: string }) => d.center_code)).toEqual(["BDG01", "JKT01", "SBY01"]);
    expect(own.data.docs.every((d: { assignment: unknown }) => d.assignment === null)).toBe(true);

    const managers = (await get(`/api/e1-centers/by-admin/${ids.manager}`, tokens.superadmin)).json();
    expect(managers.data.docs.map((d: { center_code: string }) => d.center_code)).toEqual(["BDG01", "JKT01"]);
    expect((await get("/api/e1-centers/by-admin/999999", tokens.superadmin)).statusCode).toBe(404);
  });

  it("refuses an id that is not a positive integer", async () => {
    for (const id of ["abc", "0", "99999999999"]) {
      const res = await get(`/api/e1-centers/by-admin/${id}`, tokens.superadmin);
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["adminId"]);
    }
  });
});

describe("GET /api/e1-centers/:centerId", () => {
  it("returns an assigned center as a one-doc list", async () => {
    const res = await get(`/api/e1-centers/${centerIds.JKT01}`, tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: {
        docs: [
          {
            id: centerIds.JKT01,
            center_code: "JKT01",
            center_web_name: "Jakarta Kemang",
            time_zone: "Asia/Jakarta",
            assigned_center: { assignment_id: assignmentIds["manager@JKT01"], role: { id: expect.any(Number), name: "Center Manager" } },
          },
        ],
        totalDocs: 1,
        page: 1,
        limit: 1,
        totalPages: 1,
      },
    });
  });

  it("refuses a center the caller is not assigned to", async () => {
    const res = await get(`/api/e1-centers/${centerIds.SBY01}`, tokens.manager);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You are not assigned to this center");
  });

  it("answers 404 for an unknown center", async () => {
    const res = await get("/api/e1-centers/999999", tokens.manager);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: "Center not found" });
  });

  it("shows a superadmin any center with assigned_center null", async () => {
    const res = await get(`/api/e1-centers/${centerIds.SBY01}`, tokens.superadmin);
    expect(res.json().data.docs[0]).toMatchObject({ center_code: "SBY01", assigned_center: null });
  });
});

describe("GET /api/permissions/assignment/:assignmentId", () => {
  it("returns the role of the caller's own assignment", async () => {
    const res = await get(`/api/permissions/assignment/${assignmentIds["editor@SBY01"]}`, tokens.editor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ totalDocs: 1, page: 1, limit: 1, totalPages: 1 });
    expect(body.data.docs).toEqual([
      {
        id: expect.any(Number),
        name: "Viewer",
        permissions: [
          none("approval_management"),
          none("center_management"),
          perm("content_management", 1, 0, 0, 0),
          none("career_management"),
          none("user_management"),
        ],
      },
    ]);
  });

  it("refuses someone else's assignment, but not to a superadmin", async () => {
    expect((await get(`/api/permissions/assignment/${assignmentIds["manager@JKT01"]}`, tokens.editor)).statusCode).toBe(403);
    const res = await get(`/api/permissions/assignment/${assignmentIds["manager@JKT01"]}`, tokens.superadmin);
    expect(res.json().data.docs[0].name).toBe("Center Manager");
  });

  it("answers 404 for an unknown assignment", async () => {
    expect((await get("/api/permissions/assignment/999999", tokens.superadmin)).statusCode).toBe(404);
  });
});

describe("POST /_firebase/register/", () => {
  const register = (token: string, body: object, url = "/_firebase/register/") => t.app.inject({ method: "POST", url, headers: bearer(token), payload: body });

  it("stores the caller's token once, however often it is sent, with or without the slash", async () => {
    const body = { fcm_token: "fcm-token-editor-1", user_id: ids.editor };
    const first = await register(tokens.editor, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ statusCode: 200, message: "Push token registered", data: { user_id: ids.editor } });
    expect((await register(tokens.editor, body, "/_firebase/register")).statusCode).toBe(200);
    const { rows } = await t.db.query("SELECT count(*)::int AS n FROM push_tokens WHERE user_id = $1", [ids.editor]);
    expect(rows[0].n).toBe(1);
  });

  it("accepts a token of the maximum length", async () => {
    const long = Buffer.from(Array.from({ length: 3072 }, (_, i) => (i * 7919) % 256)).toString("base64");
    expect(long.length).toBe(4096);
    expect((await register(tokens.editor, { fcm_token: long, user_id: ids.editor })).statusCode).toBe(200);
  });

  it("refuses another user's id", async () => {
    const res = await register(tokens.editor, { fcm_token: "x", user_id: ids.manager });
    expect(res.statusCode).toBe(403);
  });

  it("validates the body and needs a token", async () => {
    const res = await register(tokens.editor, { fcm_token: "", user_id: "me" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ fcm_token: "must not be empty", user_id: "must be an integer" });
    const anonymous = await t.app.inject({ method: "POST", url: "/_firebase/register/", payload: { fcm_token: "x", user_id: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/health", () => {
  it("answers without a token and names the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: { status: "ok", db: t.db.kind } });
  });
});
