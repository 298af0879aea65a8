// The activity log: every write, who made it from where, what changed; superadmins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens = { superadmin: "", manager: "", editor: "" };

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST" | "PUT", url: string, token: string, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token, center), "user-agent": "ActivityTest/1.0" }, ...(payload && { payload }) });
const activity = async (query = "") => (await call("GET", `/api/activity${query}`, tokens.superadmin)).json().data;

describe("GET /api/activity", () => {
  it("is for superadmins only", async () => {
    expect((await call("GET", "/api/activity", tokens.manager, "JKT01")).statusCode).toBe(403);
    expect((await call("GET", "/api/activity", tokens.superadmin)).statusCode).toBe(200);
  });

  it("shows a write with its author, record, center, what changed and the session's address", async () => {
    const editorToken = (
      await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "user-agent": "ActivityTest/1.0" }, payload: DEMO.editor })
    ).json().data.token;
    const created = await call("POST", "/api/careers", editorToken, "JKT01", {
      title: "Activity teacher",
      employment_type: "full_time",
      description: "<p>x</p>",
    });
    expect(created.statusCode, created.body).toBe(200);
    const doc = created.json().data;
    const edited = await call("PUT", `/api/careers/${doc.id}`, editorToken, "JKT01", {
      title: "Activity head teacher",
      employment_type: "full_time",
      description: "<p>x</p>",
      version: doc.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const { docs } = await activity(`?resource=careers&limit=5`);
    const update = docs.find((e: { action: string; record_id: string }) => e.action === "update" && e.record_id === String(doc.id));
    expect(update).toMatchObject({
      resource: "careers",
      resource_label: "Career",
      record_title: "Activity head teacher",
      center_code: "JKT01",
      actor: { name: "Demo Content Editor" },
      ip: "127.0.0.1",
      user_agent: "ActivityTest/1.0",
      changes: [{ field: "title", label: "Job title", before: "Activity teacher", after: "Activity head teacher" }],
    });
  });

  it("names kinds, fields and choices in the caller's language", async () => {
    const created = await call("POST", "/api/careers", tokens.editor, "JKT01", { title: "Guru bahasa", employment_type: "full_time", description: "<p>x</p>" });
    const doc = created.json().data;
    await call("PUT", `/api/careers/${doc.id}`, tokens.editor, "JKT01", {
      title: "Guru bahasa",
      employment_type: "part_time",
      description: "<p>x</p>",
      version: doc.version,
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/activity?resource=careers&limit=5",
      headers: { ...bearer(tokens.superadmin), "accept-language": "id" },
    });
    const update = res.json().data.docs.find((e: { action: string; record_id: string }) => e.action === "update" && e.record_id === String(doc.id));
    expect(update).toMatchObject({
      resource_label: "Lowongan",
      changes: [{ field: "employment_type", label: "Jenis pekerjaan", before: "Penuh waktu", after: "Paruh waktu" }],
    });
  });

  it("shows user changes as their fields, and filters by user, center, resource and date", async () => {
    const users = (await call("GET", "/api/users?limit=100", tokens.superadmin)).json().data.docs as { id: number; username: string }[];
    const editor = users.find((u) => u.username === "editor")!;
    const current = (await call("GET", `/api/users/${editor.id}`, tokens.superadmin)).json().data.docs[0];
    const saved = await call("PUT", `/api/users/${editor.id}`, tokens.superadmin, undefined, {
      username: current.username,
      fullname: "Demo Content Editor II",
      user_type: current.user_type,
      active: true,
      version: current.version,
      assignments: current.assignments.map((a: { center_code: string; role_id: number }) => ({ center_code: a.center_code, role_id: a.role_id })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sa = users.find((u) => u.username === "superadmin")!;
    const mine = await activity(`?user_id=${sa.id}&resource=users`);
    expect(mine.docs[0]).toMatchObject({
      action: "update",
      record_title: "Demo Content Editor II",
      changes: [{ field: "fullname", before: "Demo Content Editor", after: "Demo Content Editor II" }],
    });
    expect(mine.docs.every((e: { actor: { id: number } }) => e.actor.id === sa.id)).toBe(true);

    const bdg = await activity("?center_code=BDG01");
    expect(bdg.totalDocs).toBeGreaterThan(0);
    expect(bdg.docs.every((e: { center_code: string }) => e.center_code === "BDG01")).toBe(true);
    const future = await activity(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future).toMatchObject({ docs: [], totalDocs: 0 });
    const all = await activity("?limit=100");
    expect(all.totalDocs).toBeGreaterThan(all.docs.length - 1);
    const times = all.docs.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
