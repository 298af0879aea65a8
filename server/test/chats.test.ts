// Customer chats: the staff inbox API, the widget's visitor API, their scoping and their sockets.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, createTestDb, DEMO, type TestApp, type TestDb } from "./helpers.js";
import { heard, settle, socketClient, until } from "./sockets.js";

let testDb: TestDb;
let t: TestApp;
let base = "";
const tokens = { superadmin: "", manager: "", editor: "" };
const client = socketClient(() => base);

beforeAll(async () => {
  testDb = await createTestDb();
  t = await buildTestApp({ db: testDb.db, chatStartLimit: 1000 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  client.closeAll();
  await t?.close();
  await testDb?.close();
});

type Who = keyof typeof tokens;
const as = (who: Who, method: "GET" | "POST" | "PUT" | "DELETE", url: string, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who], center), ...(payload && { payload }) });
const visitor = (token: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { "x-visitor-token": token }, ...(payload && { payload }) });

let n = 0;
async function start(center = "JKT01", extra: object = {}) {
  n += 1;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/public/chat/${center}/conversations`,
    payload: { name: `Visitor ${n}`, email: `v${n}@example.com`, message: `Question ${n}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; conversation: { id: number; number: number; status: string }; messages: { id: number; text: string }[] };
}

const connect = (auth: object) => client.connect(auth);

describe("the demo inbox", () => {
  it("lists the center's open conversations with tab counts and unread", async () => {
    const res = await as("manager", "GET", "/api/chats/conversations?status=open", "JKT01");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.docs.length).toBeGreaterThanOrEqual(2);
    expect(data.docs.every((c: { center_code: string; status: string }) => c.center_code === "JKT01" && c.status === "open")).toBe(true);
    expect(data.counts.all).toBe(data.docs.length);
    expect(data.counts.unassigned).toBe(data.docs.filter((c: { assignee: unknown }) => c.assignee === null).length);
    expect(data.counts.mine).toBe(data.docs.filter((c: { assignee: { name: string } | null }) => c.assignee?.name === "Demo Center Manager").length);
    expect(data.unread_total).toBeGreaterThan(0);
    for (const status of ["pending", "snoozed", "resolved"]) {
      const other = (await as("manager", "GET", `/api/chats/conversations?status=${status}`, "JKT01")).json().data;
      expect(other.totalDocs, status).toBeGreaterThan(0);
    }
  });
});

