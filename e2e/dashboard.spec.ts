// The welcome page as "what's waiting for me": each block for whom it is meant, each count a link
// to the screen behind it, kept current by the socket.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn, SHOTS } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function as(browser: Browser, who: "editor" | "manager", viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO[who], who === "editor" ? "Content Editor - Jakarta Kemang" : "Center Manager - Jakarta Kemang");
  return page;
}

const blocks = (page: Page) => page.getByRole("region", { name: "What's waiting for you" });
const contentLink = (page: Page) => blocks(page).getByRole("link", { name: /^\d+ waiting in Content requests$/ });
const countOf = async (link: ReturnType<typeof contentLink>) => Number((await link.getAttribute("aria-label"))!.split(" ")[0]);

test("a manager's welcome page: what waits in each queue, its count opening the queue", async ({ browser }) => {
  const page = await as(browser, "manager");
  const region = blocks(page);
  await expect(region.getByRole("heading", { name: "Waiting for your decision" })).toBeVisible();
  await expect(region.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await expect(region.getByRole("heading", { name: "This week on the calendar" })).toBeVisible();
  // The identity block stays, below.
  await expect(page.getByRole("main").getByText("Jakarta Kemang (JKT01)")).toBeVisible();
  const link = contentLink(page);
  await expect(link).toBeVisible();
  const count = await countOf(link);
  expect(count).toBeGreaterThan(0);
  await expect(region.getByRole("link", { name: /^Oldest: / }).first()).toBeVisible();
  await expect(page.getByText("Login success")).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/dashboard-manager-1280.png`, fullPage: true });

  await link.click();
  await expect(page).toHaveURL(/\/app\/administration\/content-approval$/);
  await expect(page.getByRole("heading", { name: "Content Approval" })).toBeVisible();
  // The queue lists as many as the count promised (what the manager may decide).
  await expect(page.getByRole("table").first().getByRole("link")).toHaveCount(count);

  // The inbox's counts open its tabs.
  await page.goBack();
  await blocks(page)
    .getByRole("link", { name: /^Unassigned \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/app\/customer-chats\?tab=unassigned$/);
});

test("the count rises live when someone submits a change elsewhere", async ({ browser }) => {
  const manager = await as(browser, "manager");
  const link = contentLink(manager);
  await expect(link).toBeVisible();
  const before = await countOf(link);
  await manager.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The editor, in a browser of their own, submits a new post (through the API their console calls).
  const editor = await as(browser, "editor");
  const token = await editor.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const tag = Date.now().toString(36);
  const res = await editor.request.post("/api/posts", {
    data: { title: `Dashboard live ${tag}`, slug: `dashboard-live-${tag}`, type: "news", content: "<p>Live</p>" },
    headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" },
  });
  expect(res.status(), await res.text()).toBe(200);

  await expect(blocks(manager).getByRole("link", { name: `${before + 1} waiting in Content requests` })).toBeVisible({ timeout: 5_000 });
  expect(await manager.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("an editor sees their own changes, the rejected one with its reason, and no decisions", async ({ browser }) => {
  const page = await as(browser, "editor");
  const region = blocks(page);
  await expect(region.getByRole("heading", { name: "Your changes" })).toBeVisible();
  await expect(region.getByRole("heading", { name: "Waiting for your decision" })).toHaveCount(0);
  await expect(region.getByText(/^Reason: Please add the dates/)).toBeVisible();
  await expect(page.getByText("Login success")).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/dashboard-editor-1280.png`, fullPage: true });
});

for (const [width, language] of [
  [1280, "en"],
  [390, "en"],
  [390, "id"],
] as const) {
  test(`the welcome page fits at ${width} px in ${language === "en" ? "English" : "Indonesian"}`, async ({ browser }) => {
    const page = await as(browser, "manager", { width, height: 900 });
    if (language === "id") {
      await page.evaluate(() => localStorage.setItem("cc.locale", "id"));
      await page.reload();
    }
    const region = page.getByRole("region", { name: language === "en" ? "What's waiting for you" : "Yang menunggu Anda" });
    await expect(region.getByRole("link", { name: language === "en" ? /waiting in Content requests$/ : /menunggu di Permintaan konten$/i })).toBeVisible();
    await expect(page.getByText("Login success")).toHaveCount(0, { timeout: 10_000 });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/dashboard-manager-${width}-${language}.png`, fullPage: true });
  });
}
