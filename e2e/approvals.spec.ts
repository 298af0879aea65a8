// A change goes live only when someone else approves it: an editor writes, a manager reviews in a
// second browser, the public read API serves only what was approved.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { clickInDialog, openSignedIn, SHOTS, sidebar } from "./fixtures";

// Each test is a whole review between two browsers: a few sign-ins and many screens.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** The browsers each test opens (an editor's, a manager's), closed after it. */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(browser: Browser, options = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}

async function asEditor(browser: Browser): Promise<Page> {
  const page = await open(browser);
  await openSignedIn(page, DEMO.editor, "Content Editor - Jakarta Kemang");
  return page;
}

async function asManager(browser: Browser): Promise<Page> {
  const page = await open(browser, { viewport: { width: 1440, height: 900 } });
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
  return page;
}

/** What the school's website gets for a post: its live title, or null when nothing is live. */
async function publicTitle(request: APIRequestContext, id: number): Promise<string | null> {
  const res = await request.get(`/api/public/posts/${id}`);
  if (res.status() === 404) return null;
  expect(res.status()).toBe(200);
  return (await res.json()).data.title as string;
}

async function idOf(page: Page, title: string): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const res = await page.request.get(`/api/posts?q=${encodeURIComponent(title)}`, { headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" } });
  return (await res.json()).data.docs[0].id as number;
}

/** Opens the content queue and the approval page of the request titled `title`. */
async function openRequest(manager: Page, title: string) {
  await manager.goto("/app/administration/content-approval");
  await expect(manager.getByRole("heading", { name: "Content Approval" })).toBeVisible();
  await manager.getByRole("link", { name: title, exact: true }).click();
  await expect(manager.getByRole("heading", { name: title })).toBeVisible();
}

async function decide(manager: Page, action: "Approve" | "Reject", reason?: string) {
  await manager.getByRole("region", { name: "Decision" }).getByRole("button", { name: action }).click();
  const dialog = manager.getByRole("dialog");
  if (reason !== undefined) await dialog.getByLabel("Reason").fill(reason);
  await clickInDialog(dialog, action);
}

const tag = Date.now().toString(36);
const title = `Spelling Bee Finals ${tag}`;
let postId = 0;

test("an editor's post waits for review, is rejected with a reason, fixed, approved and then public", async ({ browser }) => {
  const editor = await asEditor(browser);
  await editor.goto("/app/posts/new");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  await editor.getByLabel("Slug", { exact: true }).fill(`spelling-bee-${tag}`);
  const content = editor.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await content.pressSequentially("Our young learners compete in the final round.");
  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByText("Post submitted for approval")).toBeVisible();
  // Saved, it is on the posts list (News included; the list then writes its paging into the address), waiting.
  await expect(editor).toHaveURL(/\/app\/posts(\?|$)/);
  const row = editor.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Pending approval")).toBeVisible();
  postId = await idOf(editor, title);
  expect(await publicTitle(editor.request, postId)).toBeNull();

  const manager = await asManager(browser);
  // The sidebar counts what waits for this reviewer.
  await expect(
    sidebar(manager)
      .getByLabel(/^\d+ waiting$/)
      .first(),
  ).toBeVisible();
  await openRequest(manager, title);
  await expect(manager.getByText("New: nothing of this is on the website yet. Approving publishes it.")).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/approval-page.png`, fullPage: true });

  // A rejection needs a reason.
  await decide(manager, "Reject", "");
  await expect(manager.getByRole("dialog").getByText("Give a reason for the author")).toBeVisible();
  await manager.getByRole("dialog").getByLabel("Reason").fill("Please add the date and the venue.");
  await clickInDialog(manager.getByRole("dialog"), "Reject");
  await expect(manager.getByRole("dialog")).toHaveCount(0);

  // The author sees why at once: on the form, and in the history.
  await editor.goto(`/app/posts/history/${postId}`);
  await expect(editor.getByText("Please add the date and the venue.").first()).toBeVisible();
  await editor.goto(`/app/posts/edit/${postId}`);
  await expect(editor.getByText("Please add the date and the venue.").first()).toBeVisible();
  await editor.getByLabel("Venue", { exact: true }).fill("Main hall, Kemang center");
  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByText("Post submitted for approval")).toBeVisible();

  await openRequest(manager, title);
  await expect(manager.getByText("Main hall, Kemang center").first()).toBeVisible();
  await decide(manager, "Approve");
  await expect(manager.getByRole("dialog")).toHaveCount(0);
  await expect.poll(() => publicTitle(editor.request, postId)).toBe(title);
});

test("an edit of a live post leaves the public version until it is approved", async ({ browser }) => {
  const editor = await asEditor(browser);
  await editor.goto(`/app/posts/edit/${postId}`);
  const edited = `${title} (rescheduled)`;
  await editor.getByLabel("Title", { exact: true }).fill(edited);
  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByText("Post submitted for approval")).toBeVisible();
  await expect(editor.getByRole("row").filter({ hasText: edited }).getByText("Live · change pending")).toBeVisible();
  expect(await publicTitle(editor.request, postId)).toBe(title);

  const manager = await asManager(browser);
  await openRequest(manager, edited);
  // Live and proposed side by side, the changed title marked.
  await expect(manager.getByText(title, { exact: true }).first()).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/approval-diff.png`, fullPage: true });
  await decide(manager, "Approve");
  // The dialog closes once the server has taken the decision.
  await expect(manager.getByRole("dialog")).toHaveCount(0);
  await expect.poll(() => publicTitle(editor.request, postId)).toBe(edited);
});

