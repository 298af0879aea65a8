// The publishing calendar: a post approved with a go-live two minutes ahead stays off the website
// until then, shows on the calendar as scheduled, and goes live by itself, in the public API and
// in the editor's open list, without a reload. Then the calendar's views at a desktop's and a
// phone's width in both languages, and a reschedule by dragging an item to another day.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, clickInDialog, openSignedIn, SHOTS } from "./fixtures";

test.describe.configure({ mode: "serial" });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(browser: Browser, options = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(browser: Browser, who: "editor" | "manager", options = {}): Promise<Page> {
  const page = await open(browser, options);
  await openSignedIn(page, DEMO[who], who === "editor" ? "Content Editor - Jakarta Kemang" : "Center Manager - Jakarta Kemang");
  return page;
}

async function publicTitle(request: APIRequestContext, id: number): Promise<string | null> {
  const res = await request.get(`/api/public/posts/${id}`);
  if (res.status() === 404) return null;
  expect(res.status()).toBe(200);
  return (await res.json()).data.title as string;
}

async function api(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  return { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" };
}

async function idOf(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`/api/posts?q=${encodeURIComponent(title)}`, { headers: await api(page) });
  return (await res.json()).data.docs[0].id as number;
}

/** An instant as the picker takes it: Jakarta's wall clock (WIB), "26 Nov 2026 11:30". */
function wib(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Jakarta",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}`;
}

async function pick(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
  await expect(input).toHaveValue(value);
}

const tag = Date.now().toString(36);
const title = `Open Day ${tag}`;

test("a post approved to go live two minutes ahead appears on the website and in the console by itself", async ({ browser }) => {
  test.setTimeout(210_000);
  const editor = await signedIn(browser, "editor");
  await editor.goto("/app/posts/new");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  await editor.getByLabel("Slug", { exact: true }).fill(`open-day-${tag}`);
  const content = editor.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await content.pressSequentially("Come and see the school.");
  // The next whole minute two minutes from now: the picker counts in minutes.
  const goLive = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
  await pick(editor, "Go live at", wib(goLive));
  await expect(editor.getByText(/Times are in Asia\/Jakarta \(WIB\)/).first()).toBeVisible();
  await editor.getByLabel("Go live at", { exact: true }).scrollIntoViewIfNeeded();
  await editor.screenshot({ path: `${SHOTS}/calendar-form-schedule.png` });
  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByText("Post submitted for approval")).toBeVisible();
  const id = await idOf(editor, title);

  const manager = await signedIn(browser, "manager");
  await manager.goto("/app/administration/content-approval");
  await manager.getByRole("link", { name: title, exact: true }).click();
  await expect(manager.getByRole("heading", { name: title })).toBeVisible();
  await manager.getByRole("region", { name: "Decision" }).getByRole("button", { name: "Approve" }).click();
  await clickInDialog(manager.getByRole("dialog"), "Approve");
  await expect(manager.getByRole("dialog")).toHaveCount(0);
  expect(Date.now()).toBeLessThan(goLive);

  // Approved, not yet due: not on the website, and the calendar says it is scheduled.
  expect(await publicTitle(editor.request, id)).toBeNull();
  await editor.goto("/app/calendar");
  await expect(editor.getByRole("heading", { name: "Publishing calendar" })).toBeVisible();
  // Its day's cell may be full (the demo content went live today at the seed): then it is behind "+N more".
  const dayName = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Jakarta" }).format(new Date(goLive));
  const cell = editor.getByRole("region", { name: new RegExp(`^${dayName}: \\d+ items$`) });
  await expect(cell.getByRole("listitem").first()).toBeVisible();
  const more = cell.getByRole("button", { name: /^\+\d+ more$/ });
  if (await more.isVisible()) await more.click();
  const entry = editor.getByRole("listitem", { name: new RegExp(title) });
  await expect(entry).toHaveAccessibleName(`${wib(goLive).slice(-5)} WIB · Goes live · ${title} · Post · Scheduled`);
  await editor.screenshot({ path: `${SHOTS}/calendar-scheduled.png`, fullPage: true });

  await editor.goto("/app/posts");
  const row = editor.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText("Live", { exact: true })).toHaveCount(0);

  // Due: the public API serves it at once; the console's open list turns Live when the sweep acts.
  await expect.poll(() => publicTitle(editor.request, id), { timeout: 180_000, intervals: [2_000] }).toBe(title);
  expect(Date.now()).toBeGreaterThanOrEqual(goLive);
  await expect(row.getByText("Live", { exact: true })).toBeVisible({ timeout: 40_000 });
});

