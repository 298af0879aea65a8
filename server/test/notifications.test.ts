// The notification centre: who is told what after a change, and /api/notifications.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Who = "superadmin" | "manager" | "editor" | "jktReviewer" | "bdgReviewer";
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Who, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]!, center), ...(payload && { payload }) });

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
  const { rows: users } = await t.db.query<{ id: number; username: string }>("SELECT id, username FROM users");
  for (const u of users) ids[u.username] = u.id;
  const { rows: roles } = await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'Center Manager'");
  // A reviewer at one center each (the demo manager reviews at both).
  for (const [who, center] of [
    ["jktReviewer", "JKT01"],
    ["bdgReviewer", "BDG01"],
  ] as const) {
    const res = await call("POST", "/api/users", "superadmin", undefined, {
      username: who,
      fullname: `Reviewer ${center}`,
      user_type: "center_admin",
      password: "Secret#12345",
      assignments: [{ center_code: center, role_id: roles[0]!.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[who] = res.json().data.id;
    tokens[who] = await t.login(who, "Secret#12345");
  }
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function submit(who: Who = "editor", center = "JKT01") {
  n += 1;
  const res = await call("POST", "/api/posts", who, center, { title: `Notified post ${n}`, slug: `notified-post-${n}`, type: "news", content: "<p>Body</p>" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number; title: string; slug: string; review: { id: number } };
}

/** The notifications about one record, by recipient, once the listeners are done. */
async function about(recordId: number) {
  await t.app.notifications.whenIdle();
  const { rows } = await t.db.query<{ user_id: number; kind: string; title: string; body: string; link: string }>(
    "SELECT user_id, kind, title, body, link FROM notifications WHERE record_id = $1 ORDER BY id",
    [recordId],
  );
  return rows;
}
const to = (rows: { user_id: number }[], who: Who | "manager" | "editor" | "superadmin") => rows.filter((r) => r.user_id === ids[who]);

describe("after a decision", () => {
  it("tells the submitter their change was approved, with a link to the record's history", async () => {
    const doc = await submit();
    const notify = vi.spyOn(t.app.live, "notify");
    expect((await call("POST", `/api/approvals/${doc.review.id}/approve`, "manager", "JKT01", {})).statusCode).toBe(200);
    const rows = to(await about(doc.id), "editor");
    expect(rows).toEqual([{ user_id: ids.editor, kind: "approved", title: "Your post was approved", body: doc.title, link: `/app/posts/history/${doc.id}` }]);

    const list = (await call("GET", "/api/notifications?limit=1", "editor")).json().data;
    expect(list.docs[0]).toEqual({
      id: expect.any(Number),
      kind: "approved",
      title: "Your post was approved",
      body: doc.title,
      link: `/app/posts/history/${doc.id}`,
      resource: "posts",
      record_id: doc.id,
      center_code: "JKT01",
      actor: { id: ids.manager, name: "Demo Center Manager" },
      created_at: expect.any(String),
      read_at: null,
    });
    // Delivered live to the submitter's consoles, with their unread count.
    expect(notify).toHaveBeenCalledWith(ids.editor, list.docs[0], list.unread);
    notify.mockRestore();
  });

  it("tells the submitter their change was rejected and why", async () => {
    const doc = await submit();
    await call("POST", `/api/approvals/${doc.review.id}/reject`, "manager", "JKT01", { reason: "Add the price, please" });
    expect(to(await about(doc.id), "editor")).toMatchObject([
      { kind: "rejected", title: "Your post was rejected", body: `${doc.title} — Add the price, please`, link: `/app/posts/history/${doc.id}` },
    ]);
  });

  it("speaks the language each recipient uses the console in", async () => {
    await call("PUT", "/api/auth/locale", "editor", undefined, { locale: "id" });
    try {
      const doc = await submit();
      await call("POST", `/api/approvals/${doc.review.id}/reject`, "manager", "JKT01", { reason: "Tambahkan harga" });
      const rows = await about(doc.id);
      // The reviewers (English) heard of the request in English; the author (Indonesian) of the decision in Indonesian.
      expect(to(rows, "jktReviewer")).toMatchObject([
        { kind: "request", title: `New change to review: ${doc.title}`, body: "Demo Content Editor submitted a post at JKT01" },
      ]);
      expect(to(rows, "editor")).toMatchObject([{ kind: "rejected", title: "Postingan Anda ditolak", body: `${doc.title} — Tambahkan harga` }]);
    } finally {
      await call("PUT", "/api/auth/locale", "editor", undefined, { locale: "en" });
    }
  });

  it("tells nobody about a decision on one's own change (a superadmin's)", async () => {
    const doc = await submit("superadmin");
    await call("POST", `/api/approvals/${doc.review.id}/approve`, "superadmin", "JKT01", {});
    expect(to(await about(doc.id), "superadmin")).toEqual([]);
  });
});

describe("after a save", () => {
  it("tells the reviewers of the record's center about a new request, not other centers' nor the author", async () => {
    const doc = await submit("editor", "JKT01");
    const rows = await about(doc.id);
    const request = {
      kind: "request",
      title: `New change to review: ${doc.title}`,
      body: "Demo Content Editor submitted a post at JKT01",
      link: `/app/administration/approval-page/${doc.review.id}`,
    };
    expect(to(rows, "jktReviewer")).toMatchObject([request]);
    expect(to(rows, "manager")).toMatchObject([request]);
    expect(to(rows, "superadmin")).toMatchObject([request]);
    expect(to(rows, "bdgReviewer")).toEqual([]);
    expect(to(rows, "editor")).toEqual([]);
    expect(rows).toHaveLength(3);
  });

  it("tells BDG01's reviewers about BDG01's requests", async () => {
    const doc = await submit("manager", "BDG01");
    const rows = await about(doc.id);
    expect(to(rows, "bdgReviewer")).toMatchObject([{ kind: "request", body: "Demo Center Manager submitted a post at BDG01" }]);
    expect(to(rows, "jktReviewer")).toEqual([]);
    expect(to(rows, "manager")).toEqual([]);
  });

  it("tells the author when someone else changes their record", async () => {
    const doc = await submit("editor");
    const current = (await call("GET", `/api/posts/${doc.id}`, "manager", "JKT01")).json().data.docs[0];
    const before = (await about(doc.id)).length;
    const res = await call("PUT", `/api/posts/${doc.id}`, "manager", "JKT01", {
      title: "Changed by the manager",
      slug: doc.slug,
      type: "news",
      content: "<p>Body</p>",
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await about(doc.id)).slice(before);
    expect(to(rows, "editor")).toEqual([
      {
        user_id: ids.editor,
        kind: "changed",
        title: "Demo Center Manager changed your post",
        body: "Changed by the manager",
        link: `/app/posts/history/${doc.id}`,
      },
    ]);
    // The new proposal goes to the reviewers, except the one who made it.
    expect(to(rows, "jktReviewer")).toMatchObject([{ kind: "request", body: "Demo Center Manager submitted a post at JKT01" }]);
    expect(to(rows, "manager")).toEqual([]);
  });

  it("tells an author who also reviews once, about the request", async () => {
    const doc = await submit("manager");
    const current = (await call("GET", `/api/posts/${doc.id}`, "jktReviewer", "JKT01")).json().data.docs[0];
    const before = (await about(doc.id)).length;
    await call("PUT", `/api/posts/${doc.id}`, "jktReviewer", "JKT01", {
      title: "Reviewed title",
      slug: doc.slug,
      type: "news",
      content: "<p>Body</p>",
      version: current.version,
    });
    const rows = (await about(doc.id)).slice(before);
    expect(to(rows, "manager")).toMatchObject([{ kind: "request", title: "New change to review: Reviewed title" }]);
  });

  it("tells the author nothing about their own edit, and names a deletion by someone else", async () => {
    const doc = await submit("editor");
    const before = (await about(doc.id)).length;
    await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", {
      title: "Own edit",
      slug: doc.slug,
      type: "news",
      content: "<p>Body</p>",
      version: doc.version,
    });
    expect(to((await about(doc.id)).slice(before), "editor")).toEqual([]);

    // Never approved, so deleted at once: the link goes to the list.
    expect((await call("DELETE", `/api/posts/${doc.id}`, "manager", "JKT01")).statusCode).toBe(200);
    expect(to(await about(doc.id), "editor")).toEqual([
      { user_id: ids.editor, kind: "changed", title: "Demo Center Manager deleted your post", body: "Own edit", link: "/app/posts" },
    ]);
  });
});

describe("app.notifications.send", () => {
  it("stores, delivers and lists a notification of another source", async () => {
    const notify = vi.spyOn(t.app.live, "notify");
    await t.app.notifications.send([
      {
        userId: ids.bdgReviewer!,
        kind: "changed",
        title: "From elsewhere",
        body: "Body",
        link: "/app/welcome",
        resource: null,
        recordId: null,
        centerCode: "BDG01",
        actor: null,
      },
    ]);
    const list = (await call("GET", "/api/notifications?limit=1", "bdgReviewer")).json().data;
    expect(list.docs[0]).toMatchObject({
      title: "From elsewhere",
      body: "Body",
      link: "/app/welcome",
      resource: null,
      record_id: null,
      actor: null,
      read_at: null,
    });
    expect(notify).toHaveBeenCalledWith(ids.bdgReviewer, list.docs[0], list.unread);
    notify.mockRestore();
  });
});

describe("/api/notifications", () => {
  it("lists only the caller's own, newest first, and marks one or all read", async () => {
    const a = await submit("editor");
    const b = await submit("editor");
    await call("POST", `/api/approvals/${a.review.id}/approve`, "manager", "JKT01", {});
    await call("POST", `/api/approvals/${b.review.id}/reject`, "manager", "JKT01", { reason: "No" });
    await t.app.notifications.whenIdle();

    const list = (await call("GET", "/api/notifications?limit=2", "editor")).json();
    expect(list.statusCode).toBe(200);
    expect(list.data).toMatchObject({ page: 1, limit: 2 });
    expect(list.data.docs.map((d: { record_id: number; kind: string }) => [d.record_id, d.kind])).toEqual([
      [b.id, "rejected"],
      [a.id, "approved"],
    ]);
    const { rows } = await t.db.query<{ n: number; unread: number }>(
      "SELECT count(*)::int AS n, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = $1",
      [ids.editor],
    );
    expect(list.data).toMatchObject({ totalDocs: rows[0]!.n, unread: rows[0]!.unread, totalPages: Math.ceil(rows[0]!.n / 2) });

    const read = vi.spyOn(t.app.live, "notificationsRead");
    const first = list.data.docs[0].id;
    const res = await call("POST", `/api/notifications/${first}/read`, "editor");
    expect(res.json()).toEqual({ statusCode: 200, data: { unread: list.data.unread - 1 } });
    expect(read).toHaveBeenLastCalledWith(ids.editor, list.data.unread - 1);
    // Again: still read, same count.
    expect((await call("POST", `/api/notifications/${first}/read`, "editor")).json()).toEqual({ statusCode: 200, data: { unread: list.data.unread - 1 } });

    const unreadOnly = (await call("GET", "/api/notifications?unread=1&limit=100", "editor")).json().data;
    expect(unreadOnly.docs.every((d: { read_at: string | null }) => d.read_at === null)).toBe(true);
    expect(unreadOnly.docs.some((d: { id: number }) => d.id === first)).toBe(false);
    expect(unreadOnly.totalDocs).toBe(list.data.unread - 1);

    // Another user's notification is not found, and stays unread.
    const other = (await call("GET", "/api/notifications?unread=1", "manager")).json().data;
    const theirs = other.docs[0].id;
    expect((await call("POST", `/api/notifications/${theirs}/read`, "editor")).statusCode).toBe(404);
    expect((await call("GET", "/api/notifications?unread=1", "manager")).json().data.unread).toBe(other.unread);
    expect((await call("GET", "/api/notifications?limit=100", "editor")).json().data.docs.some((d: { id: number }) => d.id === theirs)).toBe(false);

    const all = await call("POST", "/api/notifications/read-all", "editor");
    expect(all.json()).toEqual({ statusCode: 200, data: { unread: 0 } });
    expect(read).toHaveBeenLastCalledWith(ids.editor, 0);
    expect((await call("GET", "/api/notifications?unread=1", "editor")).json().data).toMatchObject({ docs: [], totalDocs: 0, unread: 0 });
    read.mockRestore();
  });

  it("answers an empty page with the counts", async () => {
    const res = (await call("GET", "/api/notifications?page=1000", "editor")).json().data;
    expect(res.docs).toEqual([]);
    expect(res.totalDocs).toBeGreaterThan(0);
  });

  it("forgets read notifications after 90 days", async () => {
    const doc = await submit("editor");
    await call("POST", `/api/approvals/${doc.review.id}/approve`, "manager", "JKT01", {});
    await t.app.notifications.whenIdle();
    await t.db.query("UPDATE notifications SET read_at = now() - interval '91 days' WHERE user_id = $1 AND record_id = $2", [ids.editor, doc.id]);
    await call("POST", "/api/notifications/read-all", "editor");
    const { rows } = await t.db.query("SELECT 1 FROM notifications WHERE user_id = $1 AND record_id = $2", [ids.editor, doc.id]);
    expect(rows).toEqual([]);
  });

  it("needs a sign-in and a valid id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/read-all" })).statusCode).toBe(401);
    expect((await call("POST", "/api/notifications/0/read", "editor")).statusCode).toBe(400);
    expect((await call("POST", "/api/notifications/999999/read", "editor")).statusCode).toBe(404);
    expect((await call("GET", "/api/notifications?unread=2", "editor")).statusCode).toBe(400);
  });
});
