import { expect, test } from "@playwright/test";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { choose, menuEntries, pickCenter, SHOTS, sidebar, signIn } from "./fixtures";

test("a superadmin goes straight to the welcome page with every menu group", async ({ page }) => {
  await signIn(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page.getByRole("button", { name: "Login Sukses, Mohon tunggu" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await expect(page.getByRole("heading", { name: "Welcome, Super Admin" })).toBeVisible();
  await expect(sidebar(page).getByText("Superadmin", { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("combobox", { name: "Switch center" })).toHaveCount(0);
  expect(await menuEntries(page)).toEqual([
    "Welcome",
    "Customer Chats",
    "Publishing calendar",
    "Reports",
    "Content Approval",
    "Center Management",
    "Event Management",
    "Career Management",
    "User Management",
  ]);
  await page.screenshot({ path: `${SHOTS}/welcome-superadmin.png`, fullPage: true });
});

test("an editor picks a center and sees only Event and Career Management", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await expect(page.getByText(`Hello, ${DEMO.editor.fullname}`)).toBeVisible();
  await expect(page.getByText("Pick a center to manage:")).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(2);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  await expect(page.getByText("Jakarta Kemang (JKT01)")).toBeVisible();
  await expect(sidebar(page).getByText("Content Editor", { exact: true })).toBeVisible();
  expect(await menuEntries(page)).toEqual(["Welcome", "Customer Chats", "Publishing calendar", "Event Management", "Career Management"]);
  expect(await page.evaluate(() => localStorage.getItem("cc.center"))).toBe("JKT01");
  await page.screenshot({ path: `${SHOTS}/welcome-editor.png`, fullPage: true });
});

test("a forbidden route checks permission, then shows the denial", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  await page.goto("/app/administration/users");
  await expect(page.getByText("Checking Permission")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("You don't have permission to access this page");
  await page.screenshot({ path: `${SHOTS}/denied.png`, fullPage: true });
});

test("an allowed route opens after the check, and the menu entry is highlighted", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  await sidebar(page).getByRole("menuitem", { name: "Event Management" }).click();
  await sidebar(page).getByRole("link", { name: "Life Club" }).click();
  await expect(page).toHaveURL(/\/app\/events\/life-club$/);
  await expect(page.getByText("Checking Permission")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Life Club" })).toBeVisible();
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText("Life Club");
});

test("switching center stores it, reloads and changes the menu", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  // Closed, the switcher names the center whole; the role is under the user's name.
  const switcher = sidebar(page).getByRole("combobox", { name: "Switch center" });
  await expect(sidebar(page).getByText("Jakarta Kemang", { exact: true })).toBeVisible();
  await choose(page, switcher, "Viewer - Surabaya Darmo");
  await expect(page.getByText("Surabaya Darmo (SBY01)")).toBeVisible();
  await expect(sidebar(page).getByText("Viewer", { exact: true })).toBeVisible();
  expect(await menuEntries(page)).toEqual(["Welcome", "Customer Chats", "Publishing calendar", "Event Management"]);
  expect(await page.evaluate(() => localStorage.getItem("cc.center"))).toBe("SBY01");
});

test("the refresh icon reloads the permissions", async ({ page }) => {
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("___ca") && calls.push(r.url()));
  await sidebar(page).getByRole("button", { name: "Refresh permissions" }).click();
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  expect(await menuEntries(page)).toEqual([
    "Welcome",
    "Customer Chats",
    "Publishing calendar",
    "Reports",
    "Content Approval",
    "Center Management",
    "Event Management",
    "Career Management",
  ]);
});

test("sign-out clears local storage and returns to the login", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The user, center and assignment are gone; only which center this user picked last stays (per
  // user id, to preselect it at their next sign-in).
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => !k.startsWith("cc.lastCenter."))).toEqual([]);
});

test("a token made invalid sends the user to / on the next call, and on to the login", async ({ page }) => {
  await signIn(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem("cc.user")!);
    localStorage.setItem("cc.user", JSON.stringify({ ...user, token: user.token.slice(0, -4) + "AAAA" }));
  });
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(new URL(frame.url()).pathname));
  // Opening a screen makes calls with the stored token; the first 401 signs out. The sign-out may
  // navigate away before the page has loaded, so the navigation is awaited only until it starts.
  await page.goto("/app/administration/users", { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/login$/);
  expect(navigations).toContain("/");
  expect(await page.evaluate(() => localStorage.getItem("cc.user"))).toBeNull();
});

test("changing the password keeps this session and retires the old password", async ({ page }) => {
  const account = E2E_ACCOUNTS[1];
  const next = "Changed#67890";
  await signIn(page, account.username, account.password);
  await pickCenter(page, "Content Editor - Jakarta Kemang");
  await sidebar(page).getByRole("button", { name: "Edit Password" }).click();
  await expect(page).toHaveURL(/\/app\/change-password$/);
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Confirm new password").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();

  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Success")).toBeVisible();
  await expect(page.getByText("Password changed")).toBeVisible();
  // The session goes on with its fresh token.
  await sidebar(page).getByRole("link", { name: "Welcome" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${account.fullname}` })).toBeVisible();

  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, account.username, account.password);
  await expect(page.getByRole("alert")).toHaveText("Error : Invalid username or password");
  await signIn(page, account.username, next);
  await expect(page).toHaveURL(/\/pick-center$/);
});
