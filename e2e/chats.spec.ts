// Customer chats end to end: a visitor writes from a school's website (another origin, with the
// widget's one script tag), a manager answers from the inbox in a second browser, both live.
import { expect, test, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { DEMO } from "./accounts";
import { choose, openSignedIn, SHOTS } from "./fixtures";

// Each test is a conversation between two browsers.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/**
 * The school's website: a page on an origin of its own (another port), with nothing of the
 * console's but the widget's script tag. A real server rather than a routed fake host: Chromium
 * lets only a page that is itself on this machine load a script from 127.0.0.1.
 */
let website: Server;
let websiteUrl = "";
test.beforeAll(async ({ baseURL }) => {
  const html = readFileSync(fileURLToPath(new URL("widget-host.html", import.meta.url)), "utf8").replace("%CONSOLE_ORIGIN%", baseURL!);
  website = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => website.listen(0, "127.0.0.1", resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await new Promise((resolve) => website?.close(resolve));
});

async function openWebsite(browser: Browser): Promise<{ page: Page; chat: FrameLocator }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(websiteUrl);
  return { page, chat: page.frameLocator('iframe[title="Chat"]') };
}

async function openInbox(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
  await page.goto("/app/customer-chats");
  await expect(page.getByRole("region", { name: "Conversations" }).getByRole("link", { name: "Sari Wulandari" })).toBeVisible();
  return page;
}

/** A visitor starts a conversation from the website's bubble. */
async function startChat(chat: FrameLocator, page: Page, name: string, text: string) {
  await page.getByRole("button", { name: "Chat with us" }).click();
  await chat.getByLabel("Name").fill(name);
  await chat.getByLabel("Message").fill(text);
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByRole("log", { name: "Conversation" }).getByText(text)).toBeVisible();
}

const tag = Date.now().toString(36);
const visitorName = `Rafi Pratama ${tag}`;
const question = `Do you have TOEFL classes on Sundays? (${tag})`;
const TRIAL = "You are welcome to join a free trial class: they run every Saturday at 10:00. Shall I book a place for you?";

/** Whether the thread's "took this conversation" line comes before the reply that took it. */
async function takenBeforeReply(log: Locator) {
  const items = await log.getByRole("listitem").allInnerTexts();
  const took = items.findIndex((text) => text.includes("took this conversation"));
  const reply = items.findIndex((text) => text.includes(TRIAL));
  return took >= 0 && reply >= 0 && took < reply;
}

