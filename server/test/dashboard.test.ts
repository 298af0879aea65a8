// GET /api/dashboard: the welcome page's blocks, each as the screen behind it counts (the queues'
// counts, the inbox's tabs, the calendar's week), only for whom that screen is open, and never
// with another center's rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardAnswer } from "../../protocol/dashboard.js";
import { weekOf } from "../schedule/calendar.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens = { superadmin: "", manager: "", editor: "" };
type Who = keyof typeof tokens;

beforeAll(async () => {
  t = await buildTestApp({ scheduleSweepMs: 0 });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: Who, center?: string) => t.app.inject({ method: "GET", url, headers: bearer(tokens[who], center) });
async function dashboard(who: Who, center?: string): Promise<DashboardAnswer> {
  const res = await get("/api/dashboard", who, center);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const centerOf = async (table: string, id: number) =>
  (await t.db.query<{ center_code: string }>(`SELECT center_code FROM ${table} WHERE id = $1`, [id])).rows[0]?.center_code;

describe("GET /api/dashboard", () => {
  it("refuses a caller who is not signed in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/dashboard" })).statusCode).toBe(401);
  });

  it("gives a reviewer what waits in each queue as the sidebar counts it, oldest first", async () => {
    const data = await dashboard("manager", "JKT01");
    const counts = (await get("/api/approvals/counts", "manager", "JKT01")).json().data as Record<string, number>;
    expect(data.approvals?.map((q) => q.queue).sort()).toEqual(Object.keys(counts).sort());
    for (const queue of data.approvals!) {
      expect(queue.count, queue.queue).toBe(counts[queue.queue]);
      // The queue's own first row, oldest first, among what the manager may decide.
      const list = (await get(`/api/approvals?queue=${queue.queue}&submitted_by=others`, "manager", "JKT01")).json().data;
      expect(queue.oldest?.id ?? null, queue.queue).toBe(list.docs[0]?.id ?? null);
    }
    expect(data.approvals!.some((q) => q.count > 0 && q.oldest !== null)).toBe(true);
  });

  it("answers only the blocks asked for, as the whole page has them, and refuses a block it does not have", async () => {
    const whole = await dashboard("manager", "JKT01");
    const part = await get("/api/dashboard?blocks=inbox,calendar", "manager", "JKT01");
    expect(part.statusCode, part.body).toBe(200);
    const data = part.json().data as DashboardAnswer;
    expect(Object.keys(data).sort()).toEqual(["calendar", "inbox", "now", "time_zone"]);
    expect(data.inbox).toEqual(whole.inbox);
    expect(data.calendar?.going_live).toBe(whole.calendar?.going_live);
    // Asking for a block the caller's permissions do not allow still leaves it out.
    expect((await get("/api/dashboard?blocks=approvals", "editor", "JKT01")).json().data.approvals).toBeUndefined();
    const wrong = await get("/api/dashboard?blocks=inbox,weather", "manager", "JKT01");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ blocks: "must be one of: approvals, my_changes, inbox, calendar" });
  });

  it("leaves out the decisions block for whoever may not decide, and every block without a center", async () => {
    const editor = await dashboard("editor", "JKT01");
    expect(editor.approvals).toBeUndefined();
    expect(editor.inbox).toBeDefined();
    // SBY01: a viewer, who writes nothing, has no changes of their own to follow.
    const viewer = await dashboard("editor", "SBY01");
    expect(viewer.approvals).toBeUndefined();
    expect(viewer.my_changes).toBeUndefined();
    expect(viewer.calendar).toBeDefined();
    const none = await dashboard("editor");
    expect(Object.keys(none).sort()).toEqual(["now", "time_zone"]);
  });

  it("lists the author's own changes waiting and rejected, with the reason", async () => {
    const { my_changes: mine } = await dashboard("editor", "JKT01");
    const { rows } = await t.db.query<{ status: string; n: number }>(
      `SELECT r.status, count(*)::int AS n FROM change_requests r JOIN documents d ON d.request_id = r.id AND d.deleted_at IS NULL
       JOIN users u ON u.id = r.submitted_by WHERE u.username = 'editor' AND r.center_code = 'JKT01' GROUP BY r.status`,
    );
    const expected = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(mine?.pending).toBe(expected.pending);
    expect(mine?.rejected).toBe(expected.rejected);
    expect(mine!.rejected).toBeGreaterThan(0);
    const rejected = mine!.items.find((i) => i.status === "rejected");
    expect(rejected?.reason).toMatch(/add the dates/);
    expect(mine!.items.length).toBeLessThanOrEqual(5);
    // More changes waiting than are listed: the rejection, which asks something of its author, stays first.
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: bearer(tokens.editor, "JKT01"),
        payload: { title: `Dashboard queue filler ${i}`, slug: `dashboard-queue-filler-${i}`, type: "news", content: "<p>Body</p>" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const busy = (await dashboard("editor", "JKT01")).my_changes!;
    expect(busy.pending).toBe(expected.pending + 6);
    expect(busy.items).toHaveLength(5);
    expect(busy.items[0]).toMatchObject({ status: "rejected", reason: expect.stringMatching(/add the dates/) });
    // The manager wrote nothing at JKT01: the block is there (they may write), empty.
    expect((await dashboard("manager", "JKT01")).my_changes).toEqual({ pending: 0, rejected: 0, items: [] });
  });

  it("counts the inbox as its tabs do, and the longest wait is an open conversation of the center", async () => {
    for (const center of ["JKT01", "BDG01"]) {
      const { inbox } = await dashboard("manager", center);
      const tabs = (await get("/api/chats/conversations?status=open", "manager", center)).json().data.counts;
      expect(inbox).toMatchObject({ open: tabs.all, unassigned: tabs.unassigned, mine: tabs.mine });
      const longest = inbox!.longest_waiting!;
      expect(await centerOf("chat_conversations", longest.id)).toBe(center);
      const { rows } = await t.db.query<{ id: number }>(
        "SELECT id::int FROM chat_conversations WHERE center_code = $1 AND status = 'open' AND waiting_since IS NOT NULL ORDER BY waiting_since, id LIMIT 1",
        [center],
      );
      expect(longest.id).toBe(rows[0]!.id);
    }
  });

  it("never shows another center's requests, changes or schedule", async () => {
    // A post of JKT01's going live later this week (or early next, near the week's end).
    const { from, to } = weekOf(Date.now(), "Asia/Jakarta");
    const at = new Date(Math.min(Date.now() + 3_600_000, Date.parse(to) - 60_000)).toISOString();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: bearer(tokens.manager, "JKT01"),
      payload: { title: "Dashboard week post", slug: "dashboard-week-post", type: "news", content: "<p>Body</p>", go_live_at: at },
    });
    expect(created.statusCode, created.body).toBe(200);
    const jkt = await dashboard("manager", "JKT01");
    expect(jkt.calendar).toMatchObject({ from, to });
    expect(jkt.calendar!.upcoming.map((e) => e.title)).toContain("Dashboard week post");
    expect(jkt.my_changes?.pending).toBe(1);

    const bdg = await dashboard("manager", "BDG01");
    expect(bdg.calendar!.upcoming.map((e) => e.title)).not.toContain("Dashboard week post");
    expect(bdg.my_changes?.pending).toBe(0);
    for (const queue of bdg.approvals!) if (queue.oldest) expect(await centerOf("change_requests", queue.oldest.id)).toBe("BDG01");
  });

  it("gives a superadmin without a center every center's decisions", async () => {
    const data = await dashboard("superadmin");
    const counts = (await get("/api/approvals/counts", "superadmin")).json().data as Record<string, number>;
    for (const queue of data.approvals!) expect(queue.count, queue.queue).toBe(counts[queue.queue]);
    expect(data.inbox).toBeDefined();
  });

  it("drops a request once decided", async () => {
    const before = (await dashboard("manager", "JKT01")).approvals!.find((q) => q.count > 0)!;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/approvals/${before.oldest!.id}/approve`,
      headers: bearer(tokens.manager, "JKT01"),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await dashboard("manager", "JKT01")).approvals!.find((q) => q.queue === before.queue)!;
    expect(after.count).toBe(before.count - 1);
    expect(after.oldest?.id).not.toBe(before.oldest!.id);
  });
});
