// The live console, two browsers at once: what one person does reaches the other without a reload.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn, SHOTS, sidebar } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function as(browser: Browser, who: "editor" | "manager", viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO[who], who === "editor" ? "Content Editor - Jakarta Kemang" : "Center Manager - Jakarta Kemang");
  return page;
}

/** Calls the API as the page's signed-in user at JKT01. */
async function api(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: object) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const res = await page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

const tag = Date.now().toString(36);
let n = 0;
async function createPost(page: Page, title: string) {
  n += 1;
  return (await api(page, "POST", "/api/posts", { title, slug: `live-${tag}-${n}`, type: "news", content: "<p>Live</p>" })) as {
    id: number;
    version: number;
    review: { id: number };
  };
}

/** The content queue's count in the manager's sidebar ("N waiting"), 0 when it shows none. */
async function contentCount(page: Page): Promise<number> {
  const badge = sidebar(page)
    .getByRole("menuitem", { name: /^Content\b/ })
    .getByLabel(/^\d+ waiting$/);
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute("aria-label"))!.split(" ")[0]);
}

test("an editor's save reaches the reviewer's queue and sidebar count within 2 s, without a reload", async ({ browser }) => {
  const manager = await as(browser, "manager");
  await manager.goto("/app/administration/content-approval");
  await expect(manager.getByRole("heading", { name: "Content Approval" })).toBeVisible();
  // The queue's main table (a reviewer's own requests, when there are any, are in a second one below).
  await expect(manager.getByRole("table").first()).toBeVisible();
  const before = await contentCount(manager);
  const editor = await as(browser, "editor");
  // Nothing in the manager's page reloads from here: a marker on the window would be lost by one.
  await manager.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const title = `Live spelling bee ${tag}`;
  await editor.goto("/app/posts/new");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  await editor.getByLabel("Slug", { exact: true }).fill(`live-bee-${tag}`);
  const content = editor.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await content.pressSequentially("Finals this Saturday.");
  await editor.getByRole("button", { name: "Submit for review" }).click();
  await expect(editor.getByText("Post submitted for approval")).toBeVisible();

  await expect(manager.getByRole("link", { name: title, exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(
    sidebar(manager)
      .getByRole("menuitem", { name: /^Content\b/ })
      .getByLabel(`${before + 1} waiting`),
  ).toBeVisible({ timeout: 2_000 });
  expect(await manager.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a rejection reaches the author's bell at once, with the reason, and opens the record's history", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const manager = await as(browser, "manager");
  const post = await createPost(editor, `Live rejected ${tag}`);
  const bell = editor.getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toBeVisible();
  await editor.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await api(manager, "POST", `/api/approvals/${post.review.id}/reject`, { reason: "Add the venue and the time, please." });
  await expect(bell).toHaveAccessibleDescription(/^\d+ unread$/, { timeout: 2_000 });
  await bell.click();
  const drawer = editor.getByRole("dialog", { name: "Notifications" });
  await expect(drawer.getByText("Add the venue and the time, please.")).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/notifications-desktop.png` });
  await drawer
    .getByRole("button", { name: /Your post was rejected/ })
    .first()
    .click();
  await expect(editor).toHaveURL(new RegExp(`/app/posts/history/${post.id}$`));
  expect(await editor.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("two people on one form see each other, and the one left sees the other go", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const manager = await as(browser, "manager");
  const post = await createPost(editor, `Live presence ${tag}`);
  await editor.goto(`/app/posts/edit/${post.id}`);
  await manager.goto(`/app/posts/edit/${post.id}`);
  await expect(editor.getByRole("group", { name: "Also editing: Demo Center Manager" })).toBeVisible();
  await expect(manager.getByRole("group", { name: "Also editing: Demo Content Editor" })).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/presence.png` });
  await manager.goto("/app/welcome");
  await expect(editor.getByRole("group", { name: /^Also editing/ })).toHaveCount(0, { timeout: 5_000 });
});

test("a change saved elsewhere warns the open form before it saves into a conflict", async ({ browser }) => {
  const editor = await as(browser, "editor");
  const manager = await as(browser, "manager");
  const post = await createPost(editor, `Live conflict ${tag}`);
  await editor.goto(`/app/posts/edit/${post.id}`);
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue(`Live conflict ${tag}`);

  await manager.goto(`/app/posts/edit/${post.id}`);
  await manager.getByLabel("Title", { exact: true }).fill(`Live conflict ${tag} (manager's)`);
  await manager.getByRole("button", { name: "Submit for review" }).click();
  await expect(manager.getByText("Post submitted for approval")).toBeVisible();

  const alert = editor.getByRole("alert").filter({ hasText: "Demo Center Manager changed this post while you were editing" });
  await expect(alert).toBeVisible({ timeout: 2_000 });
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(editor.getByLabel("Title", { exact: true })).toHaveValue(`Live conflict ${tag} (manager's)`);
  await expect(alert).toHaveCount(0);
});

test("on a phone, the bell and its drawer fit", async ({ browser }) => {
  const editor = await as(browser, "editor", { width: 390, height: 844 });
  const bell = editor.getByRole("button", { name: "Notifications", exact: true });
  await bell.click();
  const drawer = editor.getByRole("dialog", { name: "Notifications" });
  await expect(drawer).toBeVisible();
  // Measured once the drawer has slid in: during its animation it stands partly off the screen.
  await expect
    .poll(async () => {
      const box = (await drawer.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 391;
    })
    .toBe(true);
  await editor.screenshot({ path: `${SHOTS}/notifications-phone.png` });
});
