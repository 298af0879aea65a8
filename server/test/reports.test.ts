// Reports: facts written when things happen, rolled up per center-local day, checked figure by
// figure against a fixture computed by hand. The app's clock is moved to each event's time; JKT01
// is moved to WITA (UTC+8) for the file, with the default business hours (Mon–Fri 08:00–17:00).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportData, ReportFact } from "../../protocol/reports.js";
import { buildApp } from "../app.js";
import { bearer, buildTestApp, createTestDb, DEMO, TEST_JWT_SECRET, type TestApp, type TestDb } from "./helpers.js";

let testDb: TestDb;
let t: TestApp;
let now = Date.parse("2030-03-01T00:00:00Z");
const tokens = { superadmin: "", manager: "", editor: "" };
type Who = keyof typeof tokens;

/** A WITA wall-clock time as an instant (UTC+8, no daylight saving). */
const wita = (local: string) => Date.parse(`${local}+08:00`);
const at = (local: string) => {
  now = wita(local);
};

beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.db.query("UPDATE centers SET time_zone = 'Asia/Makassar' WHERE center_code = 'JKT01'");
  t = await buildTestApp({ db: testDb.db, clock: () => now, chatStartLimit: 1000, chatMessageLimit: 1000, reportRollupMs: 0 });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});

const call = (method: "GET" | "POST" | "PUT", url: string, who: Who, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who], center), ...(payload && { payload }) });

async function start(name: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/public/chat/JKT01/conversations", payload: { name, message: `Hello from ${name}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; conversation: { id: number } };
}
async function reply(who: Who, id: number) {
  const res = await call("POST", `/api/chats/conversations/${id}/messages`, who, "JKT01", { text: "Happy to help" });
  expect(res.statusCode, res.body).toBe(200);
}
async function resolve(who: Who, id: number) {
  const res = await call("POST", `/api/chats/conversations/${id}/status`, who, "JKT01", { status: "resolved" });
  expect(res.statusCode, res.body).toBe(200);
}
async function visitorWrites(token: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/public/chat/conversation/messages",
    headers: { "x-visitor-token": token },
    payload: { text: "One more thing" },
  });
  expect(res.statusCode, res.body).toBe(200);
}
let posts = 0;
/** The editor submits a post; its submission time is set to `submitted` (WITA). */
async function submitted(local: string) {
  posts += 1;
  const res = await call("POST", "/api/posts", "editor", "JKT01", {
    title: `Report post ${posts}`,
    slug: `report-post-${posts}`,
    type: "news",
    content: "<p>Body</p>",
  });
  expect(res.statusCode, res.body).toBe(200);
  const requestId = res.json().data.review.id as number;
  await t.db.query("UPDATE change_requests SET submitted_at = $2 WHERE id = $1", [requestId, new Date(wita(local)).toISOString()]);
  return requestId;
}
async function report(who: Who = "manager", query = "from=2030-03-04&to=2030-03-11", center: string | undefined = "JKT01") {
  const res = await call("GET", `/api/reports?${query}`, who, center);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportData;
}

let c1: { token: string; conversation: { id: number } };

