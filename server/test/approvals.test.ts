import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDocumentIndexes } from "../definitions/indexes.js";
import { loadDefinitions } from "../definitions/load.js";
import { testimonials } from "./documents.fixtures.js";
import { bearer, buildTestApp, createTestDb, DEMO, type TestApp, type TestDb } from "./helpers.js";

let testDb: TestDb;
let t: TestApp;
const tokens = { superadmin: "", manager: "", editor: "" };

beforeAll(async () => {
  testDb = await createTestDb();
  // The test-only type, with its own queue, proves a definition alone joins the workflow.
  const definitions = [...(await loadDefinitions()), testimonials];
  await ensureDocumentIndexes(testDb.db, definitions);
  t = await buildTestApp({ db: testDb.db, resources: definitions });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});

type Who = keyof typeof tokens;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Who, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who], center), ...(payload && { payload }) });
const live = async (id: number) =>
  (
    await t.db.query<{ title: string | null; live_version: number | null }>("SELECT live_data->>'title' AS title, live_version FROM documents WHERE id = $1", [
      id,
    ])
  ).rows[0]!;

let n = 0;
const post = (extra: object = {}) => {
  n += 1;
  return { title: `Approval post ${n}`, slug: `approval-post-${n}`, type: "news", content: "<p>Body</p>", ...extra };
};
async function submit(who: Who = "editor", center = "JKT01", extra: object = {}) {
  const res = await call("POST", "/api/posts", who, center, post(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number; review: { id: number }; title: string; slug: string };
}
const approve = (id: number, who: Who = "manager", center = "JKT01", body: object = {}) => call("POST", `/api/approvals/${id}/approve`, who, center, body);
const reject = (id: number, reason: unknown, who: Who = "manager", center = "JKT01", extra: object = {}) =>
  call("POST", `/api/approvals/${id}/reject`, who, center, { reason, ...extra });

describe("submitting", () => {
  it("a new record of an approval type opens a create request and is not live", async () => {
    const res = await call("POST", "/api/posts", "editor", "JKT01", post());
    expect(res.json()).toMatchObject({ statusCode: 200, message: "Post submitted for approval" });
    const doc = res.json().data;
    expect(doc).toMatchObject({
      status: "pending",
      live_version: null,
      review: { change: "create", status: "pending", submitted_by_name: "Demo Content Editor" },
    });
    expect(await live(doc.id)).toEqual({ title: null, live_version: null });
  });

  it("names a request's kind in the caller's language", async () => {
    const doc = await submit();
    const list = (language?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/approvals?queue=content&limit=100",
        headers: { ...bearer(tokens.manager, "JKT01"), ...(language && { "accept-language": language }) },
      });
    const labelOf = async (language?: string) =>
      (await list(language)).json().data.docs.find((r: { record_id: number }) => r.record_id === doc.id)?.resource_label;
    expect(await labelOf()).toBe("Post");
    expect(await labelOf("id-ID,id;q=0.9")).toBe("Postingan");
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/approvals/${doc.review.id}`,
      headers: { ...bearer(tokens.manager, "JKT01"), "accept-language": "id" },
    });
    expect(detail.json().data.resource_label).toBe("Postingan");
  });

  it("keeps status server-owned: a body's status, live version or review is ignored", async () => {
    const doc = await submit();
    const res = await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", {
      ...post(),
      status: "published",
      live_version: 9,
      review: null,
      version: doc.version,
    });
    expect(res.json().data).toMatchObject({ status: "pending", live_version: null, review: { id: doc.review.id, status: "pending" } });
  });

  it("an edit while the request is open replaces its proposal", async () => {
    const doc = await submit();
    await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", { ...post(), title: "Second proposal", version: doc.version });
    const request = (await call("GET", `/api/approvals/${doc.review.id}`, "manager", "JKT01")).json().data;
    expect(request).toMatchObject({ status: "pending", change: "create", title: "Second proposal", proposed: { title: "Second proposal" } });
    const open = await t.db.query("SELECT count(*)::int AS n FROM change_requests WHERE document_id = $1", [doc.id]);
    expect(open.rows[0].n).toBe(1);
  });
});

describe("deciding", () => {
  it("approve makes the proposal live; an edit of a live record leaves the live version until approved", async () => {
    const doc = await submit();
    const approved = await approve(doc.review.id, "manager", "JKT01", { comment: "Looks good" });
    expect(approved.json()).toMatchObject({
      statusCode: 200,
      message: "Approved",
      data: { status: "approved", decided_by_name: "Demo Center Manager", comment: "Looks good" },
    });
    const record = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    expect(record).toMatchObject({ status: "published", live_version: 2, review: { status: "approved" } });
    expect((await live(doc.id)).title).toBe(doc.title);

    const edited = (
      await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", { ...post(), slug: doc.slug, title: "Edited title", version: record.version })
    ).json().data;
    expect(edited).toMatchObject({ status: "pending", live_version: 2, review: { change: "update", status: "pending" } });
    expect((await live(doc.id)).title).toBe(doc.title);
    const detail = (await call("GET", `/api/approvals/${edited.review.id}`, "manager", "JKT01")).json().data;
    expect(detail.live).toMatchObject({ title: doc.title });
    expect(detail.changes).toEqual([{ field: "title", before: doc.title, after: "Edited title" }]);
    expect(detail.history).toMatchObject([{ id: doc.review.id, status: "approved", comment: "Looks good" }]);
    expect((await approve(edited.review.id)).statusCode).toBe(200);
    expect(await live(doc.id)).toEqual({ title: "Edited title", live_version: 4 });
  });

  it("reject needs a reason, keeps the live version, and the author sees why and resubmits", async () => {
    const doc = await submit();
    for (const reason of [undefined, "", "   "]) {
      const res = await reject(doc.review.id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty("reason");
    }
    const rejected = await reject(doc.review.id, "Add the price, please");
    expect(rejected.json().data).toMatchObject({ status: "rejected", reason: "Add the price, please" });
    const record = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    expect(record).toMatchObject({
      status: "rejected",
      live_version: null,
      review: { status: "rejected", reason: "Add the price, please", decided_by_name: "Demo Center Manager" },
    });

    const resubmitted = (
      await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", { ...post(), slug: doc.slug, excerpt: "Rp 500.000", version: record.version })
    ).json().data;
    expect(resubmitted).toMatchObject({ status: "pending", review: { status: "pending", change: "create" } });
    expect(resubmitted.review.id).not.toBe(doc.review.id);
  });

  it("nobody decides their own change, except a superadmin", async () => {
    const own = await submit("manager");
    const res = await approve(own.review.id, "manager");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You cannot decide on your own change");
    const mine = await submit("superadmin");
    expect((await approve(mine.review.id, "superadmin", "JKT01")).statusCode).toBe(200);
  });

  it("needs approval_management: read to see, update to decide", async () => {
    const doc = await submit("manager");
    expect((await call("GET", "/api/approvals?queue=content", "editor", "JKT01")).statusCode).toBe(403);
    expect((await call("GET", `/api/approvals/${doc.review.id}`, "editor", "JKT01")).statusCode).toBe(403);
    expect((await approve(doc.review.id, "editor")).statusCode).toBe(403);
    expect((await call("GET", "/api/approvals/counts", "editor", "JKT01")).statusCode).toBe(403);
    const state = await t.db.query("SELECT status FROM change_requests WHERE id = $1", [doc.review.id]);
    expect(state.rows[0].status).toBe("pending");
  });

  it("answers 409 with the current request when it is decided or changed since it was loaded", async () => {
    const doc = await submit();
    const loaded = (await call("GET", `/api/approvals/${doc.review.id}`, "manager", "JKT01")).json().data;
    await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", { ...post(), slug: doc.slug, title: "Changed meanwhile", version: loaded.version });
    const stale = await approve(doc.review.id, "manager", "JKT01", { version: loaded.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: "This request was changed since you opened it",
      data: { current: { status: "pending", title: "Changed meanwhile" } },
    });
    expect((await live(doc.id)).live_version).toBeNull();

    expect((await reject(doc.review.id, "Not now")).statusCode).toBe(200);
    const again = await approve(doc.review.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "This request has already been decided", data: { current: { status: "rejected" } } });
  });

  it("decides ten concurrent approvals of one request once", async () => {
    const doc = await submit();
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(doc.review.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const versions = await t.db.query("SELECT action FROM document_versions WHERE document_id = $1 ORDER BY version", [doc.id]);
    expect(versions.rows.map((r) => r.action)).toEqual(["create", "approve"]);
  });

  it("writes the decision's version and audit rows with the record's new state", async () => {
    const doc = await submit();
    await reject(doc.review.id, "Too short");
    const version = await t.db.query(
      "SELECT version, action, status, actor_name, note, request_id::int AS request_id FROM document_versions WHERE document_id = $1 ORDER BY version",
      [doc.id],
    );
    expect(version.rows).toEqual([
      { version: 1, action: "create", status: "pending", actor_name: "Demo Content Editor", note: null, request_id: doc.review.id },
      { version: 2, action: "reject", status: "rejected", actor_name: "Demo Center Manager", note: "Too short", request_id: doc.review.id },
    ]);
    const audit = await t.db.query("SELECT action FROM audit_log WHERE entity = 'posts' AND entity_id = $1 ORDER BY id", [String(doc.id)]);
    expect(audit.rows.map((r) => r.action)).toEqual(["create", "reject"]);
  });
});

describe("deleting", () => {
  it("a live record asks for approval and stays live until then", async () => {
    const doc = await submit();
    await approve(doc.review.id);
    const current = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    expect((await call("DELETE", `/api/posts/${doc.id}`, "manager", "JKT01")).json()).toMatchObject({
      message: "Deletion of post submitted for approval",
      data: { status: "pending", review: { change: "delete" } },
    });
    expect((await live(doc.id)).title).toBe(current.title);
    const request = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0].review.id;
    const detail = (await call("GET", `/api/approvals/${request}`, "superadmin", "JKT01")).json().data;
    expect(detail).toMatchObject({ change: "delete", proposed: { title: current.title } });
    expect(detail.changes.find((c: { field: string }) => c.field === "title")).toEqual({ field: "title", before: current.title, after: null });
    expect((await approve(request, "superadmin")).statusCode).toBe(200);
    expect((await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).statusCode).toBe(404);
    expect((await t.db.query("SELECT live_data FROM documents WHERE id = $1", [doc.id])).rows[0].live_data).toBeNull();
  });

  it("a rejected deletion leaves the record live and published", async () => {
    const doc = await submit();
    await approve(doc.review.id);
    const deletion = (await call("DELETE", `/api/posts/${doc.id}`, "editor", "JKT01")).statusCode;
    // The Content Editor role may not delete.
    expect(deletion).toBe(403);
    const requested = (await call("DELETE", `/api/posts/${doc.id}`, "superadmin", "JKT01")).json().data;
    await reject(requested.review.id, "We still link to it");
    expect((await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0]).toMatchObject({ status: "published", live_version: 2 });
  });

  it("a never-approved record is withdrawn at once", async () => {
    const doc = await submit();
    const res = await call("DELETE", `/api/posts/${doc.id}`, "manager", "JKT01");
    expect(res.json()).toMatchObject({ message: "Post deleted", data: { status: "deleted" } });
    const request = await t.db.query("SELECT status FROM change_requests WHERE id = $1", [doc.review.id]);
    expect(request.rows[0].status).toBe("withdrawn");
    expect((await approve(doc.review.id)).statusCode).toBe(409);
  });
});

describe("queues", () => {
  it("are center-scoped: a JKT01 reviewer never sees or decides BDG01's requests", async () => {
    const bdg = await submit("superadmin", "BDG01");
    const jktList = (await call("GET", "/api/approvals?queue=content&limit=100", "manager", "JKT01")).json().data;
    expect(jktList.docs.every((d: { center_code: string }) => d.center_code === "JKT01")).toBe(true);
    expect((await call("GET", `/api/approvals/${bdg.review.id}`, "manager", "JKT01")).statusCode).toBe(404);
    expect((await approve(bdg.review.id, "manager", "JKT01")).statusCode).toBe(404);
    // The editor is not assigned to BDG01 at all.
    expect((await call("GET", "/api/approvals", "editor", "BDG01")).statusCode).toBe(403);
    const all = (await call("GET", "/api/approvals?queue=content&center_code=BDG01&limit=100", "superadmin")).json().data;
    expect(all.docs.some((d: { id: number }) => d.id === bdg.review.id)).toBe(true);
    expect(all.docs.every((d: { center_code: string }) => d.center_code === "BDG01")).toBe(true);
  });

  it("list a queue's requests with title, change, author and center, searchable", async () => {
    const doc = await submit("editor", "JKT01", { title: "Zebra crossing safety talk" });
    const res = await call("GET", "/api/approvals?queue=content&q=zebra", "manager", "JKT01");
    expect(res.json().data.docs).toEqual([
      expect.objectContaining({
        id: doc.review.id,
        queue: "content",
        resource: "posts",
        record_id: doc.id,
        title: "Zebra crossing safety talk",
        change: "create",
        status: "pending",
        submitted_by_name: "Demo Content Editor",
        center_code: "JKT01",
        center_web_name: "Jakarta Kemang",
      }),
    ]);
    const decided = (await call("GET", "/api/approvals?queue=content&status=rejected", "manager", "JKT01")).json().data.docs;
    expect(decided.every((d: { status: string }) => d.status === "rejected")).toBe(true);
  });

  it("count open requests per queue that the caller may decide", async () => {
    const before = (await call("GET", "/api/approvals/counts", "manager", "JKT01")).json().data;
    expect(Object.keys(before).sort()).toEqual(["career", "content", "image", "link", "testimonial"]);
    // The demo seed has open requests in every queue.
    for (const queue of ["content", "career", "link", "image"]) expect(before[queue], queue).toBeGreaterThan(0);
    await submit("editor");
    await submit("manager");
    const after = (await call("GET", "/api/approvals/counts", "manager", "JKT01")).json().data;
    expect(after.content).toBe(before.content + 1);
    const quote = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "Great teachers", author: "Sari", rating: 5 });
    expect(quote.json().data).toMatchObject({ status: "pending", review: { change: "create" } });
    expect((await call("GET", "/api/approvals/counts", "manager", "JKT01")).json().data.testimonial).toBe(1);
    const counts = (await call("GET", "/api/approvals/counts", "superadmin")).json().data;
    expect(counts.content).toBeGreaterThan(after.content);
  });

  it("lists a reviewer's own open requests apart from those they may decide, which match the count", async () => {
    const own = await submit("manager");
    const list = (mine: string) => call("GET", `/api/approvals?queue=content&limit=100&submitted_by=${mine}`, "manager", "JKT01");
    const others = (await list("others")).json().data;
    const mine = (await list("me")).json().data;
    const all = (await call("GET", "/api/approvals?queue=content&limit=100", "manager", "JKT01")).json().data;
    const count = (await call("GET", "/api/approvals/counts", "manager", "JKT01")).json().data.content;
    // The sidebar's count is what the reviewer may decide: the queue's main list, not the whole queue.
    expect(others.totalDocs).toBe(count);
    expect(mine.docs.map((d: { id: number }) => d.id)).toContain(own.review.id);
    expect(others.docs.map((d: { id: number }) => d.id)).not.toContain(own.review.id);
    expect(others.totalDocs + mine.totalDocs).toBe(all.totalDocs);
    expect((await call("GET", "/api/approvals?submitted_by=someone", "manager", "JKT01")).statusCode).toBe(400);
  });

  it("the approval page points at the next open request of the same queue", async () => {
    const first = await submit();
    const detail = (await call("GET", `/api/approvals/${first.review.id}`, "manager", "JKT01")).json().data;
    expect(detail.can_decide).toBe(true);
    expect(detail.next_id).not.toBe(first.review.id);
    const next = (await call("GET", `/api/approvals/${detail.next_id}`, "manager", "JKT01")).json().data;
    expect(next).toMatchObject({ queue: "content", status: "pending" });
  });

  it("bulk decides each request on its own and says why the others failed", async () => {
    const a = await submit();
    const b = await submit();
    const own = await submit("manager");
    const bdg = await submit("superadmin", "BDG01");
    await reject(b.review.id, "Duplicate");
    const noReason = await call("POST", "/api/approvals/bulk", "manager", "JKT01", { action: "reject", ids: [a.review.id] });
    expect(noReason.statusCode).toBe(400);
    const res = await call("POST", "/api/approvals/bulk", "manager", "JKT01", {
      action: "approve",
      ids: [a.review.id, b.review.id, own.review.id, bdg.review.id],
    });
    expect(res.json()).toMatchObject({
      message: "1 approved, 3 failed",
      data: {
        succeeded: [a.review.id],
        failed: [
          { id: b.review.id, statusCode: 409 },
          { id: own.review.id, statusCode: 403 },
          { id: bdg.review.id, statusCode: 404 },
        ],
      },
    });
  });

  it("show images as a grid: each request carries its proposal and thumbnail", async () => {
    const res = (await call("GET", "/api/approvals?queue=image", "manager", "JKT01")).json().data;
    expect(res.docs.length).toBeGreaterThan(0);
    for (const doc of res.docs) {
      expect(doc.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      expect(doc.proposed).toMatchObject({ title: expect.any(String), alt_text: expect.any(String) });
    }
    const posts = (await call("GET", "/api/approvals?queue=content", "manager", "JKT01")).json().data;
    expect(posts.docs[0].proposed).toBeNull();
  });
});

describe("history", () => {
  it("lists a record's versions with their decisions, shows one with its changes, and restores it as a new request", async () => {
    const doc = await submit("editor", "JKT01", { title: "First title" });
    await approve(doc.review.id, "manager", "JKT01", { comment: "Fine" });
    const v2 = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    const edit = (
      await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", {
        ...post(),
        slug: doc.slug,
        title: "Second title",
        version: v2.version,
        change_note: "Shorter",
      })
    ).json().data;
    await reject(edit.review.id, "Keep the first");

    const versions = (await call("GET", `/api/posts/${doc.id}/versions`, "editor", "JKT01")).json().data;
    expect(versions.totalDocs).toBe(4);
    expect(versions.docs).toMatchObject([
      { version: 4, action: "reject", actor_name: "Demo Center Manager", note: "Keep the first", live: false, decision: null },
      {
        version: 3,
        action: "update",
        actor_name: "Demo Content Editor",
        note: "Shorter",
        decision: { status: "rejected", by_name: "Demo Center Manager", reason: "Keep the first" },
      },
      { version: 2, action: "approve", live: true, note: "Fine" },
      { version: 1, action: "create", decision: { status: "approved", comment: "Fine" } },
    ]);

    const three = (await call("GET", `/api/posts/${doc.id}/versions/3`, "editor", "JKT01")).json().data;
    expect(three).toMatchObject({ version: 3, data: { title: "Second title" }, previous_version: 2, live_version: 2, live: { title: "First title" } });
    expect(three.changes).toEqual([{ field: "title", before: "First title", after: "Second title" }]);
    expect(three.changes_vs_live).toEqual([{ field: "title", before: "First title", after: "Second title" }]);
    expect((await call("GET", `/api/posts/${doc.id}/versions/99`, "editor", "JKT01")).statusCode).toBe(404);

    const restored = await call("POST", `/api/posts/${doc.id}/versions/3/restore`, "editor", "JKT01", { note: "Second thoughts" });
    expect(restored.json()).toMatchObject({
      message: "Version 3 restored and submitted for approval",
      data: { title: "Second title", status: "pending", live_version: 2, review: { change: "update", status: "pending" } },
    });
    expect((await live(doc.id)).title).toBe("First title");
    const last = (await call("GET", `/api/posts/${doc.id}/versions?limit=1`, "editor", "JKT01")).json().data.docs[0];
    expect(last).toMatchObject({ version: 5, action: "restore", note: "Restored from version 3: Second thoughts" });
    // History is append-only: the earlier rows are as they were.
    expect((await call("GET", `/api/posts/${doc.id}/versions`, "editor", "JKT01")).json().data.docs.slice(1)).toMatchObject(
      versions.docs.map((v: { version: number }) => ({ version: v.version })),
    );
  });

  it("refuses to restore what is already there: no empty request for a reviewer", async () => {
    const doc = await submit("editor", "JKT01", { title: "Live title" });
    await approve(doc.review.id);
    const current = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    const edit = (
      await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", { ...post(), slug: doc.slug, title: "Waiting title", version: current.version })
    ).json().data;
    const count = async () => (await call("GET", `/api/posts/${doc.id}/versions`, "editor", "JKT01")).json().data.totalDocs;
    const before = await count();

    // Version 1 is what the website shows: restoring it would ask a reviewer to approve nothing.
    const same = await call("POST", `/api/posts/${doc.id}/versions/1/restore`, "editor", "JKT01");
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("Version 1 is the same as the live version: nothing to restore");
    // The waiting change is the record's content already.
    const again = await call("POST", `/api/posts/${doc.id}/versions/3/restore`, "editor", "JKT01");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Version 3 is the same as the current content: nothing to restore");
    const indonesian = await t.app.inject({
      method: "POST",
      url: `/api/posts/${doc.id}/versions/1/restore`,
      headers: { ...bearer(tokens.editor, "JKT01"), "accept-language": "id" },
    });
    expect(indonesian.json().message).toBe("Versi 1 sama dengan versi yang tayang: tidak ada yang dipulihkan");

    expect(await count()).toBe(before);
    const open = (await call("GET", `/api/posts/${doc.id}`, "editor", "JKT01")).json().data.docs[0];
    expect(open.review).toMatchObject({ id: edit.review.id, status: "pending" });
  });

  it("is center-scoped and needs read on the type", async () => {
    const bdg = await submit("superadmin", "BDG01");
    expect((await call("GET", `/api/posts/${bdg.id}/versions`, "manager", "JKT01")).statusCode).toBe(404);
    expect((await call("POST", `/api/posts/${bdg.id}/versions/1/restore`, "manager", "JKT01")).statusCode).toBe(404);
    const jkt = await submit();
    // The Viewer role at SBY01 may read posts but not restore; JKT01's record is not there at all.
    expect((await call("GET", `/api/posts/${jkt.id}/versions`, "editor", "SBY01")).statusCode).toBe(404);
  });

  it("lists every version of a center's links, newest first", async () => {
    const res = (await call("GET", "/api/center-links/versions?limit=100", "manager", "JKT01")).json().data;
    expect(res.totalDocs).toBeGreaterThan(8);
    expect(res.docs[0]).toMatchObject({ record_id: expect.any(Number), title: expect.any(String), actor_name: expect.any(String) });
    const times = res.docs.map((d: { at: string }) => d.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call("GET", "/api/center-links/versions?center_code=BDG01", "manager", "JKT01")).statusCode).toBe(403);
    const bdg = (await call("GET", "/api/center-links/versions?center_code=BDG01&limit=100", "superadmin")).json().data;
    expect(bdg.totalDocs).toBeGreaterThan(8);
  });
});
