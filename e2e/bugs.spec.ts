// The bugs a new user met (issue 10, part 1), each as the user meets it.
import { expect, test, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, openSignedIn, SHOTS, sidebar, signIn } from "./fixtures";

const EDITOR_JKT = "Content Editor - Jakarta Kemang";
const VIEWER_SBY = "Viewer - Surabaya Darmo";

async function asEditor(page: Page, center = EDITOR_JKT) {
  await openSignedIn(page, DEMO.editor, center);
}

async function asManager(page: Page) {
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
}

/** The signed-in session's headers, for reading what the test needs straight from the API. */
async function apiHeaders(page: Page, center: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  return { Authorization: `Bearer ${token}`, "X-Center-Code": center };
}

/** The texts of one column of the list, top to bottom. */
async function column(page: Page, index: number) {
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  const rows = page.getByRole("row");
  const count = await rows.count();
  const values: string[] = [];
  for (let i = 1; i < count; i++) values.push((await rows.nth(i).getByRole("cell").nth(index).innerText()).trim());
  return values;
}

const sortersOf = (url: string) => [...new URL(url).searchParams.entries()].filter(([k]) => k.startsWith("sorters"));

test("sorting: one column at a time, ascending → descending → default, the URL and the rows agreeing", async ({ page }) => {
  await asManager(page);
  await page.goto("/app/center-management/center-links");
  const label = page.getByRole("columnheader", { name: "Label" });
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  // The rows themselves, not the outline that stands in for them while they load.
  await expect(page.getByRole("cell", { name: /^Live/ }).first()).toBeVisible();
  const byLabel = (values: string[]) => [...values].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  const count = (await column(page, 0)).length;
  // The rows in one read, all of them (not the outline a new order shows while it loads), in `order`.
  const inOrder = (order: "asc" | "desc") => async () => {
    const values = await column(page, 0);
    const sorted = order === "asc" ? byLabel(values) : byLabel(values).reverse();
    return values.length === count && values.join("\n") === sorted.join("\n");
  };

  // The default order (by Order) gives way: sorting by Label sorts by label alone.
  await label.click();
  await expect
    .poll(() => sortersOf(page.url()))
    .toEqual([
      ["sorters[0][field]", "label"],
      ["sorters[0][order]", "asc"],
    ]);
  await expect(label).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(inOrder("asc")).toBe(true);

  await label.click();
  await expect
    .poll(() => sortersOf(page.url()))
    .toEqual([
      ["sorters[0][field]", "label"],
      ["sorters[0][order]", "desc"],
    ]);
  await expect(label).toHaveAttribute("aria-sort", "descending");
  await expect.poll(inOrder("desc")).toBe(true);

  // Another column replaces the sort instead of adding a second one.
  const order = page.getByRole("columnheader", { name: "Order" });
  await order.click();
  await expect
    .poll(() => sortersOf(page.url()))
    .toEqual([
      ["sorters[0][field]", "position"],
      ["sorters[0][order]", "asc"],
    ]);
  await expect(label).not.toHaveAttribute("aria-sort", /.+/);

  // Third click on a column: back to the default order.
  await label.click();
  await label.click();
  await label.click();
  await expect.poll(() => sortersOf(page.url()).some(([, v]) => v === "label")).toBe(false);
  await expect(label).not.toHaveAttribute("aria-sort", /.+/);
});

test("another page keeps the rows on screen, dimmed under a spinner, until its own rows arrive", async ({ page }) => {
  await asManager(page);
  // Three to a page: the center's posts fill more than one.
  await page.goto("/app/posts?currentPage=1&pageSize=3");
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(3);
  // Its title: the row's "updated" cell is relative time ("a minute ago"), which may tick meanwhile.
  const firstTitle = rows.first().getByRole("cell").first();
  const first = (await firstTitle.textContent())!;
  // The second page's answer waits until the test has seen what the list shows meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/posts\?(.*&)?page=2(&|$)/, async (route) => {
    await held;
    await route.continue();
  });
  // The veil is antd Spin's markup, which has no role: its spinner is the busy element inside it.
  const veil = page.getByRole("main").locator('.ant-spin-spinning[aria-busy="true"]');
  await page.getByRole("link", { name: "2", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("currentPage")).toBe("2");
  await expect(veil).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(firstTitle).toHaveText(first);
  release();
  await expect(veil).toHaveCount(0);
  await expect(firstTitle).not.toHaveText(first);
});

