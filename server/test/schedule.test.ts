// The publishing calendar: a change carries its go-live and take-down, approved with it; the public
// read API follows the window to the second with no job; the sweep carries out each transition's
// side effects once (state, history marks, activity, notifications, realtime), on one instance or
// two, after a restart too. The app's clock is the test's: time moves when a test says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApprovalDetail, CalendarAnswer } from "../../protocol/api.js";
import type { ResourceEvent } from "../../protocol/realtime.js";
import { defineResource, type ResourceDefinition } from "../../resources/types.js";
import { buildApp } from "../app.js";
import { calendarSummary } from "../schedule/calendar.js";
import { openPg, type Db } from "../db/client.js";
import { ensureDocumentIndexes } from "../definitions/indexes.js";
import { loadDefinitions } from "../definitions/load.js";
import { bearer, buildTestApp, createTestDb, DEMO, TEST_JWT_SECRET, type TestApp, type TestDb } from "./helpers.js";
import { heard, socketClient, until } from "./sockets.js";

/** Test-only: a scheduled type without approval (a save applies its schedule at once). */
const notices = defineResource({
  name: "notices",
  label: "Notice",
  labelPlural: "Notices",
  permissionKey: "content_management",
  scope: "center",
  titleField: "title",
  approval: false,
  history: true,
  public: true,
  schedule: true,
  fields: [{ name: "title", label: "Title", type: "text", required: true, maxLength: 100 }],
  routes: { list: "/app/notices", history: "/app/notices/history/:id" },
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The app's clock: a test moves it. Whole seconds, as a person would enter them. */
let now = Math.ceil(Date.now() / 1000) * 1000;
const clock = () => now;
const iso = (ms: number) => new Date(ms).toISOString();

let testDb: TestDb;
let t: TestApp;
let definitions: ResourceDefinition[];
const tokens = { superadmin: "", manager: "", editor: "" };
const users: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDb();
  definitions = [...(await loadDefinitions()), notices];
  await ensureDocumentIndexes(testDb.db, definitions);
  t = await buildTestApp({ db: testDb.db, resources: definitions, clock, scheduleSweepMs: 0, databaseUrl: testDb.url });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
  for (const row of (await t.db.query<{ id: number; username: string }>("SELECT id, username FROM users")).rows) users[row.username] = row.id;
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});
// What an earlier test left due is carried out before the next one counts anything.
beforeEach(async () => {
  await t.app.schedule.sweep();
  await t.app.notifications.whenIdle();
});

type Who = keyof typeof tokens;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Who, center?: string, payload?: object, language?: string) =>
  t.app.inject({ method, url, headers: { ...bearer(tokens[who], center), ...(language && { "accept-language": language }) }, ...(payload && { payload }) });

let n = 0;
const post = (extra: object = {}) => {
  n += 1;
  return { title: `Scheduled post ${n}`, slug: `scheduled-post-${n}`, type: "news", content: "<p>Body</p>", ...extra };
};

interface Rec {
  id: number;
  version: number;
  title: string;
  status: string;
  live_version: number | null;
  review: { id: number; status: string } | null;
  go_live_at: string | null;
  take_down_at: string | null;
  schedule: { go_live_at: string | null; take_down_at: string | null };
  center_time_zone: string;
}