describe("the fixture week at JKT01 (WITA)", () => {
  beforeAll(async () => {
    // Monday 4 March 2030.
    at("2030-03-04T09:00");
    c1 = await start("C1");
    at("2030-03-04T09:10");
    await reply("manager", c1.conversation.id); // first response 600 s
    at("2030-03-04T09:30");
    const c2 = await start("C2");
    at("2030-03-04T10:00");
    await reply("superadmin", c2.conversation.id); // 1800 s
    await resolve("manager", c1.conversation.id); // resolution 3600 s
    at("2030-03-04T11:30");
    await resolve("superadmin", c2.conversation.id); // 7200 s
    at("2030-03-04T16:00");
    const rejectedOne = await submitted("2030-03-04T16:00");
    // Tuesday: 00:30 WITA is still Monday in UTC (16:30Z) and counts on Tuesday.
    at("2030-03-05T00:30");
    const c3 = await start("C3");
    at("2030-03-05T08:20");
    await reply("manager", c3.conversation.id); // 08:00–08:20: 1200 s
    at("2030-03-05T09:00");
    await visitorWrites(c1.token); // C1 reopens…
    const rej = await call("POST", `/api/approvals/${rejectedOne}/reject`, "manager", "JKT01", { reason: "Add the dates" }); // 16–17 + 08–09: 7200 s
    expect(rej.statusCode, rej.body).toBe(200);
    at("2030-03-05T09:30");
    await resolve("manager", c1.conversation.id); // …and is resolved again: Mon 09–17 + Tue 08–09:30 = 34200 s
    const approvedOne = await submitted("2030-03-05T10:00");
    at("2030-03-05T10:30");
    const app = await call("POST", `/api/approvals/${approvedOne}/approve`, "manager", "JKT01", {}); // 1800 s
    expect(app.statusCode, app.body).toBe(200);
    at("2030-03-05T16:50");
    const c4 = await start("C4");
    at("2030-03-05T23:50");
    await start("C5"); // 23:50 WITA: Tuesday
    // Wednesday
    at("2030-03-06T08:15");
    await reply("manager", c4.conversation.id); // Tue 16:50–17:00 + Wed 08:00–08:15 = 1500 s
    // Friday 16:00, answered on Monday 08:30: the weekend does not count (3600 + 1800 s).
    at("2030-03-08T16:00");
    const c6 = await start("C6");
    at("2030-03-11T08:30");
    await reply("superadmin", c6.conversation.id);
    at("2030-03-11T12:00");
    await t.app.reports.rollup();
  });

  it("counts each day's conversations on the center-local day they started, with its times", async () => {
    const data = await report();
    expect(data.time_zone).toBe("Asia/Makassar");
    expect(data.business_hours).toEqual({ days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00" });
    expect(data.pending_days).toBe(0);
    expect(data.days.map((d) => d.day)).toEqual([
      "2030-03-04",
      "2030-03-05",
      "2030-03-06",
      "2030-03-07",
      "2030-03-08",
      "2030-03-09",
      "2030-03-10",
      "2030-03-11",
    ]);
    const day = (d: string) => data.days.find((x) => x.day === d)!;
    expect(day("2030-03-04")).toMatchObject({
      conversations: 2,
      first_replies: 2,
      first_reply_median: 1200,
      first_reply_p90: 1680,
      resolutions: 2,
      resolved_conversations: 2,
      resolution_median: 5400,
      resolution_p90: 6840,
      decisions: 0,
      decision_median: null,
    });
    expect(day("2030-03-05")).toMatchObject({
      conversations: 3,
      first_replies: 1,
      first_reply_median: 1200,
      first_reply_p90: 1200,
      resolutions: 1,
      resolved_conversations: 1,
      resolution_median: 34200,
      decisions: 2,
      approved: 1,
      rejected: 1,
      decision_median: 4500,
      decision_p90: 6660,
    });
    expect(day("2030-03-06")).toMatchObject({ conversations: 0, first_replies: 1, first_reply_median: 1500 });
    expect(day("2030-03-07")).toMatchObject({ conversations: 0, first_replies: 0, first_reply_median: null, resolutions: 0 });
    expect(day("2030-03-08")).toMatchObject({ conversations: 1, first_replies: 0 });
    expect(day("2030-03-11")).toMatchObject({ conversations: 0, first_replies: 1, first_reply_median: 5400, first_reply_p90: 5400 });
  });

  it("takes the range's medians over its facts, and counts resolved conversations apart from resolutions", async () => {
    const { total } = await report();
    expect(total).toEqual({
      conversations: 6,
      first_replies: 5,
      first_reply_median: 1500,
      first_reply_p90: 3960,
      resolutions: 3,
      resolved_conversations: 2,
      resolution_median: 7200,
      resolution_p90: 28800,
      decisions: 2,
      approved: 1,
      rejected: 1,
      decision_median: 4500,
      decision_p90: 6660,
    });
  });

  it("gives each staff member's figures", async () => {
    const { staff } = await report();
    const of = (name: string) => staff.find((s) => s.user_name === name)!;
    expect(of("Demo Center Manager")).toMatchObject({
      first_replies: 3,
      first_reply_median: 1200,
      first_reply_p90: 1440,
      resolutions: 2,
      resolved_conversations: 1,
      resolution_median: 18900,
      resolution_p90: 31140,
      decisions: 2,
      conversations: 0,
    });
    expect(of("Super Admin")).toMatchObject({ first_replies: 2, first_reply_median: 3600, first_reply_p90: 5040, resolutions: 1, resolution_median: 7200 });
  });

  it("lists the facts behind a point", async () => {
    const res = await call("GET", "/api/reports/facts?from=2030-03-05&to=2030-03-05&kind=conversation", "manager", "JKT01");
    expect(res.statusCode, res.body).toBe(200);
    const facts = res.json().data.facts as ReportFact[];
    expect(facts.map((f) => f.conversation?.contact_name)).toEqual(["C3", "C4", "C5"]);
    expect(facts[0]!.at).toBe("2030-03-04T16:30:00.000Z");
    expect(res.json().data).toMatchObject({ total: 3, page: 1, limit: 50 });
    // A page at a time, oldest first, with the count of all.
    const second = (await call("GET", "/api/reports/facts?from=2030-03-05&to=2030-03-05&kind=conversation&limit=2&page=2", "manager", "JKT01")).json().data;
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect((second.facts as ReportFact[]).map((f) => f.conversation?.contact_name)).toEqual(["C5"]);
    expect((await call("GET", "/api/reports/facts?from=2030-03-05&to=2030-03-05&kind=conversation&limit=101", "manager", "JKT01")).statusCode).toBe(400);
    const rejected = (await call("GET", "/api/reports/facts?from=2030-03-04&to=2030-03-11&kind=decision&outcome=rejected", "manager", "JKT01")).json().data
      .facts as ReportFact[];
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ business_seconds: 7200, user_name: "Demo Center Manager", request: { outcome: "rejected", title: "Report post 1" } });
  });

  it("writes the days as CSV, durations in business minutes, headed in the reader's language", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/reports/export.csv?from=2030-03-04&to=2030-03-05",
      headers: { ...bearer(tokens.manager, "JKT01"), "accept-language": "id" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("report_JKT01_2030-03-04_2030-03-05.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Tanggal,Percakapan,Balasan pertama,/);
    expect(lines[1]).toBe("2030-03-04,2,2,20.0,28.0,2,2,90.0,114.0,0,0,0,,");
  });

  it("is the same after rolling a day again", async () => {
    const before = await report();
    await t.db.query("INSERT INTO report_pending_days (center_code, day) VALUES ('JKT01', '2030-03-04'), ('JKT01', '2030-03-05')");
    expect((await report()).pending_days).toBe(2);
    expect(await t.app.reports.rollup()).toBe(2);
    expect(await t.app.reports.rollup()).toBe(0);
    const after = await report();
    expect(after.days).toEqual(before.days);
    expect(after.total).toEqual(before.total);
  });

  it("keeps a range's figures until the center's next roll, then reads them anew", async () => {
    const range = "from=2030-03-04&to=2030-03-20";
    const kept = async () =>
      (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM report_range_cache WHERE center_code = 'JKT01' AND to_day = '2030-03-20'")).rows[0]!.n;
    const before = await report("manager", range);
    expect(await kept()).toBe(1);
    // A conversation on a day in the range: that day waits for the rollup, and the kept figures stand.
    at("2030-03-18T10:00:00");
    await start("Late visitor");
    const waiting = await report("manager", range);
    expect(waiting.pending_days).toBe(1);
    expect(waiting.total).toEqual(before.total);
    expect(await t.app.reports.rollup()).toBe(1);
    const after = await report("manager", range);
    expect(after.total.conversations).toBe(before.total.conversations + 1);
    expect(after.days.find((d) => d.day === "2030-03-18")?.conversations).toBe(1);
  });
});

describe("content by month", () => {
  let pendingTakeDown = 0;
  beforeAll(async () => {
    // A post approved on 20 March, scheduled to come down at 00:30 WITA on 1 April: 31 March in UTC.
    at("2030-03-20T10:00");
    const created = await call("POST", "/api/posts", "editor", "JKT01", {
      title: "Open day",
      slug: "open-day-2030",
      type: "news",
      content: "<p>Come and see</p>",
      take_down_at: new Date(wita("2030-04-01T00:30")).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const approved = await call("POST", `/api/approvals/${created.json().data.review.id}/approve`, "manager", "JKT01", {});
    expect(approved.statusCode, approved.body).toBe(200);
    pendingTakeDown = created.json().data.id;
  });

  it("counts versions that went live and records coming down on the center-local month", async () => {
    const data = await report("manager", "from=2030-03-01&to=2030-04-30");
    // Two posts went live in March (5 and 20 March); the take-down falls on 1 April, WITA.
    expect(data.months).toEqual([
      { month: "2030-03", published: 2, expiring: 0 },
      { month: "2030-04", published: 0, expiring: 1 },
    ]);
  });

  it("lists the content behind each figure, in the reader's language, and agrees with the count", async () => {
    const published = await t.app.inject({
      method: "GET",
      url: "/api/reports/content?from=2030-03-01&to=2030-03-31&kind=published",
      headers: { ...bearer(tokens.manager, "JKT01"), "accept-language": "id" },
    });
    expect(published.statusCode, published.body).toBe(200);
    const page = published.json().data;
    expect(page.total).toBe(2);
    expect(page.events.map((e: { title: string }) => e.title)).toEqual(["Report post 2", "Open day"]);
    expect(page.events[1]).toMatchObject({ how: "went_live", resource: "posts", resource_label: "Postingan", version: 2, deleted: false });
    expect(page.events[1].at).toBe(new Date(wita("2030-03-20T10:00")).toISOString());

    const expiring = await call("GET", "/api/reports/content?from=2030-04-01&to=2030-04-30&kind=expiring", "manager", "JKT01");
    expect(expiring.json().data).toMatchObject({ total: 1, events: [{ how: "scheduled", record_id: pendingTakeDown, version: null, title: "Open day" }] });
    // Its UTC day (31 March) is not its day at the center.
    const march = await call("GET", "/api/reports/content?from=2030-03-01&to=2030-03-31&kind=expiring", "manager", "JKT01");
    expect(march.json().data.total).toBe(0);
  });

  it("pages, and refuses what the other drill-downs refuse", async () => {
    const second = await call("GET", "/api/reports/content?from=2030-03-01&to=2030-03-31&kind=published&limit=1&page=2", "manager", "JKT01");
    expect(second.json().data).toMatchObject({ total: 2, page: 2, limit: 1, events: [{ title: "Open day" }] });
    expect((await call("GET", "/api/reports/content?from=2030-03-01&to=2030-03-31&kind=everything", "manager", "JKT01")).statusCode).toBe(400);
    expect((await call("GET", "/api/reports/content?from=2030-03-01&to=2030-03-31&kind=published", "editor", "JKT01")).statusCode).toBe(403);
  });
});

describe("who reads reports", () => {
  it("refuses a reader without approval or center management", async () => {
    // The editor is a Viewer at SBY01 and a Content Editor at JKT01: neither key.
    expect((await call("GET", "/api/reports?from=2030-03-04&to=2030-03-11", "editor", "JKT01")).statusCode).toBe(403);
  });

  it("keeps staff to their center, and asks a superadmin without one which", async () => {
    expect((await call("GET", "/api/reports?from=2030-03-04&to=2030-03-11&center_code=SBY01", "manager", "JKT01")).statusCode).toBe(403);
    const res = await call("GET", "/api/reports?from=2030-03-04&to=2030-03-11", "superadmin");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("center_code");
    expect((await report("superadmin", "from=2030-03-04&to=2030-03-11&center_code=JKT01", undefined)).total.conversations).toBe(6);
  });

  it("refuses a range that ends before it starts or spans more than a year", async () => {
    const back = await call("GET", "/api/reports?from=2030-03-04&to=2030-03-03", "manager", "JKT01");
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty("to");
    expect((await call("GET", "/api/reports?from=2030-01-01&to=2031-01-02", "manager", "JKT01")).statusCode).toBe(400);
    expect((await call("GET", "/api/reports?from=2030-02-30&to=2030-03-03", "manager", "JKT01")).statusCode).toBe(400);
  });

  it("lets superadmins compare centers, nobody else", async () => {
    const res = await call("GET", "/api/reports/centers?from=2030-03-04&to=2030-03-11", "superadmin");
    expect(res.statusCode, res.body).toBe(200);
    const centers = res.json().data.centers as { center_code: string; conversations: number; first_reply_median: number | null }[];
    expect(centers.map((c) => c.center_code)).toEqual(["BDG01", "JKT01", "SBY01"]);
    expect(centers.find((c) => c.center_code === "JKT01")).toMatchObject({ conversations: 6, first_reply_median: 1500 });
    expect(centers.find((c) => c.center_code === "BDG01")).toMatchObject({ conversations: 0, first_reply_median: null });
    expect((await call("GET", "/api/reports/centers?from=2030-03-04&to=2030-03-11", "manager", "JKT01")).statusCode).toBe(403);
  });
});

describe("business hours", () => {
  it("are the center's once its centre information's change is approved; a close before the open is refused", async () => {
    const info = (await call("GET", "/api/center-informations", "manager", "JKT01")).json().data.docs[0] as Record<string, unknown>;
    const { address, phone, email, opening_hours, map_url, time_zone, description } = info;
    const body = (hours: object) => ({ address, phone, email, opening_hours, map_url, time_zone, description, ...hours, version: info.version });
    const backwards = await call("PUT", `/api/center-informations/${info.id}`, "manager", "JKT01", body({ business_opens: "17:00", business_closes: "09:00" }));
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json().errors).toHaveProperty("business_closes");

    const saved = await call(
      "PUT",
      `/api/center-informations/${info.id}`,
      "manager",
      "JKT01",
      body({ business_days: ["6", "1", "2", "3", "4", "5"], business_opens: "09:00", business_closes: "18:30" }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // Waiting for approval, the hours are not the center's yet.
    expect((await report()).business_hours).toEqual({ days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00" });
    const approved = await call("POST", `/api/approvals/${saved.json().data.review.id}/approve`, "superadmin", undefined, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await report()).business_hours).toEqual({ days: [1, 2, 3, 4, 5, 6], opens: "09:00", closes: "18:30" });
  });
});

describe("two instances", () => {
  it("roll each pending day once between them", async () => {
    const second = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, clock: () => now, reportRollupMs: 0, chatStartLimit: 1000 });
    try {
      await second.ready();
      await second.reports.whenIdle();
      await t.app.reports.whenIdle();
      // Ten days of conversations at BDG01 (WIB), each day pending.
      for (let d = 10; d <= 19; d++) {
        now = Date.parse(`2030-04-${d}T03:00:00Z`);
        const res = await second.inject({ method: "POST", url: "/api/public/chat/BDG01/conversations", payload: { name: `Day ${d}`, message: "Hi" } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const pending = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM report_pending_days WHERE center_code = 'BDG01'");
      expect(pending.rows[0]!.n).toBe(10);
      const [a, b] = await Promise.all([t.app.reports.rollup(), second.reports.rollup()]);
      expect(a + b).toBe(10);
      const rows = await t.db.query<{ n: number; sum: number }>(
        "SELECT count(*)::int AS n, sum(conversations)::int AS sum FROM report_days WHERE center_code = 'BDG01' AND day BETWEEN '2030-04-10' AND '2030-04-19' AND user_id = 0",
      );
      expect(rows.rows[0]).toEqual({ n: 10, sum: 10 });
    } finally {
      await second.close();
    }
  });
});
