import { expect, test } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, menuEntries, openSignedIn, pickCenter, sidebar, signIn } from "./fixtures";

test("a superadmin creates a role and a user with it, who then sees what the role allows", async ({ page }) => {
  const tag = Date.now().toString(36);
  const role = `E2E Careers ${tag}`;
  const username = `e2e.user.${tag}`;
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);

  await page.goto("/app/administration/roles");
  await page.getByRole("button", { name: "New role" }).click();
  const roleForm = page.getByRole("dialog");
  await roleForm.getByLabel("Name", { exact: true }).fill(role);
  await roleForm.getByRole("checkbox", { name: "Careers: create" }).check();
  // Granting a write grants read too.
  await expect(roleForm.getByRole("checkbox", { name: "Careers: read" })).toBeChecked();
  await roleForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Success")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: role })).toHaveCount(1);

  await page.goto("/app/administration/users");
  await page.getByRole("button", { name: "New user" }).click();
  const userForm = page.getByRole("dialog");
  await userForm.getByLabel("Username", { exact: true }).fill(username);
  await userForm.getByLabel("Full name", { exact: true }).fill(`E2E User ${tag}`);
  await userForm.getByLabel("Password", { exact: true }).fill("Welcome#12345");
  await userForm.getByRole("button", { name: "Add center" }).click();
  await choose(page, page.getByRole("combobox", { name: "Center 1" }), "Bandung Dago");
  // No role is guessed (the first is the widest): saving without one says so beside Centers.
  await expect(userForm.getByRole("combobox", { name: "Role 1" })).toHaveValue("");
  await expect(userForm.getByText("Center Manager")).toHaveCount(0);
  await userForm.getByRole("button", { name: "Save" }).click();
  await expect(userForm.getByText("Choose a role for each center")).toBeVisible();
  await choose(page, page.getByRole("combobox", { name: "Role 1" }), role);
  await userForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Success")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(username);
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  await expect(page.getByRole("row").filter({ hasText: username })).toHaveCount(1);

  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, username, "Welcome#12345");
  await pickCenter(page, `${role} - Bandung Dago`);
  expect(await menuEntries(page)).toEqual(["Welcome", "Customer Chats", "Publishing calendar", "Career Management"]);
});

test("a role in use says so up front: who holds it, its delete off and why; tried anyway, the server's reason shows", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const login = await request.post("/api/auth/login", { data: { username: DEMO.superadmin.username, password: DEMO.superadmin.password } });
  const admin = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const permissions = [{ permission_key: "career_management", allow_read: 1, allow_create: 0, allow_update: 0, allow_delete: 0 }];
  const spare = `E2E Spare ${tag}`;
  const role = (await (await request.post("/api/roles", { headers: admin, data: { name: spare, permissions } })).json()).data;

  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/administration/roles");
  await expect(page.getByRole("columnheader", { name: "Users" })).toBeVisible();
  const headers = (await page.getByRole("columnheader").allInnerTexts()).map((h) => h.trim());
  const users = headers.indexOf("Users");
  expect(users, headers.join(" | ")).toBeGreaterThan(0);
  // The demo manager holds Center Manager at two centers: one user.
  const manager = page.getByRole("row").filter({ hasText: "Center Manager" });
  await expect(manager.getByRole("cell").nth(users)).toHaveText("1");
  const blocked = manager.getByRole("button", { name: "Delete Center Manager" });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAccessibleDescription("Users hold this role: give them another role before deleting it");
  await blocked.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Users hold this role: give them another role before deleting it");

  // Someone takes the spare role after the list was read, before it hears so (the list's live
  // refresh is held back): its delete is still offered, and the server refuses it.
  const row = page.getByRole("row").filter({ hasText: spare });
  await expect(row.getByRole("cell").nth(users)).toHaveText("0");
  await page.route(/\/api\/roles(\?|$)/, async (route) => {
    if (route.request().method() !== "GET") await route.continue();
  });
  const created = await request.post("/api/users", {
    headers: admin,
    data: {
      username: `e2e.spare.${tag}`,
      password: "Spare#123456",
      fullname: "Spare Holder",
      user_type: "center_staff",
      assignments: [{ center_code: "JKT01", role_id: role.id }],
    },
  });
  expect(created.status()).toBe(200);
  await row.getByRole("button", { name: `Delete ${spare}` }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const toast = page.getByRole("alert").filter({ hasText: "This can't be done" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("This role is held by 1 user: give them another role before deleting it");
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(row).toHaveCount(1);
});

test("the roles list shows each role's areas with what it may do in each", async ({ page }) => {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/administration/roles");
  const editor = page.getByRole("row").filter({ hasText: "Content Editor" });
  await expect(editor.getByRole("listitem")).toHaveText(["Events and posts: read, create, update", "Careers: read, create, update"]);
  const viewer = page.getByRole("row").filter({ hasText: "Viewer" });
  await expect(viewer.getByRole("listitem")).toHaveText(["Events and posts: read"]);
  await expect(page.getByRole("row").filter({ hasText: "Center Manager" }).getByRole("listitem")).toContainText([
    "Content approval: read, create, update, delete",
  ]);
});

test("nobody without user_management reaches the user screens", async ({ page }) => {
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
  await page.goto("/app/administration/users");
  await expect(page.getByRole("alert")).toHaveText("You don't have permission to access this page");
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const response = await page.request.get("/api/users", { headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" } });
  expect(response.status()).toBe(403);
});

test("a role's change reaches its holders on the next screen they open, without signing in again", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const login = await request.post("/api/auth/login", { data: { username: DEMO.superadmin.username, password: DEMO.superadmin.password } });
  const admin = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const grant = (read: number) => [{ permission_key: "content_management", allow_read: read, allow_create: 0, allow_update: 0, allow_delete: 0 }];
  const role = (await (await request.post("/api/roles", { headers: admin, data: { name: `E2E Flip ${tag}`, permissions: grant(1) } })).json()).data;
  const user = { username: `e2e.flip.${tag}`, password: "Flip#123456" };
  const created = await request.post("/api/users", {
    headers: admin,
    data: { ...user, fullname: "Flip Holder", user_type: "center_staff", assignments: [{ center_code: "JKT01", role_id: role.id }] },
  });
  expect(created.status()).toBe(200);

  await openSignedIn(page, user, `E2E Flip ${tag} - Jakarta Kemang`);
  await page.goto("/app/events/life-club");
  await expect(page.getByRole("heading", { name: "Life Club" })).toBeVisible();

  const changed = await request.put(`/api/roles/${role.id}`, {
    headers: admin,
    data: { name: role.name, permissions: grant(0), version: role.version },
  });
  expect(changed.status()).toBe(200);

  await sidebar(page).getByRole("link", { name: "Exhibitions" }).click();
  await expect(page.getByRole("alert")).toHaveText("You don't have permission to access this page");
});