async function submit(extra: object = {}, who: Who = "editor", center = "JKT01"): Promise<Rec> {
  const res = await call("POST", "/api/posts", who, center, post(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function approve(rec: Rec, who: Who = "manager", center = "JKT01") {
  const res = await call("POST", `/api/approvals/${rec.review!.id}/approve`, who, center, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function edit(rec: Rec, changes: object, who: Who = "editor", center = "JKT01"): Promise<Rec> {
  const res = await call("PUT", `/api/posts/${rec.id}`, who, center, { ...pick(rec), ...changes, version: rec.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const pick = (rec: Rec) => {
  const { title, slug, type, content } = rec as unknown as Record<string, unknown>;
  return { title, slug, type, content };
};
const read = async (id: number, who: Who = "editor"): Promise<Rec> => (await call("GET", `/api/posts/${id}`, who, "JKT01")).json().data.docs[0];
/** The public API's answer for one post: its title, or null for a 404. */
async function publicTitle(id: number): Promise<string | null> {
  const res = await t.app.inject({ method: "GET", url: `/api/public/posts/${id}` });
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.title;
}
async function sweep(app: TestApp["app"] = t.app) {
  const result = await app.schedule.sweep();
  await app.notifications.whenIdle();
  return result;
}
const audit = async (id: number) =>
  (await t.db.query<{ action: string; actor_id: number | null }>("SELECT action, actor_id FROM audit_log WHERE entity_id = $1 ORDER BY id", [String(id)])).rows;
const notified = async (id: number, kind: string) =>
  (
    await t.db.query<{ user_id: number; title: string }>("SELECT user_id, title FROM notifications WHERE record_id = $1 AND kind = $2 ORDER BY user_id", [
      id,
      kind,
    ])
  ).rows;
const versions = async (id: number) =>
  (await call("GET", `/api/posts/${id}/versions?limit=50`, "editor", "JKT01")).json().data.docs as {
    version: number;
    action: string;
    live_from: string | null;
    live_until: string | null;
    live_ended: string | null;
    go_live_at: string | null;
  }[];

describe("a change approved with a go-live ahead", () => {
  it("waits, then the public API serves it from the go-live second; the sweep's side effects happen once", async () => {
    const goLive = now + HOUR;
    const rec = await submit({ go_live_at: iso(goLive) });
    expect(rec).toMatchObject({ status: "pending", go_live_at: iso(goLive), take_down_at: null, schedule: { go_live_at: null, take_down_at: null } });
    const approved = await approve(rec);
    expect(approved).toMatchObject({ go_live_at: iso(goLive), take_down_at: null });
    const waiting = await read(rec.id);
    expect(waiting).toMatchObject({
      status: "scheduled",
      live_version: null,
      go_live_at: iso(goLive),
      schedule: { go_live_at: iso(goLive) },
      center_time_zone: "Asia/Jakarta",
    });
    expect(await publicTitle(rec.id)).toBeNull();

    now = goLive - 1000;
    expect(await publicTitle(rec.id)).toBeNull();
    expect(await sweep()).toEqual({ live: 0, down: 0 });
    // Right to the second, before any sweep ran.
    now = goLive;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    expect((await read(rec.id)).status).toBe("scheduled");

    expect(await sweep()).toEqual({ live: 1, down: 0 });
    const live = await read(rec.id);
    expect(live).toMatchObject({ status: "published", live_version: rec.version + 1, go_live_at: null, schedule: { go_live_at: null, take_down_at: null } });
    // Cleared after firing, and not fired twice.
    expect(await sweep()).toEqual({ live: 0, down: 0 });
    expect((await audit(rec.id)).filter((a) => a.action === "go_live")).toEqual([{ action: "go_live", actor_id: null }]);
    const told = await notified(rec.id, "live");
    expect(told.map((x) => x.user_id)).toEqual([users.manager, users.editor].sort((a, b) => a! - b!));
    expect(told.find((x) => x.user_id === users.editor)?.title).toBe("Your post went live");
    expect(told.find((x) => x.user_id === users.manager)?.title).toBe("A post you approved went live");
    const history = await versions(rec.id);
    expect(history.find((v) => v.version === live.live_version)).toMatchObject({
      action: "approve",
      live_from: iso(goLive),
      live_until: null,
      go_live_at: iso(goLive),
    });
    expect(await publicTitle(rec.id)).toBe(rec.title);
  });

  it("an edit of a live record keeps the version before it on the website until its time", async () => {
    const rec = await submit();
    await approve(rec);
    const first = await read(rec.id);
    expect(await publicTitle(rec.id)).toBe(rec.title);
    const goLive = now + 2 * HOUR;
    const edited = await edit(first, { title: "Fees from next month", go_live_at: iso(goLive) });
    await approve(edited);
    expect(await read(rec.id)).toMatchObject({ status: "scheduled", live_version: first.live_version, schedule: { go_live_at: iso(goLive) } });
    expect(await publicTitle(rec.id)).toBe(rec.title);
    now = goLive - 1;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    now = goLive;
    expect(await publicTitle(rec.id)).toBe("Fees from next month");
    // The list agrees with the record, and orders it by when it went live.
    const list = (await t.app.inject({ method: "GET", url: "/api/public/posts?center_code=JKT01&limit=100" })).json().data;
    expect(list.docs.find((d: { id: number }) => d.id === rec.id)).toMatchObject({ title: "Fees from next month", published_at: iso(goLive) });
    expect(list.docs[0].id).toBe(rec.id);

    await sweep();
    const history = await versions(rec.id);
    const after = await read(rec.id);
    expect(history.find((v) => v.version === first.live_version)).toMatchObject({ live_until: iso(goLive), live_ended: "replaced" });
    expect(history.find((v) => v.version === after.live_version)).toMatchObject({ live_from: iso(goLive), live_until: null });
  });

  it("approved after its go-live passed, it goes live at once", async () => {
    const goLive = now + 10 * MINUTE;
    const rec = await submit({ go_live_at: iso(goLive) });
    now = goLive + 5 * MINUTE;
    await approve(rec);
    expect(await read(rec.id)).toMatchObject({ status: "published", schedule: { go_live_at: null } });
    expect(await publicTitle(rec.id)).toBe(rec.title);
    expect(await sweep()).toEqual({ live: 0, down: 0 });
    const history = await versions(rec.id);
    expect(history[0]).toMatchObject({ action: "approve", live_from: iso(now) });
  });

  it("rescheduling is a change for approval: until it is approved the approved time stands", async () => {
    const first = now + DAY;
    const later = now + 2 * DAY;
    const rec = await submit({ go_live_at: iso(first) });
    await approve(rec);
    const scheduled = await read(rec.id);
    // Only the schedule moves.
    const moved = await edit(scheduled, { go_live_at: iso(later) });
    expect(moved).toMatchObject({ status: "pending", go_live_at: iso(later), schedule: { go_live_at: iso(first) }, review: { status: "pending" } });
    const detail = (await call("GET", `/api/approvals/${moved.review!.id}`, "manager", "JKT01")).json().data as ApprovalDetail;
    expect(detail).toMatchObject({ go_live_at: iso(later), schedule: { go_live_at: iso(first), take_down_at: null }, center_time_zone: "Asia/Jakarta" });
    // Compared with the approved version waiting for its time (nothing is live yet).
    expect(detail).toMatchObject({ live: null, scheduled: { title: rec.title } });
    expect(detail.changes).toEqual([{ field: "go_live_at", before: iso(first), after: iso(later) }]);
    await approve(moved);
    expect(await read(rec.id)).toMatchObject({ status: "scheduled", schedule: { go_live_at: iso(later) } });
    now = first + MINUTE;
    expect(await publicTitle(rec.id)).toBeNull();
    expect(await sweep()).toEqual({ live: 0, down: 0 });
    now = later;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    expect(await sweep()).toEqual({ live: 1, down: 0 });
  });

  it("a rejected change leaves the approved schedule as it was", async () => {
    const goLive = now + HOUR;
    const rec = await submit({ go_live_at: iso(goLive) });
    await approve(rec);
    const moved = await edit(await read(rec.id), { go_live_at: null, title: "Sooner" });
    const res = await call("POST", `/api/approvals/${moved.review!.id}/reject`, "manager", "JKT01", { reason: "Keep the date" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(rec.id)).schedule).toEqual({ go_live_at: iso(goLive), take_down_at: null });
    now = goLive;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    await sweep();
  });
});

describe("a take-down", () => {
  it("stops the public API at its second; the sweep marks the record expired once", async () => {
    const takeDown = now + 3 * HOUR;
    const rec = await submit({ take_down_at: iso(takeDown) });
    await approve(rec);
    const live = await read(rec.id);
    expect(live).toMatchObject({ status: "published", schedule: { take_down_at: iso(takeDown) } });
    now = takeDown - 1000;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    now = takeDown;
    expect(await publicTitle(rec.id)).toBeNull();
    const list = (await t.app.inject({ method: "GET", url: "/api/public/posts?center_code=JKT01&limit=100" })).json().data;
    expect(list.docs.some((d: { id: number }) => d.id === rec.id)).toBe(false);

    expect(await sweep()).toEqual({ live: 0, down: 1 });
    expect(await read(rec.id)).toMatchObject({ status: "expired", live_version: null, take_down_at: null, schedule: { take_down_at: null } });
    expect(await sweep()).toEqual({ live: 0, down: 0 });
    expect((await audit(rec.id)).filter((a) => a.action === "take_down")).toHaveLength(1);
    expect((await notified(rec.id, "expired")).map((x) => x.title)).toEqual(
      expect.arrayContaining(["Your post was taken down", "A post you approved was taken down"]),
    );
    const history = await versions(rec.id);
    expect(history.find((v) => v.version === live.live_version)).toMatchObject({
      live_from: expect.any(String),
      live_until: iso(takeDown),
      live_ended: "down",
    });
  });

  it("must come after the go-live", async () => {
    const res = await call("POST", "/api/posts", "editor", "JKT01", post({ go_live_at: iso(now + 2 * HOUR), take_down_at: iso(now + HOUR) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ take_down_at: "must be after the go-live time" });
  });

  it("due with its go-live while no sweep ran: it went live, then came down, in that order", async () => {
    const goLive = now + HOUR;
    const takeDown = now + 2 * HOUR;
    const rec = await submit({ go_live_at: iso(goLive), take_down_at: iso(takeDown) });
    await approve(rec);
    now = goLive + 30 * MINUTE;
    expect(await publicTitle(rec.id)).toBe(rec.title);
    now = takeDown + HOUR;
    expect(await publicTitle(rec.id)).toBeNull();
    expect(await sweep()).toEqual({ live: 1, down: 1 });
    expect(await read(rec.id)).toMatchObject({ status: "expired", schedule: { go_live_at: null, take_down_at: null } });
    const actions = (await audit(rec.id)).map((a) => a.action).filter((a) => a === "go_live" || a === "take_down");
    expect(actions).toEqual(["go_live", "take_down"]);
    const history = await versions(rec.id);
    expect(history.find((v) => v.live_from !== null)).toMatchObject({ live_from: iso(goLive), live_until: iso(takeDown), live_ended: "down" });
  });

  it("refuses to approve a change whose take-down has passed", async () => {
    const rec = await submit({ take_down_at: iso(now + HOUR) });
    now += 2 * HOUR;
    const res = await call("POST", `/api/approvals/${rec.review!.id}/approve`, "manager", "JKT01", {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/come down at a time that has passed/);
    expect((await read(rec.id)).status).toBe("pending");
  });
});

describe("times in the past", () => {
  it("are refused with a field message, in the caller's language", async () => {
    const res = await call("POST", "/api/posts", "editor", "JKT01", post({ go_live_at: iso(now - 5 * MINUTE), take_down_at: iso(now - MINUTE * 2) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ go_live_at: "must not be in the past", take_down_at: "must not be in the past" });
    const id = await call("POST", "/api/posts", "editor", "JKT01", post({ go_live_at: iso(now - 5 * MINUTE) }), "id");
    expect(id.json().errors).toEqual({ go_live_at: "tidak boleh waktu yang sudah lewat" });
  });

  it("take the current minute as now (a form's whole minutes)", async () => {
    const rec = await submit({ go_live_at: iso(Math.floor(now / MINUTE) * MINUTE - 1000) });
    expect(rec.go_live_at).not.toBeNull();
  });

  it("kept as a waiting request has them is no new entry: its go-live may have passed", async () => {
    const rec = await submit({ go_live_at: iso(now + MINUTE * 5) });
    now += HOUR;
    const again = await edit(rec, { title: "Edited while waiting" });
    expect(again.go_live_at).toBe(rec.go_live_at);
  });

  it("are refused for a type without a schedule: it has no such fields", async () => {
    const res = await call("POST", "/api/center-links", "manager", "JKT01", {
      label: "Site",
      url: "https://example.com",
      kind: "website",
      position: 1,
      go_live_at: iso(now + HOUR),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["go_live_at"]);
  });
});

describe("a type without approval", () => {
  it("applies its schedule at save: live at the go-live, down at the take-down", async () => {
    const goLive = now + HOUR;
    const created = await call("POST", "/api/notices", "manager", "JKT01", {
      title: "Holiday hours",
      go_live_at: iso(goLive),
      take_down_at: iso(goLive + DAY),
    });
    expect(created.statusCode, created.body).toBe(200);
    const rec = created.json().data;
    expect(rec).toMatchObject({ status: "scheduled", live_version: null, schedule: { go_live_at: iso(goLive), take_down_at: iso(goLive + DAY) } });
    const get = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/public/notices/${rec.id}` });
      return res.statusCode === 200 ? res.json().data.title : null;
    };
    const state = async () => (await call("GET", `/api/notices/${rec.id}`, "manager", "JKT01")).json().data.docs[0];
    expect(await get()).toBeNull();
    now = goLive;
    expect(await get()).toBe("Holiday hours");
    await sweep();
    expect(await state()).toMatchObject({ status: "published", live_version: 1, schedule: { go_live_at: null, take_down_at: iso(goLive + DAY) } });
    // Changing only the schedule applies at once: there is nobody to approve it.
    const current = await state();
    const moved = await call("PUT", `/api/notices/${rec.id}`, "manager", "JKT01", {
      title: current.title,
      take_down_at: iso(goLive + 2 * DAY),
      version: current.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: "published", review: null, schedule: { take_down_at: iso(goLive + 2 * DAY) } });
    now = goLive + DAY;
    expect(await get()).toBe("Holiday hours");
    now = goLive + 2 * DAY;
    expect(await get()).toBeNull();
    await sweep();
    expect(await state()).toMatchObject({ status: "expired", live_version: null, schedule: { go_live_at: null, take_down_at: null } });
  });
});

describe("the definition's take-down default", () => {
  it("a career comes down when its closing date ends in its center's zone, set in centre information", async () => {
    // The center's zone comes from its centre information, once approved.
    const info = (await call("GET", "/api/center-informations?center_code=BDG01", "superadmin", "BDG01")).json().data.docs[0];
    const changed = await call("PUT", `/api/center-informations/${info.id}`, "superadmin", "BDG01", {
      ...Object.fromEntries(["address", "phone", "email", "opening_hours", "map_url", "description"].map((k) => [k, info[k]])),
      time_zone: "Asia/Jayapura",
      version: info.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const zone = async () => (await t.db.query<{ time_zone: string }>("SELECT time_zone FROM centers WHERE center_code = 'BDG01'")).rows[0]!.time_zone;
    expect(await zone()).toBe("Asia/Jakarta");
    const approved = await call("POST", `/api/approvals/${changed.json().data.review.id}/approve`, "superadmin", "BDG01", { comment: "Moved east" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await zone()).toBe("Asia/Jayapura");
    const session = (await call("GET", "/api/a/verify/___ca", "manager", "BDG01")).json().data;
    expect(session.center).toMatchObject({ center_code: "BDG01", time_zone: "Asia/Jayapura" });
    const centers = (await call("GET", `/api/e1-centers/by-admin/${users.manager}`, "manager")).json().data.docs;
    expect(centers.find((c: { center_code: string }) => c.center_code === "BDG01")).toMatchObject({ time_zone: "Asia/Jayapura" });

    const closing = iso(now + 10 * DAY).slice(0, 10);
    const res = await call("POST", "/api/careers", "manager", "BDG01", {
      title: "Teacher",
      employment_type: "full_time",
      description: "<p>Teach</p>",
      closing_date: closing,
    });
    expect(res.statusCode, res.body).toBe(200);
    const career = res.json().data;
    // Midnight after the closing date in WIT (UTC+9) is 15:00 UTC on the closing date.
    expect(career).toMatchObject({ take_down_at: `${closing}T15:00:00.000Z`, center_time_zone: "Asia/Jayapura" });
    // A closing date already past gives no default; one sent explicitly wins.
    const past = await call("POST", "/api/careers", "manager", "BDG01", {
      title: "Old",
      employment_type: "full_time",
      description: "<p>x</p>",
      closing_date: "2020-01-31",
    });
    expect(past.json().data.take_down_at).toBeNull();
    const own = await call("POST", "/api/careers", "manager", "BDG01", {
      title: "Own",
      employment_type: "full_time",
      description: "<p>x</p>",
      closing_date: closing,
      take_down_at: null,
    });
    expect(own.json().data.take_down_at).toBeNull();
  });

  it("an event post comes down when it ends", async () => {
    const ends = iso(now + 3 * DAY);
    const rec = await submit({ type: "life_club", starts_at: iso(now + 2 * DAY), ends_at: ends });
    expect(rec.take_down_at).toBe(ends);
  });

  it("a center's zone is only ever an IANA zone", async () => {
    const info = (await call("GET", "/api/center-informations?center_code=SBY01", "superadmin", "SBY01")).json().data.docs[0];
    const res = await call("PUT", `/api/center-informations/${info.id}`, "superadmin", "SBY01", {
      address: info.address,
      time_zone: "Mars/Olympus",
      version: info.version,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["time_zone"]);
  });
});

describe("lists and the calendar", () => {
  it("filter scheduled records and those expiring within a week", async () => {
    const soon = await submit({ take_down_at: iso(now + 2 * DAY) });
    await approve(soon);
    const later = await submit({ take_down_at: iso(now + 20 * DAY) });
    await approve(later);
    const waiting = await submit({ go_live_at: iso(now + DAY) });
    await approve(waiting);
    const ids = async (filter: string) =>
      ((await call("GET", `/api/posts?schedule=${filter}&limit=100`, "editor", "JKT01")).json().data.docs as { id: number }[]).map((d) => d.id);
    const scheduled = await ids("scheduled");
    expect(scheduled).toEqual(expect.arrayContaining([soon.id, later.id, waiting.id]));
    const expiring = await ids("expiring");
    expect(expiring).toContain(soon.id);
    expect(expiring).not.toContain(later.id);
    expect(expiring).not.toContain(waiting.id);
    expect((await call("GET", "/api/posts?schedule=soon", "editor", "JKT01")).statusCode).toBe(400);
  });

  it("shows what goes live and comes down, by state, with overdue ones flagged", async () => {
    const from = now;
    const approved = await submit({ go_live_at: iso(now + HOUR), take_down_at: iso(now + 5 * HOUR) });
    await approve(approved);
    const proposed = await submit({ go_live_at: iso(now + 2 * HOUR) });
    const calendar = async (who: Who = "editor", center = "JKT01") => {
      const res = await call("GET", `/api/calendar?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + DAY))}`, who, center);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CalendarAnswer;
    };
    const before = await calendar();
    expect(before.time_zone).toBe("Asia/Jakarta");
    const mine = before.entries.filter((e) => e.record_id === approved.id || e.record_id === proposed.id);
    expect(mine).toEqual([
      expect.objectContaining({
        record_id: approved.id,
        transition: "live",
        state: "scheduled",
        at: iso(from + HOUR),
        overdue: false,
        resource: "posts",
        resource_label: "Post",
      }),
      expect.objectContaining({ record_id: proposed.id, transition: "live", state: "pending", request_id: proposed.review!.id }),
      expect.objectContaining({ record_id: approved.id, transition: "down", state: "scheduled", at: iso(from + 5 * HOUR) }),
    ]);
    now = from + HOUR + 3 * MINUTE;
    expect((await calendar()).entries.find((e) => e.record_id === approved.id && e.transition === "live")?.overdue).toBe(true);
    await sweep();
    now = from + 6 * HOUR;
    await sweep();
    const after = (await calendar()).entries.filter((e) => e.record_id === approved.id);
    expect(after).toEqual([
      expect.objectContaining({ transition: "live", state: "live", at: iso(from + HOUR), overdue: false }),
      expect.objectContaining({ transition: "down", state: "expired", at: iso(from + 5 * HOUR) }),
    ]);
    // Another center's reviewer sees none of JKT01's; a range too long is refused.
    expect((await calendar("manager", "BDG01")).entries.some((e) => e.record_id === approved.id)).toBe(false);
    const long = await call("GET", `/api/calendar?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + 200 * DAY))}`, "editor", "JKT01");
    expect(long.statusCode).toBe(400);
  });
  it("names the change waiting on a scheduled record, which the calendar opens instead of the record", async () => {
    const from = now;
    const approved = await submit({ go_live_at: iso(now + HOUR), take_down_at: iso(now + 5 * HOUR) });
    await approve(approved);
    const entries = async () => {
      const res = await call("GET", `/api/calendar?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(from + DAY))}`, "editor", "JKT01");
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as CalendarAnswer).entries.filter((e) => e.record_id === approved.id && e.state === "scheduled");
    };
    expect((await entries()).map((e) => e.request_id)).toEqual([null, null]);
    const waiting = await edit(await read(approved.id), {
      title: "Retitled while scheduled",
      go_live_at: iso(now + 2 * HOUR),
      take_down_at: iso(now + 5 * HOUR),
    });
    expect(waiting.review?.status).toBe("pending");
    expect((await entries()).map((e) => e.request_id)).toEqual([waiting.review!.id, waiting.review!.id]);
    // The welcome page's summary, which reads the week without them, names them too.
    const posts = definitions.find((d) => d.name === "posts")!;
    const summary = await calendarSummary(t.db, [{ def: posts, scope: { kind: "center", code: "JKT01" } }], {
      from: iso(from),
      to: iso(from + DAY),
      now,
      labels: new Map(),
      listed: 50,
    });
    const mine = summary.upcoming.filter((e) => e.record_id === approved.id && e.state === "scheduled");
    expect(mine.map((e) => e.request_id)).toEqual([waiting.review!.id, waiting.review!.id]);
    expect(summary.going_live).toBeGreaterThanOrEqual(1);
    // Leave nothing due for the tests after: the change turned down, the approved schedule carried out.
    const rejected = await call("POST", `/api/approvals/${waiting.review!.id}/reject`, "manager", "JKT01", { reason: "Keep the title" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await entries()).map((e) => e.request_id)).toEqual([null, null]);
    now = from + 6 * HOUR;
    await sweep();
  });
});

describe("the public list", () => {
  it("counts live records from the kept counters, corrected at the instant by the past-due ones", async () => {
    const total = async () => (await t.app.inject({ method: "GET", url: "/api/public/posts?center_code=JKT01&limit=1" })).json().data.totalDocs as number;
    const real = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM documents WHERE resource = 'posts' AND center_code = 'JKT01' AND deleted_at IS NULL
             AND (CASE WHEN go_live_at <= $1 THEN next_data ELSE live_data END) IS NOT NULL AND (take_down_at IS NULL OR take_down_at > $1)`,
          [iso(now)],
        )
      ).rows[0]!.n;
    const counters = async () =>
      (
        await t.db.query<{ kept: number; counted: number }>(
          `SELECT (SELECT live FROM document_counts WHERE resource = 'posts' AND center_code = 'JKT01')::int AS kept,
                  (SELECT count(*) FROM documents WHERE resource = 'posts' AND center_code = 'JKT01' AND deleted_at IS NULL AND live_data IS NOT NULL)::int AS counted`,
        )
      ).rows[0]!;
    const start = await total();
    expect(start).toBe(await real());
    const a = await submit({ go_live_at: iso(now + HOUR) });
    await approve(a);
    const b = await submit({ take_down_at: iso(now + 2 * HOUR) });
    await approve(b);
    expect(await total()).toBe(start + 1);
    now += HOUR;
    expect(await total()).toBe(start + 2);
    now += HOUR;
    expect(await total()).toBe(start + 1);
    expect(await total()).toBe(await real());
    await sweep();
    expect(await total()).toBe(start + 1);
    const kept = await counters();
    expect(kept.kept).toBe(kept.counted);
  });

  it("is not reused past a transition less than a minute away", async () => {
    const rec = await submit({ go_live_at: iso(now + 30_000) });
    await approve(rec);
    const res = await t.app.inject({ method: "GET", url: "/api/public/posts?center_code=JKT01" });
    expect(res.headers["cache-control"]).toBe("public, max-age=30");
    now += 30_000;
    await sweep();
    const one = await t.app.inject({ method: "GET", url: `/api/public/posts/${rec.id}` });
    expect(one.headers["cache-control"]).toBe("public, max-age=60");
  });
});

describe("realtime", () => {
  it("tells readers' sockets that a record went live, with no person behind it", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const client = socketClient(() => `http://127.0.0.1:${address.port}`);
    try {
      const socket = await client.connect({ token: tokens.editor, center: "JKT01" });
      const events = heard<ResourceEvent>(socket, "live");
      const rec = await submit({ go_live_at: iso(now + MINUTE) });
      await approve(rec);
      now += MINUTE;
      await sweep();
      await until(() => events.some((e) => e.payload.transition === "live" && e.payload.ids[0] === rec.id));
      const event = events.find((e) => e.payload.transition === "live")!;
      expect(event).toMatchObject({ channel: "resources/posts", type: "updated", payload: { center_code: "JKT01" } });
      expect(event.payload.by).toBeUndefined();
      expect(client.checked().violations).toEqual([]);
    } finally {
      client.closeAll();
    }
  });
});

/** A second instance on the same database: on PostgreSQL, its own pool; on PGlite, the same one. */
async function secondInstance(): Promise<{ app: TestApp["app"]; db: Db; close(): Promise<void> }> {
  const db = testDb.url ? await openPg(testDb.url) : testDb.db;
  const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, resources: definitions, clock, scheduleSweepMs: 0, databaseUrl: testDb.url });
  return {
    app,
    db,
    async close() {
      await app.close();
      if (db !== testDb.db) await db.close();
    },
  };
}

