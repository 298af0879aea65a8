import { expect, type Page } from "@playwright/test";

export const SHOTS = "test-results/screenshots";

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
}

export async function pickCenter(page: Page, label: RegExp | string) {
  await expect(page).toHaveURL(/\/pick-center$/);
  await page.getByRole("radio", { name: label }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);
}

export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Administration Console" });

/** The menu's top-level entries (groups and Welcome), in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = sidebar(page).getByRole("menu").first();
  await expect(menu).toBeVisible();
  return (await menu.locator(":scope > li").allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}