test("moving on while a drawer slides shut keeps the focus where it went, not on the button that opened the drawer", async ({ page }) => {
  await asManager(page);
  await page.goto("/app/center-management/center-links");
  await page.getByRole("button", { name: "New center link" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByLabel("Label", { exact: true })).toBeVisible();
  await drawer.getByRole("button", { name: "Cancel" }).click();
  // Straight into the search box while the drawer is still sliding away.
  const search = page.getByRole("searchbox", { name: /Search/ });
  await search.fill("zz-nothing-matches");
  await expect(drawer).toBeHidden();
  // The drawer gives focus back once its slide has ended: give it that moment, then type on.
  await page.waitForTimeout(300);
  await expect(search).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).search).toContain("zz-nothing-matches");
  await expect(drawer).toBeHidden();
});

test("a failed save says so, shows a sentence beside the field, focuses it, and leaving still warns", async ({ page }) => {
  await asEditor(page);
  const existing = (await (await page.request.get("/api/posts?limit=1", { headers: await apiHeaders(page, "JKT01") })).json()).data.docs[0];
  await page.goto("/app/posts/new?type=news");
  const form = page.getByRole("main");
  await form.getByLabel("Title", { exact: true }).fill(`Duplicate slug ${Date.now().toString(36)}`);
  await form.getByLabel("Slug", { exact: true }).fill(existing.slug);
  const content = form.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await content.pressSequentially("Written by the browser test.");
  await form.getByLabel("Venue", { exact: true }).focus();
  await page.getByRole("button", { name: "Submit for review" }).click();

  const toast = page.locator(".ant-notification").getByText("The post was not saved");
  await expect(toast).toBeVisible();
  await expect(page.getByText("This slug is already used by another post")).toBeVisible();
  await expect(page.getByText("is already in use", { exact: true })).toHaveCount(0);
  await expect(form.getByLabel("Slug", { exact: true })).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/bugs-failed-save-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/bugs-failed-save-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The edits are still unsaved: leaving asks, and staying keeps them.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await sidebar(page).getByRole("link", { name: "Welcome" }).click();
  await expect.poll(() => asked.length).toBe(1);
  await expect(page).toHaveURL(/\/app\/posts\/new/);
  await expect(form.getByLabel("Slug", { exact: true })).toHaveValue(existing.slug);
});

test("a second centre information for a center gets its own message, not the stale-save dialog", async ({ page }) => {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/center-management/center-informations");
  await expect(page.getByRole("heading", { name: "Center information" })).toBeVisible();
  await page.getByRole("button", { name: "New center information" }).click();
  const drawer = page.getByRole("dialog");
  await choose(page, drawer.getByRole("combobox", { name: "Center" }), "Jakarta Kemang");
  await drawer.getByLabel("Address", { exact: true }).fill("Jl. Kemang Raya 2");
  await drawer.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.locator(".ant-notification").getByText("The center information was not saved")).toBeVisible();
  await expect(page.locator(".ant-notification").getByText("This center already has one")).toBeVisible();
  await expect(page.getByRole("dialog").filter({ hasText: "Someone else saved this record" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reload" })).toHaveCount(0);
});

test("a deep link survives signing in, through pick-center, and only console paths are followed", async ({ page }) => {
  await page.goto("/login?to=/app/careers/lists");
  await page.getByLabel("Username").fill(DEMO.superadmin.username);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.superadmin.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/app\/careers\/lists$/);
  await expect(page.getByRole("heading", { name: "Careers" })).toBeVisible();

  // A signed-out visit to a console page comes back to it after signing in and picking a center.
  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/app/careers/lists");
  await expect(page).toHaveURL(/\/login\?to=/);
  await page.getByLabel("Username").fill(DEMO.editor.username);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.editor.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/pick-center\?to=/);
  await page.getByRole("radio", { name: VIEWER_SBY }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/app\/careers\/lists$/);

  // The center used last is preselected next time.
  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await expect(page).toHaveURL(/\/pick-center$/);
  await expect(page.getByRole("radio", { name: VIEWER_SBY })).toBeChecked();
});