test("a visitor's message reaches the inbox live, and a canned reply picked with / reaches the widget live", async ({ browser }) => {
  const staff = await openInbox(browser);
  const list = staff.getByRole("region", { name: "Conversations" });
  await expect(staff).toHaveTitle(/^\(\d+\) Customer Chats/);
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-empty-selection.png` });

  const { page: website, chat } = await openWebsite(browser);
  await website.screenshot({ path: `${SHOTS}/chats-widget-closed.png` });
  await startChat(chat, website, visitorName, question);
  await website.screenshot({ path: `${SHOTS}/chats-widget-started.png` });

  // The new conversation appears without a reload, unread, at the top.
  const row = list.getByRole("link", { name: visitorName });
  await expect(row).toBeVisible();
  await expect(row).toHaveAccessibleDescription(/1 unread/);
  await expect(list.getByRole("link").first()).toHaveAccessibleName(visitorName);
  await row.click();
  await expect(staff).toHaveURL(/[?&]conversation=\d+/);
  const thread = staff.getByRole("region", { name: `Conversation with ${visitorName}` });
  await expect(thread.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();
  // Opening it read it.
  await expect(row).not.toHaveAccessibleDescription(/unread/);

  // The visitor types: the inbox says so.
  await chat.getByLabel("Message").fill("One more thing");
  await expect(thread.getByText(`${visitorName} is typing…`)).toBeVisible();
  await chat.getByLabel("Message").fill("");

  // "/" offers the canned replies, "t" narrows them; arrow keys choose, Enter inserts, Enter sends.
  const composer = thread.getByRole("textbox", { name: "Message" });
  await composer.click();
  await composer.pressSequentially("/t");
  const picker = thread.getByRole("listbox", { name: "Canned replies" });
  await expect(picker.getByRole("option")).toHaveText([/^\/thanks/, /^\/trial/]);
  await composer.press("ArrowDown");
  await expect(picker.getByRole("option", { name: /^\/trial/ })).toHaveAttribute("aria-selected", "true");
  await composer.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(composer).toHaveValue(TRIAL);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  await expect(thread.getByRole("log", { name: "Messages" }).getByText(TRIAL)).toBeVisible();
  // Answering an unassigned conversation takes it, which the thread says before the reply.
  await expect(thread.getByText("Demo Center Manager took this conversation")).toBeVisible();
  await expect(thread.getByRole("combobox", { name: "Assignee" })).toBeVisible();
  await expect.poll(() => takenBeforeReply(thread.getByRole("log", { name: "Messages" }))).toBe(true);

  // The visitor sees the answer at once, under the staff member's name.
  const visitorLog = chat.getByRole("log", { name: "Conversation" });
  await expect(visitorLog.getByText(TRIAL)).toBeVisible();
  await expect(visitorLog.getByText("Demo Center Manager")).toBeVisible();
  await website.screenshot({ path: `${SHOTS}/chats-widget-answered.png` });

  // The selected conversation is in the URL: a reload opens it again.
  await staff.reload();
  await expect(staff.getByRole("region", { name: `Conversation with ${visitorName}` }).getByText(TRIAL)).toBeVisible();
  expect(await takenBeforeReply(staff.getByRole("region", { name: `Conversation with ${visitorName}` }).getByRole("log", { name: "Messages" }))).toBe(true);
  await expect(staff.getByRole("complementary", { name: "Contact details" }).getByText(websiteUrl)).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-1440.png` });
});

test("a note stays with the team: the visitor's widget never shows it", async ({ browser }) => {
  const { page: website, chat } = await openWebsite(browser);
  const name = `Nadia Putri ${tag}`;
  await startChat(chat, website, name, `Is there parking at Kemang? (${tag})`);

  const staff = await openInbox(browser);
  await staff.getByRole("region", { name: "Conversations" }).getByRole("link", { name }).click();
  const thread = staff.getByRole("region", { name: `Conversation with ${name}` });
  const composer = thread.getByRole("textbox", { name: "Message" });

  const note = `Internal: she asked about parking last year too (${tag})`;
  await thread.getByRole("radio", { name: "Note" }).check();
  await composer.fill(note);
  await thread.getByRole("button", { name: "Send" }).click();
  const noteItem = thread.getByRole("listitem").filter({ hasText: note });
  await expect(noteItem).toBeVisible();
  await expect(noteItem.getByText("Note", { exact: true })).toBeVisible();
  await expect(noteItem.getByText("only your team sees this")).toBeVisible();

  const reply = `Yes, free parking in the basement. (${tag})`;
  await thread.getByRole("radio", { name: "Reply" }).check();
  await composer.fill(reply);
  await composer.press("Enter");
  const visitorLog = chat.getByRole("log", { name: "Conversation" });
  // The reply, sent after the note, has arrived: the note would have by now.
  await expect(visitorLog.getByText(reply)).toBeVisible();
  await expect(chat.getByText(note)).toHaveCount(0);
  await website.reload();
  await website.getByRole("button", { name: "Chat with us" }).click();
  await expect(visitorLog.getByText(reply)).toBeVisible();
  await expect(chat.getByText(note)).toHaveCount(0);
});

