import { expect, type Locator, type Page } from "@playwright/test";
import { LOCALE_STORAGE_KEY } from "../providers/i18n";
import { lastCenterKey, STORAGE_KEYS } from "../providers/session";

export const SHOTS = "test-results/screenshots";

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
}

/**
 * Opens the console at `path` signed in, as the sign-in form and pick-center leave it, without
 * walking them: the form keeps its button loading for 2 s by design, which a test about another
 * screen need not wait for. `role` is the pick-center option ("Center Manager - Jakarta Kemang");
 * a superadmin has none. The sign-in itself is the server's, the same call the form makes.
 */
export async function openSignedIn(page: Page, account: { username: string; password: string }, role?: string | RegExp, path = "/app/welcome") {
  const login = await page.request.post("/api/auth/login", { data: { username: account.username, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  const user = (await login.json()).data as { id: number; token: string; fullname: string; username: string; user_type: string; locale: string | null };
  const storage: Record<string, string> = {
    [STORAGE_KEYS.user]: JSON.stringify({ id: user.id, token: user.token, fullname: user.fullname, username: user.username, user_type: user.user_type }),
  };
  if (user.locale) storage[LOCALE_STORAGE_KEY] = user.locale;
  if (role !== undefined) {
    const answer = await page.request.get(`/api/e1-centers/by-admin/${user.id}?limit=100`, { headers: { Authorization: `Bearer ${user.token}` } });
    expect(answer.status()).toBe(200);
    const centers = (await answer.json()).data.docs as {
      center_code: string;
      center_web_name: string;
      assignment: { id: number; role: { name: string } } | null;
    }[];
    const label = (c: (typeof centers)[number]) => `${c.assignment?.role.name ?? ""} - ${c.center_web_name}`;
    const center = centers.find((c) => (typeof role === "string" ? label(c) === role : role.test(label(c))));
    expect(center, `${account.username} holds ${String(role)}; has ${centers.map(label).join(", ")}`).toBeTruthy();
    storage[STORAGE_KEYS.center] = center!.center_code;
    if (center!.assignment) storage[STORAGE_KEYS.assignment] = String(center!.assignment.id);
    storage[lastCenterKey(user.id)] = center!.center_code;
  }
  // Local storage belongs to the console's origin: any page of it will do to write it.
  await page.goto("/api/health");
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.goto(path);
}

/**
 * Waits until a dialog has finished zooming in (every animation of the page that ends has ended).
 * Under load a button still growing can hold still for the two frames Playwright waits for, and a
 * click then lands on the mask beside it, which closes the dialog instead.
 */
export async function dialogSettled(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await dialog.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Clicks a dialog's button once the dialog has settled (see dialogSettled). */
export async function clickInDialog(dialog: Locator, name: string) {
  await dialogSettled(dialog);
  await dialog.getByRole("button", { name }).click();
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