for (const language of ["en", "id"] as const) {
  for (const width of [1280, 390]) {
    test(`the calendar's views at ${width} px in ${language === "en" ? "English" : "Indonesian"}`, async ({ browser }) => {
      const page = await signedIn(browser, "editor", { viewport: { width, height: 900 } });
      if (language === "id") await page.evaluate(() => localStorage.setItem("cc.locale", "id"));
      await page.goto("/app/calendar");
      const heading = language === "en" ? "Publishing calendar" : "Kalender publikasi";
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      await expect(page.getByText(/\(Asia\/Jakarta\)/)).toBeVisible();
      const legend = page.getByRole("list", { name: language === "en" ? "Legend" : "Keterangan" });
      await expect(legend.getByRole("listitem")).toHaveCount(4);
      if (width < 768) {
        // A phone gets the list alone.
        await expect(page.getByRole("radiogroup")).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/calendar-list-${width}-${language}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        return;
      }
      for (const view of language === "en" ? ["Month", "Week", "List"] : ["Bulan", "Minggu", "Daftar"]) {
        await page.getByText(view, { exact: true }).click();
        await page.screenshot({ path: `${SHOTS}/calendar-${view.toLowerCase()}-${width}-${language}.png`, fullPage: true });
      }
    });
  }
}

test("dragging a scheduled item to another day reschedules it through approval", async ({ browser }) => {
  const editor = await signedIn(browser, "editor");
  const headers = await api(editor);
  // A post approved to go live three days ahead at 10:00 WIB.
  const day = 86_400_000;
  const base = new Date(Date.now() + 3 * day);
  const goLive = Date.parse(`${base.toISOString().slice(0, 10)}T03:00:00.000Z`);
  const moveTitle = `Fee notice ${tag}`;
  const created = await editor.request.post("/api/posts", {
    headers,
    data: { title: moveTitle, slug: `fee-notice-${tag}`, type: "news", content: "<p>Fees</p>", go_live_at: new Date(goLive).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const record = (await created.json()).data;
  const manager = await signedIn(browser, "manager");
  const approved = await manager.request.post(`/api/approvals/${record.review.id}/approve`, { headers: await api(manager), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);

  // The month's grid: it holds the days three and four days ahead, whatever today is.
  await editor.goto("/app/calendar");
  const entry = editor.getByRole("listitem", { name: new RegExp(moveTitle) });
  await expect(entry).toHaveAccessibleName(new RegExp(`^10:00 WIB · Goes live · ${moveTitle}`));
  const dayName = (ms: number) =>
    new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Jakarta" }).format(new Date(ms));
  await entry.dragTo(editor.getByRole("region", { name: new RegExp(`^${dayName(goLive + day)}`) }));
  const dialog = editor.getByRole("dialog");
  await expect(dialog).toContainText(`Reschedule “${moveTitle}”?`);
  await expect(dialog).toContainText("10:00 WIB");
  await expect(dialog).toContainText("The change goes to approval like any edit.");
  await editor.screenshot({ path: `${SHOTS}/calendar-reschedule.png` });
  await clickInDialog(dialog, "Reschedule");
  await expect(editor.getByText("Rescheduled", { exact: true })).toBeVisible();
  // The move is a request: the calendar shows the proposed day as waiting for approval.
  const pending = editor
    .getByRole("region", { name: new RegExp(`^${dayName(goLive + day)}`) })
    .getByRole("listitem", { name: new RegExp(`${moveTitle} · Post · Waiting for approval`) });
  await expect(pending).toBeVisible();
  const after = (await (await editor.request.get(`/api/posts/${record.id}`, { headers })).json()).data.docs[0];
  expect(after.go_live_at).toBe(new Date(goLive + day).toISOString());
  expect(after.schedule.go_live_at).toBe(new Date(goLive).toISOString());
  // While the move waits, its author's entry opens the record; a reviewer's opens the request,
  // from the proposed day and from the approved one it may replace.
  await expect(pending.getByRole("link", { name: moveTitle })).toHaveAttribute("href", `/app/posts/edit/${record.id}`);
  await manager.goto("/app/calendar");
  const approvedEntry = manager
    .getByRole("region", { name: new RegExp(`^${dayName(goLive)}`) })
    .getByRole("listitem", { name: new RegExp(`${moveTitle} · Post · Scheduled`) });
  await approvedEntry.getByRole("link", { name: moveTitle }).click();
  await expect(manager).toHaveURL(new RegExp(`/app/administration/approval-page/${after.review.id}$`));
  await expect(manager.getByRole("heading", { name: moveTitle })).toBeVisible();
});

test("a day with more entries than its cell holds shows the first ones and opens the rest", async ({ browser }) => {
  const editor = await signedIn(browser, "editor");
  const manager = await signedIn(browser, "manager");
  // Four posts going live two days ahead, 08:00 to 11:00 WIB (01:00 to 04:00 UTC).
  const day = Date.parse(`${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`);
  const busy = Array.from({ length: 4 }, (_, i) => `Busy ${i + 1} ${tag}`);
  for (const [i, busyTitle] of busy.entries()) {
    const created = await editor.request.post("/api/posts", {
      headers: await api(editor),
      data: {
        title: busyTitle,
        slug: `busy-${i + 1}-${tag}`,
        type: "news",
        content: "<p>Busy</p>",
        go_live_at: new Date(day + (i + 1) * 3_600_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const approved = await manager.request.post(`/api/approvals/${(await created.json()).data.review.id}/approve`, { headers: await api(manager), data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const dayName = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "Asia/Jakarta" }).format(new Date(day));

  await editor.goto("/app/calendar");
  const cell = editor.getByRole("region", { name: new RegExp(`^${dayName}: \\d+ items`) });
  await expect(cell.getByRole("listitem", { name: new RegExp(busy[0]!) })).toBeVisible();
  await expect(cell.getByRole("listitem", { name: new RegExp(busy[3]!) })).toHaveCount(0);
  const more = cell.getByRole("button", { name: /^\+\d+ more$/ });
  await expect(more).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/calendar-more-1280-en.png` });
  await more.click();
  const all = editor.getByRole("tooltip");
  for (const busyTitle of busy) await expect(all.getByRole("listitem", { name: new RegExp(busyTitle) })).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/calendar-more-open-1280-en.png` });
  await all.getByRole("link", { name: busy[3]! }).click();
  await expect(editor).toHaveURL(/\/app\/posts\/edit\/\d+$/);

  await editor.evaluate(() => localStorage.setItem("cc.locale", "id"));
  await editor.goto("/app/calendar");
  await expect(
    editor
      .getByRole("region", { name: /: \d+ item/ })
      .getByRole("button", { name: /^\+\d+ lainnya$/ })
      .first(),
  ).toBeVisible();
});

test("a superadmin chooses whose calendar to see, and the address keeps the choice", async ({ browser }) => {
  const manager = await open(browser);
  await openSignedIn(manager, DEMO.manager, "Center Manager - Bandung Dago");
  const token = await manager.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const bandungTitle = `Bandung open house ${tag}`;
  const created = await manager.request.post("/api/posts", {
    headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "BDG01" },
    data: {
      title: bandungTitle,
      slug: `bandung-open-house-${tag}`,
      type: "news",
      content: "<p>Open house</p>",
      go_live_at: new Date(Date.parse(`${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T05:00:00.000Z`)).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const admin = await open(browser);
  await openSignedIn(admin, DEMO.superadmin);
  await expect(admin).toHaveURL(/\/app\/welcome$/);
  await admin.goto("/app/calendar");
  const picker = admin.getByRole("combobox", { name: "Center" });
  await choose(admin, picker, "Bandung Dago");
  await expect(admin).toHaveURL(/[?&]center=BDG01/);
  await expect(admin.getByRole("listitem", { name: new RegExp(`${bandungTitle} · Post · Waiting for approval`) })).toBeVisible();
  // JKT01's posts are not Bandung's.
  await expect(admin.getByRole("listitem", { name: new RegExp(`Busy 1 ${tag}`) })).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/calendar-superadmin-1280.png` });
  await admin.reload();
  await expect(admin.getByRole("listitem", { name: new RegExp(bandungTitle) })).toBeVisible();
  await expect(admin.getByText("Bandung Dago", { exact: true })).toBeVisible();
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(admin.getByRole("listitem", { name: new RegExp(bandungTitle) })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/calendar-superadmin-390.png`, fullPage: true });
});