describe("a visitor's conversation", () => {
  it("starts with a token, reaches the center's staff live, and gets staff replies but never notes", async () => {
    const staff = await connect({ token: tokens.manager, center: "JKT01" });
    const other = await connect({ token: tokens.manager, center: "BDG01" });
    const [staffHeard, otherHeard] = [heard<{ kind: string; text: string }>(staff, "chat:message"), heard(other, "chat:message")];
    const started = await start("JKT01", { message: "Do you teach adults?" });
    await until(() => staffHeard.some((m) => m.text === "Do you teach adults?"));

    const v = await connect({ visitor: started.token });
    const visitorHeard = heard<{ kind: string; text: string; author_name: string | null }>(v, "chat:message");
    const id = started.conversation.id;
    expect((await as("manager", "POST", `/api/chats/conversations/${id}/messages`, "JKT01", { text: "Internal: VIP", kind: "note" })).statusCode).toBe(200);
    const reply = await as("manager", "POST", `/api/chats/conversations/${id}/messages`, "JKT01", { text: "Yes, evenings and weekends." });
    expect(reply.statusCode, reply.body).toBe(200);
    await until(() => visitorHeard.length > 0);
    await settle();
    expect(visitorHeard).toEqual([expect.objectContaining({ kind: "staff", text: "Yes, evenings and weekends.", author_name: "Demo Center Manager" })]);

    const read = (await visitor(started.token, "GET", "/api/public/chat/conversation")).json().data;
    expect(read.messages.map((m: { text: string }) => m.text)).toEqual(["Do you teach adults?", "Yes, evenings and weekends."]);
    expect(JSON.stringify(read)).not.toContain("VIP");
    expect(otherHeard).toEqual([]);

    // Answering an unassigned conversation takes it; the thread says so before the reply, and
    // the inbox hears it in that order.
    const thread = (await as("manager", "GET", `/api/chats/conversations/${id}/messages`, "JKT01")).json().data.docs;
    expect(thread.map((m: { kind: string }) => m.kind)).toEqual(["visitor", "note", "activity", "staff"]);
    expect(thread[2].text).toBe("Demo Center Manager took this conversation");
    await until(() => staffHeard.some((m) => m.kind === "staff"));
    expect(staffHeard.slice(-2).map((m) => m.kind)).toEqual(["activity", "staff"]);
    expect((await as("manager", "GET", `/api/chats/conversations/${id}`, "JKT01")).json().data.assignee).toMatchObject({ name: "Demo Center Manager" });
  });

  it("a visitor token reaches its own conversation only, and no staff endpoint", async () => {
    const a = await start();
    const b = await start();
    const mine = (await visitor(a.token, "GET", "/api/public/chat/conversation")).json().data.conversation;
    expect(mine.id).toBe(a.conversation.id);
    expect(mine.id).not.toBe(b.conversation.id);
    expect((await visitor("forged.token.here", "GET", "/api/public/chat/conversation")).statusCode).toBe(401);
    const asStaff = await t.app.inject({ method: "GET", url: "/api/chats/conversations", headers: { authorization: `Bearer ${a.token}` } });
    expect(asStaff.statusCode).toBe(401);
    await expect(connect({ token: a.token, center: "JKT01" })).rejects.toThrow("unauthorized");
  });

  it("tells the widget the center's name and its opening hours from the live centre information", async () => {
    const res = await t.app.inject({ url: "/api/public/chat/JKT01" });
    expect(res.json().data).toMatchObject({ center_code: "JKT01", center_name: expect.any(String), opening_hours: expect.stringMatching(/^Mon–Fri /) });
  });

  it("a bad center is 404, bad input a 400 naming the field, and nothing is stored", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/public/chat/NOPE9/conversations", payload: { name: "A", message: "B" } })).statusCode).toBe(404);
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages")).rows[0]!.n;
    const cases: [object, string][] = [
      [{ name: "", message: "x" }, "name"],
      [{ name: "A", message: "   " }, "message"],
      [{ name: "A", message: "x".repeat(4001) }, "message"],
      [{ name: "A", message: "x", email: "not-an-email" }, "email"],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/public/chat/JKT01/conversations", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    const nul = await t.app.inject({ method: "POST", url: "/api/public/chat/JKT01/conversations", payload: { name: "A", message: "a\u0000b" } });
    expect(nul.statusCode).toBe(400);
    const c = await start();
    expect((await visitor(c.token, "POST", "/api/public/chat/conversation/messages", { text: "y".repeat(4001) })).statusCode).toBe(400);
    expect((await as("manager", "POST", `/api/chats/conversations/${c.conversation.id}/messages`, "JKT01", { text: "" })).statusCode).toBe(400);
    const after = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages")).rows[0]!.n;
    expect(after).toBe(before + 1);
  });

  it("stores text as typed and answers it as text", async () => {
    const c = await start("JKT01", { message: "<img src=x onerror=alert(1)> & <b>hi</b>" });
    const thread = (await as("manager", "GET", `/api/chats/conversations/${c.conversation.id}/messages`, "JKT01")).json().data.docs;
    expect(thread[0].text).toBe("<img src=x onerror=alert(1)> & <b>hi</b>");
  });

  it("limits how fast one visitor may write", async () => {
    const c = await start();
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push((await visitor(c.token, "POST", "/api/public/chat/conversation/messages", { text: `spam ${i}` })).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it("counts forged tokens against their sender's address, never against the conversation they name", async () => {
    const victim = await start();
    const [header, payload, signature] = victim.token.split(".");
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    const answers = new Set<number>();
    for (let i = 0; i < 25; i++) answers.add((await visitor(forged, "POST", "/api/public/chat/conversation/messages", { text: `forged ${i}` })).statusCode);
    // Refused, then limited per address once past the allowance.
    expect([...answers].sort()).toEqual([401, 429]);
    expect((await visitor(victim.token, "POST", "/api/public/chat/conversation/messages", { text: "still here" })).statusCode).toBe(200);
    expect((await visitor(victim.token, "GET", "/api/public/chat/conversation")).statusCode).toBe(200);
  });
});

describe("scoping and assignment", () => {
  it("another center's conversation is 404 for staff, and superadmins filter by center", async () => {
    const bdg = await start("BDG01");
    expect((await as("editor", "GET", `/api/chats/conversations/${bdg.conversation.id}`, "JKT01")).statusCode).toBe(404);
    expect((await as("editor", "POST", `/api/chats/conversations/${bdg.conversation.id}/messages`, "JKT01", { text: "hi" })).statusCode).toBe(404);
    expect((await as("editor", "GET", "/api/chats/conversations")).statusCode).toBe(403);
    const all = (await as("superadmin", "GET", "/api/chats/conversations?center_code=BDG01")).json().data.docs;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((c: { center_code: string }) => c.center_code === "BDG01")).toBe(true);
  });

  it("only the assignee or a center manager reassigns; a colleague must work at the center", async () => {
    const c = await start();
    const id = c.conversation.id;
    const agents = (await as("editor", "GET", "/api/chats/agents", "JKT01")).json().data as { id: number; name: string }[];
    const manager = agents.find((a) => a.name === "Demo Center Manager")!;
    const editor = agents.find((a) => a.name === "Demo Content Editor")!;
    expect((await as("editor", "POST", `/api/chats/conversations/${id}/assign`, "JKT01", { assignee_id: manager.id })).statusCode).toBe(200);
    // Held by the manager: the editor (no center_management) may not take it away.
    const taken = await as("editor", "POST", `/api/chats/conversations/${id}/assign`, "JKT01", { assignee_id: editor.id });
    expect(taken.statusCode).toBe(403);
    expect((await as("manager", "POST", `/api/chats/conversations/${id}/assign`, "JKT01", { assignee_id: editor.id })).statusCode).toBe(200);
    const bdgOnly = await as("manager", "POST", `/api/chats/conversations/${id}/assign`, "JKT01", { assignee_id: 999_999 });
    expect(bdgOnly.statusCode).toBe(400);
    const thread = (await as("manager", "GET", `/api/chats/conversations/${id}/messages`, "JKT01")).json().data.docs;
    expect(thread.filter((m: { kind: string }) => m.kind === "activity").map((m: { text: string }) => m.text)).toEqual([
      "Demo Content Editor assigned this conversation to Demo Center Manager",
      "Demo Center Manager assigned this conversation to Demo Content Editor",
    ]);
    const mine = (await as("editor", "GET", "/api/chats/conversations?tab=mine", "JKT01")).json().data.docs;
    expect(mine.some((x: { id: number }) => x.id === id)).toBe(true);
  });

  it("status changes, snooze needs a future time, and a visitor's message reopens a resolved one", async () => {
    const c = await start();
    const id = c.conversation.id;
    const v = await connect({ visitor: c.token });
    const statuses = heard<{ status: string }>(v, "chat:status");
    expect(
      (await as("manager", "POST", `/api/chats/conversations/${id}/status`, "JKT01", { status: "snoozed", snoozed_until: "2001-01-01T00:00:00Z" })).statusCode,
    ).toBe(400);
    const snoozed = await as("manager", "POST", `/api/chats/conversations/${id}/status`, "JKT01", {
      status: "snoozed",
      snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(snoozed.json().data).toMatchObject({ status: "snoozed" });
    expect((await as("manager", "POST", `/api/chats/conversations/${id}/status`, "JKT01", { status: "resolved" })).json().data.status).toBe("resolved");
    await until(() => statuses.some((s) => s.status === "resolved"));
    await visitor(c.token, "POST", "/api/public/chat/conversation/messages", { text: "One more question" });
    expect((await as("manager", "GET", `/api/chats/conversations/${id}`, "JKT01")).json().data.status).toBe("open");
  });

  it("unread counts drop when read, per staff member", async () => {
    const c = await start();
    const id = c.conversation.id;
    const list = async (who: Who) => (await as(who, "GET", "/api/chats/conversations?status=open", "JKT01")).json().data;
    const before = await list("editor");
    expect(before.docs.find((x: { id: number }) => x.id === id).unread).toBe(1);
    const read = await as("editor", "POST", `/api/chats/conversations/${id}/read`, "JKT01");
    expect(read.json().data.unread_total).toBe(before.unread_total - 1);
    expect((await list("editor")).docs.find((x: { id: number }) => x.id === id).unread).toBe(0);
    expect((await list("manager")).docs.find((x: { id: number }) => x.id === id).unread).toBe(1);
  });

  it("search finds a conversation by contact or message text", async () => {
    const c = await start("JKT01", { name: "Zebulon Quartz", message: "Do you have a xylophone class?" });
    for (const q of ["zebulon", "xylophone", `v${n}@example`]) {
      const docs = (await as("manager", "GET", `/api/chats/conversations?q=${encodeURIComponent(q)}`, "JKT01")).json().data.docs;
      expect(
        docs.map((x: { id: number }) => x.id),
        q,
      ).toContain(c.conversation.id);
    }
  });
});

describe("notifications", () => {
  const notices = async (username: string) =>
    (
      await t.db.query<{ title: string; link: string }>(
        "SELECT n.title, n.link FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1 AND n.kind = 'chat' ORDER BY n.id",
        [username],
      )
    ).rows;

  it("a new conversation tells the center's staff, except whoever has it open; then only its assignee hears", async () => {
    const before = { manager: (await notices("manager")).length, editor: (await notices("editor")).length };
    const c = await start("JKT01", { name: "Nadia Putri" });
    await t.app.notifications.whenIdle();
    const managerNew = (await notices("manager")).slice(before.manager);
    expect(managerNew).toEqual([{ title: "New conversation from Nadia Putri", link: `/app/customer-chats?conversation=${c.conversation.id}` }]);
    expect((await notices("editor")).length).toBe(before.editor + 1);

    // The editor has it open in the inbox: their socket watches it, so they are not told again.
    const watcher = await connect({ token: tokens.editor, center: "JKT01" });
    watcher.emit("chat:watch", { conversation_id: c.conversation.id });
    await settle();
    await visitor(c.token, "POST", "/api/public/chat/conversation/messages", { text: "Are you there?" });
    await t.app.notifications.whenIdle();
    expect((await notices("editor")).length).toBe(before.editor + 1);
    expect((await notices("manager")).at(-1)!.title).toBe("Nadia Putri wrote");

    // Assigned to the editor: the manager hears no more of it.
    const agents = (await as("manager", "GET", "/api/chats/agents", "JKT01")).json().data as { id: number; name: string }[];
    await as("manager", "POST", `/api/chats/conversations/${c.conversation.id}/assign`, "JKT01", {
      assignee_id: agents.find((a) => a.name === "Demo Content Editor")!.id,
    });
    await t.app.notifications.whenIdle();
    const managerCount = (await notices("manager")).length;
    expect((await notices("editor")).at(-1)!.title).toBe("Demo Center Manager assigned you a conversation");
    watcher.emit("chat:unwatch", { conversation_id: c.conversation.id });
    await settle();
    await visitor(c.token, "POST", "/api/public/chat/conversation/messages", { text: "Hello?" });
    await t.app.notifications.whenIdle();
    expect((await notices("manager")).length).toBe(managerCount);
    expect((await notices("editor")).at(-1)!.title).toBe("Nadia Putri wrote");
  });
});

describe("typing and canned replies", () => {
  it("typing reaches the other side, never the sender", async () => {
    const c = await start();
    const staffA = await connect({ token: tokens.manager, center: "JKT01" });
    const staffB = await connect({ token: tokens.editor, center: "JKT01" });
    const v = await connect({ visitor: c.token });
    const [a, b, seenByVisitor] = [
      heard(staffA, "chat:typing"),
      heard<{ from: string; name: string }>(staffB, "chat:typing"),
      heard<{ name: string }>(v, "chat:typing"),
    ];
    staffA.emit("chat:typing", { conversation_id: c.conversation.id });
    await until(() => b.length > 0 && seenByVisitor.length > 0);
    expect(b[0]).toMatchObject({ from: "staff", name: "Demo Center Manager" });
    expect(seenByVisitor[0]).toEqual({ name: "Demo" });
    v.emit("chat:typing");
    await until(() => a.some((x: any) => x.from === "visitor"));
    await settle();
    expect(a.filter((x: any) => x.from === "staff")).toEqual([]);
  });

  it("staff use canned replies; only managers keep them; short codes are unique per center", async () => {
    const list = (await as("editor", "GET", "/api/chats/canned-replies?q=/tri", "JKT01")).json().data.docs;
    expect(list.map((r: { short_code: string }) => r.short_code)).toEqual(["trial"]);
    expect((await as("editor", "POST", "/api/chats/canned-replies", "JKT01", { short_code: "x", text: "y" })).statusCode).toBe(403);
    const dup = await as("manager", "POST", "/api/chats/canned-replies", "JKT01", { short_code: "HOURS", text: "y" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.short_code).toBe("This short code is already used at this center");
    const made = await as("manager", "POST", "/api/chats/canned-replies", "JKT01", { short_code: "price", text: "Prices start at Rp 1.500.000." });
    expect(made.statusCode).toBe(200);
    expect((await as("manager", "DELETE", `/api/chats/canned-replies/${made.json().data.id}`, "BDG01")).statusCode).toBe(404);
    expect((await as("manager", "DELETE", `/api/chats/canned-replies/${made.json().data.id}`, "JKT01")).statusCode).toBe(200);
  });
});

describe("the kept counts (migration 014)", () => {
  // What the counters must equal: the conversations counted one by one.
  const counted = async () => {
    const q = async (sql: string) => (await t.db.query(sql)).rows.map((r) => JSON.stringify(r)).sort();
    return {
      tabs: await q(`SELECT center_code, status, COALESCE(assignee_id, 0) AS assignee_id, count(*)::int AS conversations,
                       (count(*) FILTER (WHERE visitor_messages > 0))::int AS written FROM chat_conversations GROUP BY 1, 2, 3`),
      caughtUp: await q(`SELECT r.user_id, c.center_code, count(*)::int AS conversations FROM chat_reads r JOIN chat_conversations c ON c.id = r.conversation_id
                           WHERE c.status <> 'resolved' AND c.visitor_messages > 0 AND r.read_count >= c.visitor_messages GROUP BY 1, 2`),
    };
  };
  const kept = async () => {
    const q = async (sql: string) => (await t.db.query(sql)).rows.map((r) => JSON.stringify(r)).sort();
    return {
      tabs: await q("SELECT center_code, status, assignee_id, conversations, written FROM chat_conversation_counts WHERE conversations <> 0 OR written <> 0"),
      caughtUp: await q("SELECT user_id, center_code, conversations FROM chat_caught_up WHERE conversations <> 0"),
    };
  };
  // The unread total as the list computed it before the counters: every conversation not resolved, against the read marks.
  const unreadCounted = async (username: string, center: string | null) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chat_conversations c
         LEFT JOIN chat_reads r ON r.conversation_id = c.id AND r.user_id = (SELECT id FROM users WHERE username = $1)
         WHERE ($2::text IS NULL OR c.center_code = $2) AND c.status <> 'resolved' AND c.visitor_messages > COALESCE(r.read_count, 0)`,
        [username, center],
      )
    ).rows[0]!.n;
  const tabsCounted = async (center: string, status: string, username: string) =>
    (
      await t.db.query(
        `SELECT count(*) FILTER (WHERE assignee_id = (SELECT id FROM users WHERE username = $3))::int AS mine,
                count(*) FILTER (WHERE assignee_id IS NULL)::int AS unassigned, count(*)::int AS "all"
         FROM chat_conversations WHERE center_code = $1 AND status = $2`,
        [center, status, username],
      )
    ).rows[0];

  async function expectExact(step: string) {
    expect(await kept(), step).toEqual(await counted());
    for (const [who, center] of [
      ["manager", "JKT01"],
      ["editor", "JKT01"],
      ["manager", "BDG01"],
    ] as const) {
      for (const status of ["open", "resolved"]) {
        const data = (await as(who, "GET", `/api/chats/conversations?status=${status}`, center)).json().data;
        expect(data.counts, `${step}: ${who} ${center} ${status}`).toEqual(await tabsCounted(center, status, who));
        expect(data.unread_total, `${step}: ${who} ${center} unread`).toBe(await unreadCounted(who, center));
      }
      expect((await as(who, "GET", "/api/chats/unread", center)).json().data.unread_total, `${step}: ${who} ${center} /unread`).toBe(
        await unreadCounted(who, center),
      );
    }
    const everywhere = (await as("superadmin", "GET", "/api/chats/conversations?status=open")).json().data;
    expect(everywhere.unread_total, `${step}: superadmin, every center`).toBe(await unreadCounted("superadmin", null));
    expect(everywhere.counts.all, `${step}: superadmin, every center`).toBe(
      (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_conversations WHERE status = 'open'")).rows[0]!.n,
    );
  }

  it("tab counts and unread totals equal counting the conversations, through every kind of change", async () => {
    await expectExact("the demo data");
    const a = await start("JKT01");
    const b = await start("JKT01");
    const c = await start("BDG01");
    await expectExact("new conversations");
    for (const who of ["manager", "editor"] as const) await as(who, "POST", `/api/chats/conversations/${a.conversation.id}/read`, "JKT01");
    await as("manager", "POST", `/api/chats/conversations/${c.conversation.id}/read`, "BDG01");
    await expectExact("read");
    await visitor(a.token, "POST", "/api/public/chat/conversation/messages", { text: "And on Sundays?" });
    await expectExact("a visitor's message after the read");
    await as("manager", "POST", `/api/chats/conversations/${a.conversation.id}/read`, "JKT01");
    await as("manager", "POST", `/api/chats/conversations/${b.conversation.id}/messages`, "JKT01", { text: "Taken" });
    await expectExact("a reply takes the conversation");
    await as("manager", "POST", `/api/chats/conversations/${a.conversation.id}/status`, "JKT01", { status: "resolved" });
    await as("manager", "POST", `/api/chats/conversations/${b.conversation.id}/status`, "JKT01", {
      status: "snoozed",
      snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await as("manager", "POST", `/api/chats/conversations/${b.conversation.id}/assign`, "JKT01", { assignee_id: null });
    await expectExact("resolved, snoozed, unassigned");
    await t.db.query("UPDATE chat_conversations SET snoozed_until = now() - interval '1 minute' WHERE id = $1", [b.conversation.id]);
    await t.db.query("UPDATE chat_conversations SET status = 'open', snoozed_until = NULL WHERE status = 'snoozed' AND snoozed_until <= now()");
    await visitor(a.token, "POST", "/api/public/chat/conversation/messages", { text: "Reopening" });
    await expectExact("woken and reopened");

    // Several at once (on PostgreSQL these run on separate connections): messages and reads of the same conversations.
    const answers = await Promise.all(
      [a, b].flatMap((x) => [
        visitor(x.token, "POST", "/api/public/chat/conversation/messages", { text: "One" }),
        as("manager", "POST", `/api/chats/conversations/${x.conversation.id}/read`, "JKT01"),
        as("editor", "POST", `/api/chats/conversations/${x.conversation.id}/read`, "JKT01"),
        visitor(x.token, "POST", "/api/public/chat/conversation/messages", { text: "Two" }),
        as("editor", "POST", `/api/chats/conversations/${x.conversation.id}/status`, "JKT01", { status: "pending" }),
        as("manager", "POST", `/api/chats/conversations/${x.conversation.id}/read`, "JKT01"),
      ]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    await expectExact("concurrent messages, reads and status changes");

    // A contact erased takes its conversations and their read marks; a renamed center moves its counts.
    await t.db.query("DELETE FROM chat_contacts WHERE id = (SELECT contact_id FROM chat_conversations WHERE id = $1)", [a.conversation.id]);
    await expectExact("a contact deleted");
    await t.db.query("UPDATE centers SET center_code = 'BDG02' WHERE center_code = 'BDG01'");
    expect(await kept()).toEqual(await counted());
    await t.db.query("UPDATE centers SET center_code = 'BDG01' WHERE center_code = 'BDG02'");
    await expectExact("a center renamed and back");
  });
});

// Last in the file: every event the tests above made the server send.
describe("the protocol", () => {
  it("every event this file's sockets heard is exactly as protocol/ says (no extra keys)", () => {
    const { count, violations } = client.checked();
    expect(violations).toEqual([]);
    expect(count).toBeGreaterThan(10);
  });
});