test("a deep link to another origin is not followed", async ({ page }) => {
  // Every spelling is refused by safeConsolePath (src/lib/redirect.test.ts); one goes through the screens.
  await page.goto(`/login?to=${encodeURIComponent("//evil.com/app/welcome")}`);
  await page.getByLabel("Username").fill(DEMO.superadmin.username);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.superadmin.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app\/welcome$/);
});

test("dates typed and kept on Enter or Tab; end before start and salary from > to refused; numbers grouped", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/posts/new?type=news");
  const form = page.getByRole("main");
  const starts = form.getByLabel("Starts", { exact: true });
  await starts.click();
  await starts.fill("2026-12-05 18:00");
  await starts.press("Enter");
  await expect(starts).toHaveValue("5 Dec 2026 18:00");
  const ends = form.getByLabel("Ends", { exact: true });
  await ends.click();
  await ends.fill("2026-12-04 10:00");
  await ends.press("Tab");
  await expect(ends).toHaveValue("4 Dec 2026 10:00");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("The end must not be before the start")).toBeVisible();

  await page.goto("/app/careers/new");
  const from = form.getByLabel("Salary from (IDR / month)", { exact: true });
  const to = form.getByLabel("Salary to (IDR / month)", { exact: true });
  await from.fill("15000000");
  await to.fill("9000000");
  await to.press("Tab");
  await expect(from).toHaveValue("15,000,000");
  await expect(to).toHaveValue("9,000,000");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("The maximum salary must not be less than the minimum")).toBeVisible();
});

test("a date and time says what to choose, and what was picked in its panel is kept with OK", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/posts/new?type=news");
  const starts = page.getByRole("main").getByLabel("Starts", { exact: true });
  await expect(starts).toHaveAttribute("placeholder", "Choose date and time");
  await starts.click();
  // A day clicked in the panel waits for its time, and both for OK.
  const ok = page.getByRole("button", { name: "OK", exact: true });
  await expect(ok).toBeVisible();
  await starts.fill("2026-12-05 18:30");
  await ok.click();
  await expect(ok).toBeHidden();
  await expect(starts).toHaveValue("5 Dec 2026 18:30");
});

test.describe("in Indonesian", () => {
  test.use({ locale: "id-ID" });

  test("a date and time's field and its OK are in Indonesian", async ({ page }) => {
    await openSignedIn(page, DEMO.editor, EDITOR_JKT, "/app/posts/new?type=news");
    const starts = page.getByRole("main").getByLabel("Mulai", { exact: true });
    await expect(starts).toHaveAttribute("placeholder", "Pilih tanggal dan waktu");
    await starts.click();
    await expect(page.getByRole("button", { name: "Baik", exact: true })).toBeVisible();
  });
});

test("browser Back from a dirty form asks first; Cancel keeps the edits, OK leaves", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/events/life-club");
  const row = page.getByRole("row").nth(1);
  await expect(row.getByRole("link").first()).toBeVisible();
  const title = (await row.getByRole("cell").first().innerText()).trim();
  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/app\/posts\/edit\/\d+$/);
  // The form, not the list (whose "Title" column carries the same label), once its chunk has loaded.
  await expect(page.getByRole("heading", { name: "Edit post" })).toBeVisible();
  const titleInput = page.getByLabel("Title", { exact: true });
  await expect(titleInput).toHaveValue(title);
  const editUrl = page.url();
  await titleInput.fill(`${title} (edited)`);

  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.goBack();
  await expect(page).toHaveURL(editUrl);
  await expect(titleInput).toHaveValue(`${title} (edited)`);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/events\/life-club/);
});

