// The activity log: a superadmin sees every write with who, what changed and from where; nobody else has it.
import { expect, test } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn, SHOTS, sidebar } from "./fixtures";

test("a superadmin reads who changed what, from where, and filters it; a center manager has no such page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\//);
  await sidebar(page).getByRole("menuitem", { name: "User Management" }).click();
  await sidebar(page).getByRole("link", { name: "Activity log" }).click();
  await expect(page.getByRole("heading", { name: "Activity log" })).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "127.0.0.1" }).first()).toBeVisible();

  await page.getByRole("combobox", { name: "What" }).click();
  await page.getByTitle("Careers", { exact: true }).click();
  await expect(rows.filter({ hasText: "Career" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Signed in" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/activity-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/activity-phone.png` });
  await context.close();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await openSignedIn(manager, DEMO.manager, "Center Manager - Jakarta Kemang");
  await expect(sidebar(manager).getByRole("link", { name: "Activity log" })).toHaveCount(0);
  await managerContext.close();
});