test("assigning to a colleague and resolving leave activity lines; the widget hears it was closed", async ({ browser }) => {
  const { page: website, chat } = await openWebsite(browser);
  const name = `Kevin Wijaya ${tag}`;
  await startChat(chat, website, name, `Can I switch my class to the evening? (${tag})`);

  const staff = await openInbox(browser);
  await staff.getByRole("region", { name: "Conversations" }).getByRole("link", { name }).click();
  const thread = staff.getByRole("region", { name: `Conversation with ${name}` });
  const log = thread.getByRole("log", { name: "Messages" });

  await choose(staff, thread.getByRole("combobox", { name: "Assignee" }), "Demo Content Editor");
  await expect(log.getByText("Demo Center Manager assigned this conversation to Demo Content Editor")).toBeVisible();
  // It left the manager's Mine tab count and is the editor's now.
  await staff
    .getByRole("region", { name: "Conversations" })
    .getByRole("tab", { name: /^Unassigned/ })
    .click();
  await expect(staff.getByRole("region", { name: "Conversations" }).getByRole("link", { name })).toHaveCount(0);

  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(log.getByText("Demo Center Manager resolved this conversation")).toBeVisible();
  await expect(thread.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(thread.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(chat.getByText("This conversation was closed. Write again to reopen it.")).toBeVisible();

  await thread.getByRole("button", { name: "Reopen" }).click();
  await expect(log.getByText("Demo Center Manager reopened this conversation")).toBeVisible();
  await thread.getByRole("button", { name: "Snooze" }).click();
  await staff.getByRole("menuitem", { name: "1 hour" }).click();
  await expect(log.getByText(/Demo Center Manager snoozed this conversation until/)).toBeVisible();
  await expect(thread.getByText("Snoozed", { exact: true })).toBeVisible();
});

test("on a phone the inbox shows one pane at a time, nothing wider than the screen", async ({ browser }) => {
  const staff = await openInbox(browser, { width: 390, height: 844 });
  const list = staff.getByRole("region", { name: "Conversations" });
  const noOverflow = async (width = 390) => expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await noOverflow();
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-390-list.png` });

  await list.getByRole("link", { name: "Michael Tan" }).click();
  const thread = staff.getByRole("region", { name: "Conversation with Michael Tan" });
  await expect(thread.getByText("Also, can I pay in two instalments?")).toBeVisible();
  await expect(list).toHaveCount(0);
  await noOverflow();
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-390-thread.png` });

  await thread.getByRole("button", { name: "Contact" }).click();
  const contact = staff.getByRole("dialog", { name: "Contact details" });
  await expect(contact.getByText("+62 812 5550 1234")).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-390-contact.png` });
  await contact.getByRole("button", { name: "Close" }).click();

  await thread.getByRole("button", { name: "Back" }).click();
  await expect(list.getByRole("link", { name: "Michael Tan" })).toBeVisible();
  await expect(staff).not.toHaveURL(/conversation=/);

  // A tablet: the list and the thread side by side, the contact behind a button.
  await staff.setViewportSize({ width: 1024, height: 768 });
  await list.getByRole("link", { name: "Michael Tan" }).click();
  await expect(thread.getByText("Also, can I pay in two instalments?")).toBeVisible();
  await expect(list).toBeVisible();
  await expect(thread.getByRole("button", { name: "Contact" })).toBeVisible();
  await noOverflow(1024);
  await staff.screenshot({ path: `${SHOTS}/chats-inbox-1024.png` });
});

test("the widget's start form keeps Send inside its frame after a validation error", async ({ browser }) => {
  const { page, chat } = await openWebsite(browser);
  await page.getByRole("button", { name: "Chat with us" }).click();
  const send = chat.getByRole("button", { name: "Send" });
  await send.click();
  await expect(chat.getByText("Please enter your name")).toBeVisible();
  // The frame's box on the page, and Send's: Send must be wholly inside, without scrolling.
  const frame = (await page.locator('iframe[title="Chat"]').boundingBox())!;
  const button = (await send.boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(frame.y);
  expect(button.y + button.height).toBeLessThanOrEqual(frame.y + frame.height);
  await page.screenshot({ path: `${SHOTS}/widget-start-errors.png` });
});
