// What lists, the approval page and history say about a schedule: the posts list's state tags
// ("Scheduled · goes live …", "Expires in …") and its schedule filters; the approval page's
// schedule rows in the center's zone, for a reviewer whose browser is in another zone; and a
// version's history saying when it went live and when it came down.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, openSignedIn, SHOTS } from "./fixtures";

test.describe.configure({ mode: "serial" });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedIn(browser: Browser, who: "editor" | "manager", options = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO[who], who === "editor" ? "Content Editor - Jakarta Kemang" : "Center Manager - Jakarta Kemang");
  return page;
}

async function headers(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  return { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" };
}

interface Created {
  id: number;
  version: number;
  review: { id: number } | null;
  fields: Record<string, unknown>;
}

/** A post submitted by `editor` through the API, its schedule as given. */
async function submit(editor: Page, title: string, schedule: { go_live_at?: string; take_down_at?: string }): Promise<Created> {
  const fields = { title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), type: "news", content: "<p>Body</p>" };
  const res = await editor.request.post("/api/posts", { headers: await headers(editor), data: { ...fields, ...schedule } });
  expect(res.status(), await res.text()).toBe(200);
  return { ...(await res.json()).data, fields };
}

async function approve(manager: Page, request: number) {
  const res = await manager.request.post(`/api/approvals/${request}/approve`, { headers: await headers(manager), data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** 10:00 WIB (03:00 UTC) `days` from today. */
const tenWib = (days: number) => Date.parse(`${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T03:00:00.000Z`);
/** An instant as the console shows it in Jakarta's zone: "3 Dec 10:00 WIB". */
function wib(ms: number): string {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Jakarta", ...options }).format(new Date(ms));
  return `${part({ day: "numeric", month: "short" })} ${part({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} WIB`;
}

const tag = Date.now().toString(36);
const scheduledTitle = `Term fees ${tag}`;
const expiringTitle = `Job fair ${tag}`;
const shortTitle = `Flash sale ${tag}`;
const plainTitle = `Library hours ${tag}`;
let expiring: Created;
let short: Created;

test("the posts list tags scheduled and expiring records and filters them", async ({ browser }) => {
  const editor = await signedIn(browser, "editor");
  const manager = await signedIn(browser, "manager");
  const goLive = tenWib(3);
  const scheduled = await submit(editor, scheduledTitle, { go_live_at: iso(goLive) });
  await approve(manager, scheduled.review!.id);
  expiring = await submit(editor, expiringTitle, { take_down_at: iso(Date.now() + 2 * DAY + 3_600_000) });
  await approve(manager, expiring.review!.id);
  const plain = await submit(editor, plainTitle, {});
  await approve(manager, plain.review!.id);
  // Live now, down at a whole minute at least one minute ahead: the last test reads its history.
  short = await submit(editor, shortTitle, { take_down_at: iso(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000) });
  await approve(manager, short.review!.id);

  await editor.goto("/app/posts");
  const row = (title: string) => editor.getByRole("row").filter({ hasText: title });
  await expect(row(scheduledTitle).getByText(`Scheduled · goes live ${wib(goLive)}`, { exact: true })).toBeVisible();
  await expect(row(expiringTitle).getByText("Live", { exact: true })).toBeVisible();
  await expect(row(expiringTitle).getByText("Expires in 2 days", { exact: true })).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/schedule-list-1280.png` });

  const filter = editor.getByRole("combobox", { name: "Schedule" });
  await expect(row(plainTitle)).toBeVisible();
  // Scheduled: a go-live or a take-down still to come; expiring: a take-down within the week.
  await choose(editor, filter, "Scheduled");
  await expect(row(scheduledTitle)).toBeVisible();
  await expect(row(expiringTitle)).toBeVisible();
  await expect(row(plainTitle)).toHaveCount(0);
  await choose(editor, filter, "Expiring this week");
  await expect(row(expiringTitle)).toBeVisible();
  await expect(row(scheduledTitle)).toHaveCount(0);
  await expect(row(plainTitle)).toHaveCount(0);
  await editor.screenshot({ path: `${SHOTS}/schedule-list-expiring-1280.png` });

  // A phone: the same tags on the record's card.
  await editor.setViewportSize({ width: 390, height: 844 });
  const card = editor.getByRole("main").getByRole("article").or(editor.getByRole("main").getByRole("listitem")).filter({ hasText: expiringTitle });
  await expect(card.getByText("Expires in 2 days", { exact: true })).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/schedule-list-390.png` });
});

test("the approval page shows a change's schedule in the center's zone, not the reviewer's", async ({ browser }) => {
  const editor = await signedIn(browser, "editor");
  // A reviewer in New York: Jakarta's 10:00 is their 22:00 or 21:00 the day before.
  const manager = await signedIn(browser, "manager", { timezoneId: "America/New_York" });
  const record = (await (await editor.request.get(`/api/posts/${expiring.id}`, { headers: await headers(editor) })).json()).data.docs[0];
  const before = Date.parse(record.take_down_at);
  const after = tenWib(5);
  const res = await editor.request.put(`/api/posts/${expiring.id}`, {
    headers: await headers(editor),
    data: { ...expiring.fields, take_down_at: iso(after), version: record.version },
  });
  expect(res.status(), await res.text()).toBe(200);
  const request = (await res.json()).data.review.id as number;

  await manager.goto(`/app/administration/approval-page/${request}`);
  await expect(manager.getByRole("heading", { name: expiringTitle })).toBeVisible();
  const compared = manager.getByRole("table", { name: "Live and proposed versions" }).getByRole("row", { name: /Take down at/ });
  await expect(compared).toContainText(wib(before));
  await expect(compared).toContainText(wib(after));
  await expect(manager.getByText(`${wib(after)} (replaces ${wib(before)})`)).toBeVisible();
  await compared.scrollIntoViewIfNeeded();
  await manager.screenshot({ path: `${SHOTS}/schedule-approval-1280.png` });
  await manager.setViewportSize({ width: 390, height: 844 });
  await expect(compared).toContainText(wib(after));
  await compared.scrollIntoViewIfNeeded();
  await manager.screenshot({ path: `${SHOTS}/schedule-approval-390.png` });
});

test("a version's history says when it went live and when it came down", async ({ browser }) => {
  test.setTimeout(180_000);
  const editor = await signedIn(browser, "editor");
  type Life = { version: number; live_from: string | null; live_until: string | null };
  const versions = async () =>
    (await (await editor.request.get(`/api/posts/${short.id}/versions`, { headers: await headers(editor) })).json()).data.docs as Life[];
  // Down when the sweep carries out the take-down (every 15 s).
  await expect.poll(async () => (await versions()).some((v) => v.live_until), { timeout: 150_000, intervals: [3_000] }).toBe(true);
  const life = (await versions()).find((v) => v.live_until)!;

  await editor.goto(`/app/posts/history/${short.id}`);
  await expect(editor.getByRole("heading", { name: new RegExp(shortTitle) })).toBeVisible();
  await expect(editor.getByText(`Live from ${wib(Date.parse(life.live_from!))} until ${wib(Date.parse(life.live_until!))}`)).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/schedule-history-1280.png` });
  await editor.setViewportSize({ width: 390, height: 844 });
  await expect(editor.getByText(`Live from ${wib(Date.parse(life.live_from!))} until ${wib(Date.parse(life.live_until!))}`)).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/schedule-history-390.png` });
});