test("history-details restores an earlier version as a new request; the live one stays until approved", async ({ browser }) => {
  const editor = await asEditor(browser);
  await editor.goto(`/app/posts/history/${postId}`);
  await expect(editor.getByRole("table")).toBeVisible();
  await expect(editor.getByText("Approved", { exact: true }).first()).toBeVisible();
  // Version 5 proposed what is live now (approved as version 6): restoring it would change nothing.
  await editor.goto(`/app/posts/history-details/${postId}?version=5`);
  await expect(editor.getByRole("heading", { name: `Version 5: ${title} (rescheduled)`, exact: true })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Older" })).toBeEnabled();
  await expect(editor.getByRole("button", { name: "Restore" })).toHaveCount(0);
  // Version 1 is headed with its own title, not the record's current one, and as the first
  // version nothing in it is marked as changed.
  await editor.goto(`/app/posts/history-details/${postId}?version=1`);
  await expect(editor.getByRole("heading", { name: `Version 1: ${title}`, exact: true })).toBeVisible();
  await expect(editor.getByText("Changed", { exact: true })).toHaveCount(0);
  await editor.screenshot({ path: `${SHOTS}/history-details.png`, fullPage: true });
  await editor.getByRole("button", { name: "Restore" }).click();
  await clickInDialog(editor.getByRole("dialog"), "Restore");
  await expect(editor.getByText("Version 1 restored and submitted for approval")).toBeVisible();
  expect(await publicTitle(editor.request, postId)).toBe(`${title} (rescheduled)`);
  await editor.goto(`/app/posts/history/${postId}`);
  await expect(editor.getByRole("row").filter({ hasText: "Restored from version 1" })).toHaveCount(1);
});

test("images are approved many at once from the thumbnail grid", async ({ browser }) => {
  const manager = await asManager(browser);
  await manager.goto("/app/administration/image-approval");
  const grid = manager.getByRole("list", { name: "Images waiting for a decision" });
  await expect(grid.getByRole("listitem").first()).toBeVisible();
  const waiting = await grid.getByRole("listitem").count();
  expect(waiting).toBeGreaterThanOrEqual(2);
  await manager.screenshot({ path: `${SHOTS}/image-approval.png`, fullPage: true });
  await manager.getByRole("checkbox", { name: /^Select all/ }).check();
  await manager.getByRole("button", { name: "Approve selected" }).click();
  await clickInDialog(manager.getByRole("dialog"), "Approve selected");
  await expect(manager.getByText(`${waiting} approved`)).toBeVisible();
  await expect(manager.getByText("The queue is clear")).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/image-approval-clear.png`, fullPage: true });
  const gallery = await manager.request.get("/api/public/images?center_code=JKT01&limit=100");
  expect((await gallery.json()).data.totalDocs).toBeGreaterThanOrEqual(4);
});

test("the content queue lists what waits, with its author and age", async ({ browser }) => {
  const manager = await asManager(browser);
  await manager.goto("/app/administration/content-approval");
  await expect(manager.getByRole("table")).toBeVisible();
  await expect(manager.getByRole("row").filter({ hasText: "Demo Content Editor" }).first()).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/content-queue.png`, fullPage: true });
});

test("a reviewer's own request is listed apart, and the queue's total matches the sidebar's count", async ({ browser }) => {
  const manager = await asManager(browser);
  const own = `Manager's own notice ${tag}`;
  const token = await manager.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const made = await manager.request.post("/api/posts", {
    headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" },
    data: { title: own, slug: `managers-notice-${tag}`, type: "news", content: "<p>Mine</p>" },
  });
  expect(made.status()).toBe(200);
  await manager.goto("/app/administration/content-approval");
  const main = manager.getByRole("table").first();
  await expect(main).toBeVisible();
  await expect(main.getByRole("link", { name: own })).toHaveCount(0);
  const yours = manager.getByRole("region", { name: /^Yours — someone else decides \(\d+\)$/ });
  await expect(yours.getByRole("link", { name: own })).toBeVisible();
  // What the sidebar says waits is what the main list holds.
  const badge = await sidebar(manager)
    .getByRole("link", { name: /^Content\b/ })
    .getByLabel(/^\d+ waiting$/)
    .getAttribute("aria-label");
  await expect(manager.getByText(`${badge!.split(" ")[0]} requests`, { exact: true })).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/content-queue-yours.png`, fullPage: true });
});
