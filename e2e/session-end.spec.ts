// An ended session leaves every screen at once: each open tab of that session goes to /login
// within 2 s with nothing of its data left on screen, while other sessions' tabs stay; and a
// connection lost for another reason says "Reconnecting…" and, once back, shows what changed.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { dialogSettled, openSignedIn, SHOTS, sidebar } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** A customer of the demo data: her conversation is in JKT01's inbox. */
const CUSTOMER = "Sari Wulandari";
const PASSWORD = "Session#12345";
const tag = Date.now().toString(36);
let n = 0;

interface Staff {
  id: number;
  username: string;
  fullname: string;
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: { username: DEMO.superadmin.username, password: DEMO.superadmin.password } });
  return { Authorization: `Bearer ${(await login.json()).data.token}` };
}

/** A staff member of this test alone (sorted first in the users list), a Content Editor at each center given. */
async function createStaff(request: APIRequestContext, centers = ["JKT01"]): Promise<Staff> {
  n += 1;
  const headers = await adminHeaders(request);
  const roles = (await (await request.get("/api/roles?limit=100", { headers })).json()).data.docs as { id: number; name: string }[];
  const role = roles.find((r) => r.name === "Content Editor")!.id;
  const username = `aa.session.${tag}.${n}`;
  const fullname = `Session Tester ${n} ${tag}`;
  const created = await request.post("/api/users", {
    headers,
    data: { username, password: PASSWORD, fullname, user_type: "center_staff", assignments: centers.map((center_code) => ({ center_code, role_id: role })) },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { id: (await created.json()).data.id, username, fullname };
}

/** Changes a user as an administrator would in the users form (PUT with the current version). */
async function updateStaff(request: APIRequestContext, staff: Staff, change: (current: Record<string, unknown>) => Record<string, unknown>) {
  const headers = await adminHeaders(request);
  const current = (await (await request.get(`/api/users/${staff.id}`, { headers })).json()).data.docs[0];
  const saved = await request.put(`/api/users/${staff.id}`, { headers, data: change(current) });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function newContext(browser: Browser, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context;
}

/** The inbox, with the customer's conversation on screen. */
async function openInbox(page: Page) {
  await page.goto("/app/customer-chats");
  await expect(page.getByRole("region", { name: "Conversations" }).getByRole("link", { name: CUSTOMER })).toBeVisible();
  // The socket starts once the screen has settled: wait until it is there before ending anything.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/socket.io/")))).toBe(true);
}

/** Signs `staff` in (a new session) in a new browser context and opens the inbox at JKT01. */
async function signedIn(browser: Browser, staff: { username: string; password?: string }, center = "Content Editor - Jakarta Kemang"): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await openSignedIn(page, { username: staff.username, password: staff.password ?? PASSWORD }, center);
  await openInbox(page);
  return page;
}

/** On /login within 2 s of `since`, with no customer's name and no stored session left. */
async function expectSignedOut(page: Page, since: number) {
  // Told by the navigation itself: polling the URL would add up to a second of its own.
  await page.waitForURL(/\/login$/, { timeout: 2_000, waitUntil: "commit" });
  expect(Date.now() - since).toBeLessThan(2_000);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByText(CUSTOMER)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cc.user"))).toBeNull();
}

/** Still on the inbox, with its data, a while after the other session ended. */
async function expectStays(page: Page) {
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/app\/customer-chats/);
  await expect(page.getByRole("region", { name: "Conversations" }).getByRole("link", { name: CUSTOMER })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cc.user"))).not.toBeNull();
}

test("signing out sends that session's other tab to /login within 2 s, and leaves the user's other session", async ({ browser, request }) => {
  const staff = await createStaff(request);
  const first = await signedIn(browser, staff);
  // A second tab of the same session (same browser context, same stored token).
  const sameSession = await first.context().newPage();
  await openInbox(sameSession);
  const otherSession = await signedIn(browser, staff);

  const since = Date.now();
  await sidebar(first).getByRole("button", { name: "Sign Out" }).click();
  await expectSignedOut(sameSession, since);
  await expect(first).toHaveURL(/\/login$/);
  await expectStays(otherSession);
});

test("'Sign out everywhere' sends every session of that user to /login within 2 s; other users' tabs stay", async ({ browser, request }) => {
  const staff = await createStaff(request);
  const bystander = await createStaff(request);
  const one = await signedIn(browser, staff);
  const two = await signedIn(browser, staff);
  const unrelated = await signedIn(browser, bystander);

  const admin = await (await newContext(browser)).newPage();
  await openSignedIn(admin, DEMO.superadmin, undefined, "/app/administration/users");
  // Found by search: the users other browser tests add can push it off the first page.
  await admin.getByPlaceholder("Search users").fill(staff.username);
  await admin.getByPlaceholder("Search users").press("Enter");
  await admin.getByRole("button", { name: `Sign out everywhere: ${staff.fullname}` }).click();
  const dialog = admin.getByRole("dialog");
  await dialogSettled(dialog);
  const since = Date.now();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await Promise.all([expectSignedOut(one, since), expectSignedOut(two, since), expect(admin.getByText("2 sessions ended")).toBeVisible()]);
  await expectStays(unrelated);
  await expect(admin).toHaveURL(/\/app\/administration\/users(\?|$)/);
});

test("a password change ends the user's other sessions within 2 s; the session that changed it stays", async ({ browser, request }) => {
  const staff = await createStaff(request);
  const changer = await signedIn(browser, staff);
  const other = await signedIn(browser, staff);

  await sidebar(changer).getByRole("button", { name: "Edit Password" }).click();
  await changer.getByLabel("Current password").fill(PASSWORD);
  await changer.getByLabel("New password", { exact: true }).fill("Renewed#67890");
  await changer.getByLabel("Confirm new password").fill("Renewed#67890");
  const since = Date.now();
  await changer.getByRole("button", { name: "Change password" }).click();
  await Promise.all([expectSignedOut(other, since), expect(changer.getByText("Password changed")).toBeVisible()]);
  await openInbox(changer);
  await expectStays(changer);
});

test("disabling the account, or taking away its center, sends its tab to /login within 2 s", async ({ browser, request }) => {
  const disabled = await createStaff(request);
  const moved = await createStaff(request, ["JKT01", "BDG01"]);
  const bystander = await createStaff(request);
  const disabledTab = await signedIn(browser, disabled);
  const movedTab = await signedIn(browser, moved);
  const unrelated = await signedIn(browser, bystander);

  let since = Date.now();
  await updateStaff(request, disabled, (current) => ({ ...current, active: false, assignments: undefined }));
  await expectSignedOut(disabledTab, since);

  const roles = (await (await request.get("/api/roles?limit=100", { headers: await adminHeaders(request) })).json()).data.docs as {
    id: number;
    name: string;
  }[];
  since = Date.now();
  await updateStaff(request, moved, (current) => ({
    username: current.username,
    fullname: current.fullname,
    user_type: current.user_type,
    active: true,
    version: current.version,
    assignments: [{ center_code: "BDG01", role_id: roles.find((r) => r.name === "Content Editor")!.id }],
  }));
  await expectSignedOut(movedTab, since);
  await expectStays(unrelated);
});

test("a lost connection says 'Reconnecting…', and once back shows what changed meanwhile, without a reload", async ({ browser, request, baseURL }) => {
  const staff = await createStaff(request);
  const context = await newContext(browser);
  // The network between this browser and the server, which the test cuts and restores: the
  // socket's WebSocket goes through Playwright, and socket.io's polling requests too.
  let down = false;
  const open: { close(): Promise<void> }[] = [];
  await context.route("**/socket.io/**", (route) => (down ? route.abort("internetdisconnected") : route.fallback()));
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  const page = await context.newPage();
  await openSignedIn(page, { username: staff.username, password: PASSWORD }, "Content Editor - Jakarta Kemang");
  await openInbox(page);
  const status = page.getByRole("status").filter({ hasText: "Reconnecting…" });
  await expect(status).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // Offline too: the socket may still be on long-polling (its upgrade to a WebSocket not done),
  // and a poll already under way would otherwise hold the connection until the next ping (25 s).
  down = true;
  await context.setOffline(true);
  for (const ws of open.splice(0)) await ws.close();
  await expect(status).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reconnecting-1440.png` });

  // Meanwhile a visitor starts a conversation: nothing can tell this tab.
  const visitor = `Reconnect Visitor ${tag}`;
  const started = await request.post(`/api/public/chat/JKT01/conversations`, {
    headers: { Origin: baseURL! },
    data: { name: visitor, message: `Are you open on Sunday? (${tag})` },
  });
  expect(started.status(), await started.text()).toBe(200);
  const conversations = page.getByRole("region", { name: "Conversations" });
  await page.waitForTimeout(1_500);
  await expect(conversations.getByRole("link", { name: visitor })).toHaveCount(0);

  // On a phone the notice fits beside the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(status).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reconnecting-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  down = false;
  await context.setOffline(false);
  await expect(status).toHaveCount(0, { timeout: 10_000 });
  await expect(conversations.getByRole("link", { name: visitor })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(/\/app\/customer-chats/);
});