describe("several instances", () => {
  it("claim each transition once when they sweep together: one activity entry and one notification each", async () => {
    const other = await secondInstance();
    try {
      await other.app.ready();
      await other.app.schedule.whenIdle();
      const goLive = now + HOUR;
      const recs: Rec[] = [];
      for (let i = 0; i < 12; i++) {
        const rec = await submit({ go_live_at: iso(goLive), take_down_at: iso(goLive + HOUR) });
        await approve(rec);
        recs.push(rec);
      }
      const mark = (await t.db.query<{ id: string | null }>("SELECT max(id)::text AS id FROM audit_log")).rows[0]!.id ?? "0";
      now = goLive;
      const results = await Promise.all([sweep(), sweep(other.app), sweep(), sweep(other.app)]);
      now = goLive + HOUR;
      const downs = await Promise.all([sweep(other.app), sweep(), sweep(other.app), sweep()]);
      // What the sweeps say they did is what the log holds: nothing twice, nothing lost.
      const logged = await t.db.query<{ action: string; n: number }>(
        "SELECT action, count(*)::int AS n FROM audit_log WHERE id > $1 AND action IN ('go_live', 'take_down') GROUP BY action ORDER BY action",
        [mark],
      );
      expect(logged.rows).toEqual([
        { action: "go_live", n: results.reduce((sum, r) => sum + r.live, 0) },
        { action: "take_down", n: downs.reduce((sum, r) => sum + r.down, 0) },
      ]);
      const ids = recs.map((r) => String(r.id));
      const entries = await t.db.query<{ action: string; n: number }>(
        "SELECT action, count(*)::int AS n FROM audit_log WHERE entity_id = ANY($1) AND action IN ('go_live', 'take_down') GROUP BY action ORDER BY action",
        [ids],
      );
      expect(entries.rows).toEqual([
        { action: "go_live", n: 12 },
        { action: "take_down", n: 12 },
      ]);
      const perRecipient = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notifications WHERE record_id = ANY($1) AND kind IN ('live', 'expired') GROUP BY record_id, user_id, kind",
        [recs.map((r) => r.id)],
      );
      // Two people (author, approver) × two transitions × twelve records, each told once.
      expect(perRecipient.rows).toHaveLength(48);
      expect(perRecipient.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)("a transition one instance carries out reaches the sockets of the other", async () => {
    const other = await secondInstance();
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const client = socketClient(() => `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`);
    try {
      const socket = await client.connect({ token: tokens.manager, center: "JKT01" });
      const events = heard<ResourceEvent>(socket, "live");
      const rec = await submit({ go_live_at: iso(now + MINUTE) });
      await approve(rec);
      now += MINUTE;
      expect((await sweep()).live).toBe(1);
      await until(() => events.some((e) => e.payload.transition === "live" && e.payload.ids[0] === rec.id), 5_000);
    } finally {
      client.closeAll();
      await other.close();
    }
  });

  it("a server that was down catches up when it starts", async () => {
    const goLive = now + HOUR;
    const rec = await submit({ go_live_at: iso(goLive) });
    await approve(rec);
    const other = await secondInstance();
    try {
      now = goLive + 10 * MINUTE;
      // Nothing swept while "down"; the new instance does at start.
      await other.app.ready();
      await other.app.schedule.whenIdle();
      await other.app.notifications.whenIdle();
      expect(await read(rec.id)).toMatchObject({ status: "published", schedule: { go_live_at: null } });
      expect((await audit(rec.id)).filter((a) => a.action === "go_live")).toHaveLength(1);
      expect(await sweep()).toEqual({ live: 0, down: 0 });
    } finally {
      await other.close();
    }
  });
});

describe("the sweep", () => {
  it("carries out more than a batch at once, each record's go-live before its take-down", async () => {
    const goLive = now + HOUR;
    const takeDown = now + 2 * HOUR;
    await t.db.query(
      `INSERT INTO documents (resource, center_code, data, status, version, next_data, next_version, go_live_at, take_down_at)
       SELECT 'notices', 'JKT01', jsonb_build_object('title', 'Bulk ' || i), 'scheduled', 1, jsonb_build_object('title', 'Bulk ' || i), 1, $1, $2
       FROM generate_series(1, 150) AS i`,
      [iso(goLive), iso(takeDown)],
    );
    now = takeDown + MINUTE;
    expect(await sweep()).toEqual({ live: 150, down: 150 });
    const { rows } = await t.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM documents WHERE resource = 'notices' AND data->>'title' LIKE 'Bulk %' GROUP BY status",
    );
    expect(rows).toEqual([{ status: "expired", n: 150 }]);
    const order = await t.db.query<{ actions: string[] }>(
      `SELECT array_agg(a.action ORDER BY a.id) AS actions FROM audit_log a JOIN documents d ON a.entity_id = d.id::text
       WHERE d.resource = 'notices' AND d.data->>'title' LIKE 'Bulk %' GROUP BY d.id`,
    );
    expect(order.rows).toHaveLength(150);
    expect(order.rows.every((r) => r.actions.join() === "go_live,take_down")).toBe(true);
  });

  it("runs by itself on its interval", async () => {
    const app = await buildApp({ db: testDb.db, jwtSecret: TEST_JWT_SECRET, resources: definitions, clock, scheduleSweepMs: 50, databaseUrl: testDb.url });
    try {
      await app.ready();
      const rec = await submit({ go_live_at: iso(now + MINUTE) });
      await approve(rec);
      now += MINUTE;
      for (let i = 0; i < 100 && (await read(rec.id)).status !== "published"; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await read(rec.id)).status).toBe("published");
    } finally {
      await app.close();
    }
  });

  it("survives a database that is away, and stops when the app closes", async () => {
    const away = await openPg("postgres://nobody@127.0.0.1:1/none", { probe: false, connectTimeoutMs: 200, queryTimeoutMs: 300 });
    const app = await buildApp({ db: away, jwtSecret: TEST_JWT_SECRET, resources: definitions, clock, scheduleSweepMs: 20 });
    try {
      await app.ready();
      await new Promise((r) => setTimeout(r, 200));
      await expect(app.schedule.sweep()).rejects.toThrow();
    } finally {
      await app.close();
      await away.close();
    }
  });
});
