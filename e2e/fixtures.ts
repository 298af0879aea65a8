import { expect, type Locator, type Page } from "@playwright/test";

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

/** The sidebar, in English or Indonesian. */
export const sidebar = (page: Page) => page.getByRole("navigation", { name: /^(Administration Console|Konsol Administrasi)$/ });

/** The menu's top-level entries (groups and Welcome), in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = sidebar(page).getByRole("menu").first();
  await expect(menu).toBeVisible();
  // The first line: a closed group may show a count of what waits in it beside its name.
  return (await menu.locator(":scope > li").allInnerTexts()).map((s) => s.trim().split("\n")[0]!.trim()).filter(Boolean);
}

/**
 * Picks an option of an antd select. antd draws the chosen label over its search input, so the list
 * is opened from the keyboard, again if it opened before its options had loaded.
 */
export async function choose(page: Page, combobox: Locator, option: string) {
  const item = page.getByTitle(option, { exact: true }).last();
  await expect(async () => {
    await combobox.press("ArrowDown");
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // The open list comes last in the page (the chosen label may carry the same title).
  await item.click();
}