test("a list tells empty, no results and could-not-load apart", async ({ page }) => {
  // Three states, each photographed at two sizes.
  test.setTimeout(60_000);
  await asEditor(page);
  await page.goto("/app/posts");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  const shoot = async (name: string) => {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/bugs-list-${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  };

  // No results for this search: "Clear filters" brings the rows back.
  const search = page.getByRole("searchbox", { name: "Search posts" });
  await search.fill("zz-nothing-matches-this");
  await search.press("Enter");
  await expect(page.getByText("No posts match this search or filter")).toBeVisible();
  await expect(page.getByText("No posts yet")).toHaveCount(0);
  await shoot("no-results");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("row").nth(1).getByRole("link").first()).toBeVisible();
  await expect(search).toHaveValue("");

  // The server cannot be reached: not "No posts yet", but a Retry.
  // The whole server is away (its readiness too, so the shell's banner does not refresh the list).
  let away = true;
  for (const path of ["**/api/posts?**", "**/api/ready"]) await page.route(path, (route) => (away ? route.abort() : route.continue()));
  await page.reload();
  await expect(page.getByText("The posts could not be loaded")).toBeVisible();
  await expect(page.getByText("No posts yet")).toHaveCount(0);
  await expect(page.getByText(/status code/)).toHaveCount(0);
  await shoot("could-not-load");
  away = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await page.unrouteAll();
  await expect(page.getByRole("row").nth(1).getByRole("link").first()).toBeVisible();

  // Nothing yet: the create button. (A center with no posts, as the server would answer it.)
  await page.route("**/api/posts?**", (route) =>
    route.fulfill({ json: { statusCode: 200, data: { docs: [], totalDocs: 0, page: 1, limit: 10, totalPages: 1 } } }),
  );
  await page.reload();
  await expect(page.getByText("No posts yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create the first one" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
  await shoot("empty");
});

test("another center's record says not found once, without a developer's toast", async ({ page }) => {
  await asEditor(page);
  const other = (await (await page.request.get("/api/posts?limit=1", { headers: await apiHeaders(page, "SBY01") })).json()).data.docs[0];
  await page.goto(`/app/posts/edit/${other.id}`);
  await expect(page.getByRole("alert").filter({ hasText: "This post was not found" })).toBeVisible();
  await expect(page.getByText(/not found/i)).toHaveCount(1);
  await expect(page.getByText(/status code/)).toHaveCount(0);
});

test("a viewer's list asks no permission probes beyond the page's gate, and none is refused", async ({ page }) => {
  const probes: { status: number; url: string }[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/a/verify/___pc")) probes.push({ status: response.status(), url: response.url() });
  });
  await asEditor(page, VIEWER_SBY);
  probes.length = 0;
  await page.goto("/app/events/life-club");
  await expect(page.getByRole("row").nth(1).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /New post/ })).toHaveCount(0);
  expect(probes.filter((p) => p.status === 403)).toEqual([]);
  expect(probes).toHaveLength(1);
});

test("copy: Center information; users show their centers and roles; no Delete on your own account", async ({ page }) => {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await expect(sidebar(page).getByText("Center Informations")).toHaveCount(0);
  await page.goto("/app/administration/users");
  await expect(page.getByRole("columnheader", { name: "Centers and roles" })).toBeVisible();
  // The browser tests' own accounts fill the first pages: each person is found by name.
  const search = page.getByPlaceholder("Search users");
  await search.fill(DEMO.manager.fullname);
  await search.press("Enter");
  const manager = page.getByRole("row").filter({ hasText: DEMO.manager.fullname });
  await expect(manager.getByText("JKT01 · Center Manager")).toBeVisible();
  await expect(manager.getByRole("button", { name: `Delete ${DEMO.manager.fullname}` })).toBeVisible();
  await search.fill(DEMO.superadmin.fullname);
  await search.press("Enter");
  const me = page.getByRole("row").filter({ hasText: DEMO.superadmin.fullname });
  await expect(me.getByRole("button", { name: /Edit/ })).toBeVisible();
  await expect(me.getByRole("button", { name: `Delete ${DEMO.superadmin.fullname}` })).toHaveCount(0);
});

test("a new password equal to the current one is refused beside the field", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/change-password");
  await page.getByLabel("Current password", { exact: true }).fill(DEMO.editor.password);
  await page.getByLabel("New password", { exact: true }).fill(DEMO.editor.password);
  await page.getByLabel("Confirm new password", { exact: true }).fill(DEMO.editor.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The new password must be different from the current one")).toBeVisible();
});
