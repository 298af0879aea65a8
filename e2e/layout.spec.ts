// The console's layout on a desktop (1440×900) and a phone (390×844) (issue 10 §2): the phone's
// menu, lists and forms, tables that keep their actions, waiting without blank space or jumps,
// breadcrumbs, the welcome page, the approval page and the inbox.
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, openSignedIn, SHOTS, sidebar, signIn } from "./fixtures";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: PHONE },
] as const;

test.describe.configure({ timeout: 60_000 });

async function asManager(page: Page) {
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
}

async function asSuperadmin(page: Page) {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
}

/** The first record of a list, read from the API with the page's own session. */
async function firstRecord(page: Page, resource: string, center = "JKT01") {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const res = await page.request.get(`/api/${resource}?limit=1`, { headers: { Authorization: `Bearer ${token}`, "X-Center-Code": center } });
  return (await res.json()).data.docs[0] as { id: number; title: string };
}

/** A screenshot attached to the test's output and kept in test-results/screenshots. */
async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const body = await page.screenshot({ path: `${SHOTS}/layout-${name}.png`, fullPage });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

const noSideScroll = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

const box = async (locator: Locator) => (await locator.boundingBox())!;

test.describe("the menu", () => {
  test("on a phone: a labelled button opens it over the page, navigating closes it, and it never covers the title", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await asManager(page);
    const heading = page.getByRole("heading", { name: "Welcome, Demo Center Manager" });
    await expect(heading).toBeVisible();
    const opener = page.getByRole("button", { name: "Open menu" });
    await expect(opener).toBeVisible();
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    // The opener sits above the title, not on it.
    const [openerBox, headingBox] = [await box(opener), await box(heading)];
    expect(openerBox.y + openerBox.height).toBeLessThanOrEqual(headingBox.y);
    await expect(sidebar(page)).toBeHidden();

    await opener.click();
    const menu = page.getByRole("dialog").filter({ has: sidebar(page) });
    await expect(menu).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Welcome" })).toBeInViewport();
    // Over the page: the page keeps its place and width.
    expect(await box(heading)).toEqual(headingBox);
    await shoot(page, test.info(), "phone-menu", false);

    await sidebar(page).getByText("Career Management").click();
    // The group unfolds in an animation: a busy machine's click could land where the entry was.
    const careers = sidebar(page).getByRole("link", { name: "Careers" });
    await expect
      .poll(async () => {
        const before = await careers.boundingBox();
        await page.waitForTimeout(250);
        return JSON.stringify(before) === JSON.stringify(await careers.boundingBox());
      })
      .toBe(true);
    await careers.click();
    await expect(page).toHaveURL(/\/app\/careers\/lists/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Careers" })).toBeVisible();

    // Closed by its own button too, and by the entry of the page already shown.
    await opener.click();
    await expect(menu).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await opener.click();
    await sidebar(page).getByRole("link", { name: "Careers" }).click();
    await expect(menu).toBeHidden();
  });

  test("on a desktop: the sidebar stands beside the page, with no opener", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await asManager(page);
    await expect(sidebar(page).getByRole("link", { name: "Welcome" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    const [nav, heading] = [await box(sidebar(page)), await box(page.getByRole("heading", { name: "Welcome, Demo Center Manager" }))];
    expect(nav.x + nav.width).toBeLessThanOrEqual(heading.x);
  });

  test("on an 800 px tall screen with every group open, only the menu scrolls: the profile and Sign Out stay", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await asManager(page);
    const nav = sidebar(page);
    const groups = nav.getByRole("menuitem", { expanded: false });
    await expect(groups.filter({ hasText: "Career Management" })).toBeVisible();
    const profile = nav.getByText("Demo Center Manager", { exact: true });
    const profileAt = (await box(profile)).y;
    // Open every group, each click on one still folded.
    while ((await groups.count()) > 0) await groups.first().click();
    await expect(nav.getByRole("link", { name: "Careers", exact: true })).toBeVisible();
    const lastEntry = nav.getByRole("link").last();
    // The wheel over the menu, as a person scrolls it (scrollIntoView would scroll the window too,
    // the welcome page being taller than the screen).
    // Over the middle of the sidebar, where the menu is (hovering a locator would scroll it into view).
    const side = (await nav.boundingBox())!;
    await page.mouse.move(side.x + side.width / 2, 400);
    await page.mouse.wheel(0, 3_000);
    await expect(lastEntry).toBeInViewport();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeInViewport();
    await expect(nav.getByRole("combobox", { name: "Switch center" })).toBeInViewport();
    await expect(nav.getByText("Demo Center Manager", { exact: true })).toBeInViewport();
    // The sidebar never moved (the page beside it may scroll: the welcome page is taller than the
    // screen); within a pixel, as layout rounds sub-pixel positions.
    expect(Math.abs((await box(profile)).y - profileAt)).toBeLessThan(1);
    await testInfo.attach("sidebar-800", { body: await page.screenshot({ path: `${SHOTS}/sidebar-800.png` }), contentType: "image/png" });
  });

  test("the approval group's entries name their queue, not the group again, and no two entries share a name", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await asManager(page);
    const nav = sidebar(page);
    for (const group of ["Content Approval", "Career Management", "Center Management", "Event Management"]) {
      await nav.getByRole("menuitem", { name: new RegExp(`^${group}`) }).click();
    }
    await expect(nav.getByRole("link", { name: /^Content requests/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Content Approval/ })).toHaveCount(0);
    // Names without their counts ("Career requests 3 waiting"): each says one place.
    const names = (await nav.getByRole("link").allInnerTexts()).map((text) => text.replace(/\s*\d+\+?$/, "").trim());
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    await nav.getByRole("link", { name: /^Content requests/ }).click();
    await expect(page.getByRole("heading", { name: "Content Approval" })).toBeVisible();
  });

  test("from the keyboard (antd Menu's): arrows walk the entries, Enter folds a group or goes", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await asManager(page);
    const nav = sidebar(page);
    const approvals = nav.getByRole("menuitem", { name: /^Content Approval/ }).first();
    await expect(approvals).toHaveAttribute("aria-expanded", "false");
    await nav.getByRole("link", { name: "Welcome" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: /Customer Chats/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Publishing calendar" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Reports" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(approvals).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(approvals).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    const entry = nav.getByRole("link", { name: /^Content\b/ });
    await expect(entry).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(approvals).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(approvals).toHaveAttribute("aria-expanded", "false");
    await expect(entry).toBeHidden();
    await page.keyboard.press("Enter");
    // The group unfolds (an animation) before the arrow can reach its entry.
    await expect(entry).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(entry).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/app\/administration\/content-approval$/);
    await expect(entry).toHaveAttribute("aria-current", "page");
  });
});

for (const { name, viewport } of SIZES) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("lists: cards on a phone (title, state, listed fields, actions), a table on a desktop", async ({ page }, testInfo) => {
      await asManager(page);
      for (const [path, label] of [
        ["/app/posts", "Posts"],
        ["/app/careers/lists", "Careers"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();
        const resource = path === "/app/posts" ? "posts" : "careers";
        const first = await firstRecord(page, resource);
        const title = first.title;
        if (viewport === PHONE) {
          const card = page.getByRole("article", { name: title });
          await expect(card).toBeVisible();
          await expect(page.getByRole("table")).toHaveCount(0);
          await expect(card.getByText(/^(Live|Pending approval|Rejected|Live · change pending|Live · deletion pending)$/)).toBeVisible();
          await expect(card.getByText("Updated", { exact: true })).toBeVisible();
          const edit = card.getByRole("link", { name: `Edit ${title}` });
          await expect(edit).toBeVisible();
          const cardBox = await box(card);
          expect(cardBox.x).toBeGreaterThanOrEqual(0);
          expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(viewport.width);
          // The title reads whole, in words: not cut, not broken letter by letter (a title wrapped
          // beside a long state tag is about 150 px wide; one broken letter by letter, under 30).
          expect((await box(card.getByText(title, { exact: true }))).width).toBeGreaterThan(100);
          await noSideScroll(page);
          // Sorting and the columns' filters without column headers.
          await expect(page.getByRole("combobox", { name: "Sort by" })).toBeVisible();
          if (resource === "posts") {
            await choose(page, page.getByRole("combobox", { name: "Sort by" }), "Title, ascending");
            await expect.poll(() => new URL(page.url()).searchParams.get("sorters[0][field]")).toBe("title");
            const titles = page.getByRole("article");
            // The cards in the order of their titles.
            await expect
              .poll(async () => {
                const names = await titles.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
                const sorted = [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
                return names.length > 1 && names.join("|") === sorted.join("|");
              })
              .toBe(true);
            await choose(page, page.getByRole("combobox", { name: "Type" }), "News");
            await expect.poll(() => page.url()).toContain("filters");
            // One read of all cards at a time: the filtered page replaces the cards while it draws them in slices.
            await expect
              .poll(() =>
                titles.evaluateAll(
                  (els) =>
                    els.length > 0 && els.every((e) => [...e.querySelectorAll("*")].some((c) => c.childElementCount === 0 && c.textContent?.trim() === "News")),
                ),
              )
              .toBe(true);
          }
        } else {
          await expect(page.getByRole("table")).toBeVisible();
          await expect(page.getByRole("article")).toHaveCount(0);
          await expect(page.getByRole("columnheader", { name: "Actions" })).toBeInViewport();
        }
        await shoot(page, testInfo, `${name}-list-${resource}`);
      }
    });

    test("forms: full width, nothing off the screen", async ({ page }, testInfo) => {
      await asManager(page);
      const career = await firstRecord(page, "careers");
      await page.goto(`/app/careers/edit/${career.id}`);
      await expect(page.getByLabel("Job title", { exact: true })).toHaveValue(career.title);
      await noSideScroll(page);
      const main = await box(page.getByRole("main"));
      // Every input takes the width the page gives the form (less the card's padding); a desktop's form keeps its measure.
      for (const label of ["Salary from (IDR / month)", "Closing date"]) {
        const input = await box(page.getByLabel(label, { exact: true }));
        if (viewport === PHONE) expect(input.width, label).toBeGreaterThan(main.width - 130);
        else expect(input.width, label).toBeLessThan(920);
      }
      // A counted note's help and its count do not run into each other.
      const count = await box(page.getByText(/^0 \/ 500$/));
      const lines = await page.getByText(/^Optional: what changed and why/).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
      });
      const meets = (a: { x: number; y: number; width: number; height: number }) =>
        a.x < count.x + count.width && count.x < a.x + a.width && a.y < count.y + count.height && count.y < a.y + a.height;
      expect(lines.filter(meets), "the note's help runs into its count").toEqual([]);
      await shoot(page, testInfo, `${name}-form-page`);

      // The day-and-time panel is whole on the screen, from its first arrow to its OK.
      await page.getByLabel("Go live at", { exact: true }).click();
      for (const button of ["Last year (Control + left)", "OK"]) {
        const b = await box(page.getByRole("button", { name: button, exact: true }));
        expect(b.x, button).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, button).toBeLessThanOrEqual(viewport.width);
      }
      await page.keyboard.press("Escape");

      // A drawer's form (center links) fits the screen.
      await page.goto("/app/center-management/center-links");
      await page.getByRole("button", { name: "New center link" }).click();
      const drawer = page.getByRole("dialog");
      await expect(drawer.getByLabel("Label", { exact: true })).toBeVisible();
      await expect
        .poll(async () => {
          const b = await box(drawer);
          return b.x >= 0 && b.x + b.width <= viewport.width + 1;
        })
        .toBe(true);
      await shoot(page, testInfo, `${name}-form-drawer`, false);
    });

    test("tables keep their actions and states in view; long text ends in an ellipsis with the whole text on hover", async ({ page }) => {
      // Across every center a superadmin's posts list has one more column: the widest list.
      await asSuperadmin(page);
      await page.goto("/app/posts");
      await expect(page.getByRole("heading", { name: "Posts", exact: true })).toBeVisible();
      const rows = viewport === PHONE ? page.getByRole("article") : page.getByRole("row").filter({ has: page.getByRole("cell") });
      await expect(rows.first()).toBeVisible();
      // Every row's buttons and state are whole and on top (not clipped, not under another column).
      await expect
        .poll(() =>
          page.evaluate((phone) => {
            const problems: string[] = [];
            const frame = phone ? { left: 0, right: window.innerWidth } : document.querySelector("table")!.parentElement!.getBoundingClientRect();
            const items = phone ? document.querySelectorAll("[role=article]") : document.querySelectorAll("tbody tr[data-row-key]");
            for (const item of items) {
              const targets = [...item.querySelectorAll("button, .ant-tag")];
              for (const target of targets) {
                const r = target.getBoundingClientRect();
                if (r.top < 0 || r.bottom > window.innerHeight) continue;
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5)
                  problems.push(`${target.textContent || target.getAttribute("aria-label")} clipped`);
                else if (r.width > 0 && !(hit && (target === hit || target.contains(hit))))
                  problems.push(`${target.textContent || target.getAttribute("aria-label")} covered`);
                if (target.scrollWidth > target.clientWidth + 1) problems.push(`${target.textContent} cut`);
              }
            }
            return problems;
          }, viewport === PHONE),
        )
        .toEqual([]);

      if (viewport === DESKTOP) {
        await expect(page.getByRole("columnheader", { name: "Actions" })).toBeInViewport({ ratio: 1 });
        // No cell's text runs over its neighbour: what does not fit ends in an ellipsis.
        expect(
          await page.evaluate(() =>
            [...document.querySelectorAll("tbody td")]
              .filter((td) => td.scrollWidth > td.clientWidth + 1 && getComputedStyle(td).textOverflow !== "ellipsis")
              .map((td) => td.textContent),
          ),
        ).toEqual([]);
      }
    });

    test("a long title is cut to its column, and hovering it shows it whole", async ({ page }) => {
      test.skip(viewport === PHONE, "a phone's cards show titles whole (tested with the lists)");
      await asSuperadmin(page);
      await page.goto("/app/posts");
      // Found by search: posts the other browser tests write come first in the list.
      await page.getByPlaceholder("Search posts").fill("Movie Night");
      await page.getByPlaceholder("Search posts").press("Enter");
      const cell = page
        .getByRole("row")
        .filter({ hasText: "Movie Night" })
        .first()
        .getByText(/Movie Night/);
      await expect(cell).toBeVisible();
      const title = (await cell.textContent())!;
      expect(title.length).toBeGreaterThan(40);
      // Cut: the text is wider than its cell.
      expect(await cell.evaluate((el) => el.getBoundingClientRect().width > el.closest("td")!.clientWidth)).toBe(true);
      await cell.hover();
      await expect(page.getByRole("tooltip").filter({ hasText: title })).toBeVisible();
    });

    test("waiting: the page's outline fills the gap after the permission check, and the title's buttons never jump", async ({ page }) => {
      await asManager(page);
      await expect(page.getByRole("heading", { name: "Welcome, Demo Center Manager" })).toBeVisible();
      // Watch every frame of a first visit to a list (its code not loaded yet): how tall the page's
      // content stands below the bar, and where Export CSV is once it shows.
      await page.evaluate(() => {
        const w = window as unknown as { samples: { height: number; title: boolean; exportAt?: string }[] };
        w.samples = [];
        const started = performance.now();
        const tick = () => {
          const main = document.querySelector("main");
          if (main && location.pathname === "/app/careers/lists") {
            const top = main.getBoundingClientRect().top;
            const header = main.querySelector("header");
            const from = header ? header.getBoundingClientRect().bottom : top + 40;
            let bottom = from;
            for (const el of main.querySelectorAll("*")) {
              if (header?.contains(el)) continue;
              const r = el.getBoundingClientRect();
              if (r.width > 0 && r.height > 0) bottom = Math.max(bottom, r.bottom);
            }
            const exportButton = [...main.querySelectorAll("button")].find((b) => b.textContent?.includes("Export CSV"));
            const visible = exportButton && getComputedStyle(exportButton).visibility === "visible";
            const r = exportButton?.getBoundingClientRect();
            w.samples.push({
              height: bottom - from,
              title: !!main.querySelector("h2"),
              exportAt: visible && r ? `${Math.round(r.left)},${Math.round(r.top)}` : undefined,
            });
          }
          if (performance.now() - started < 20_000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      if (viewport === PHONE) await page.getByRole("button", { name: "Open menu" }).click();
      await sidebar(page).getByText("Career Management").click();
      await sidebar(page).getByRole("link", { name: "Careers" }).click();
      await expect(page.getByRole("button", { name: "New career" })).toBeVisible();
      await expect(page.getByRole("row").or(page.getByRole("article")).nth(2)).toBeVisible();
      await page.waitForTimeout(1_000);
      const samples = await page.evaluate(() => (window as unknown as { samples: { height: number; title: boolean; exportAt?: string }[] }).samples);
      expect(samples.length).toBeGreaterThan(10);
      // Before the page's title: never a blank page, the gate's line alone or a page shorter than its outline.
      const waiting = samples.filter((s) => !s.title);
      expect(waiting.length).toBeGreaterThan(0);
      expect(Math.min(...waiting.map((s) => s.height))).toBeGreaterThan(200);
      // Export CSV stays where it first showed: New career did not push it aside.
      expect([...new Set(samples.map((s) => s.exportAt).filter(Boolean))]).toHaveLength(1);
    });

    test("record screens: breadcrumbs back to their list, and the list's menu entry lit", async ({ page }) => {
      await asManager(page);
      const career = await firstRecord(page, "careers");
      await page.goto(`/app/careers/edit/${career.id}`);
      await expect(page.getByRole("heading", { name: "Edit career" })).toBeVisible();
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs).toBeVisible();
      await expect(crumbs).toContainText("Career Management");
      await expect(crumbs.getByText("Edit career")).toHaveAttribute("aria-current", "page");
      if (viewport === PHONE) await page.getByRole("button", { name: "Open menu" }).click();
      const entry = sidebar(page).getByRole("link", { name: "Careers" });
      await expect(entry).toBeVisible();
      await expect(entry).toHaveAttribute("aria-current", "page");
      // The only lit entry.
      await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText("Careers");
      if (viewport === PHONE) await page.getByRole("button", { name: "Close menu" }).click();

      // A post's history page too; and a list has no breadcrumbs (its menu entry says where it is).
      const post = await firstRecord(page, "posts");
      await page.goto(`/app/posts/history/${post.id}`);
      await expect(crumbs.getByRole("link", { name: "Posts" })).toBeVisible();
      await crumbs.getByRole("link", { name: "Posts" }).click();
      await expect(page).toHaveURL(/\/app\/posts(\?|$)/);
      await expect(page.getByRole("heading", { name: "Posts", exact: true })).toBeVisible();
      await expect(crumbs).toHaveCount(0);
    });

    test("the welcome page: each value whole, on a phone below its label", async ({ page }, testInfo) => {
      await asSuperadmin(page);
      // The identity details, below the blocks (whose requests may name a superadmin too).
      const details = page.getByRole("main").getByRole("table").filter({ hasText: "Account type" });
      const value = details.getByText("Superadmin", { exact: true }).first();
      const label = details.getByText("Account type", { exact: true });
      await expect(value).toBeVisible();
      const [v, l] = [await box(value), await box(label)];
      // One line: "Superadmin", never "Superad / min".
      expect(v.height).toBeLessThan(30);
      if (viewport === PHONE) expect(l.y + l.height).toBeLessThanOrEqual(v.y + 1);
      else expect(l.x + l.width).toBeLessThanOrEqual(v.x);
      await noSideScroll(page);
      await shoot(page, testInfo, `${name}-welcome`);
    });

    test("the approval page: versions side by side on a desktop, stacked on a phone, the decision at hand", async ({ page }, testInfo) => {
      await asManager(page);
      await page.goto("/app/administration/content-approval");
      await expect(page.getByRole("heading", { name: "Content Approval" })).toBeVisible();
      const title = "Life Club: Movie Night and Q&A with the Director in Kemang";
      await page.getByRole("link", { name: title, exact: true }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      // The live version's removed word and the proposal's added one.
      const live = page.getByText("Discussion", { exact: true }).first();
      const proposed = page.getByText("Q&A", { exact: true }).first();
      await expect(live).toBeVisible();
      const [a, b] = [await box(live), await box(proposed)];
      if (viewport === PHONE) expect(b.y).toBeGreaterThan(a.y + a.height - 1);
      else expect(b.x).toBeGreaterThan(a.x + a.width - 1);
      // The comparison's title reads on one line; on a phone its switch stands below it, on a desktop beside it.
      const heading = await box(page.getByText("Live and proposed versions", { exact: true }));
      const toggle = await box(page.getByRole("switch", { name: "Only changed fields" }));
      expect(heading.height).toBeLessThan(30);
      if (viewport === PHONE) expect(toggle.y).toBeGreaterThanOrEqual(heading.y + heading.height - 1);
      else expect(toggle.x).toBeGreaterThanOrEqual(heading.x + heading.width);
      await expect(page.getByRole("region", { name: "Decision" }).getByRole("button", { name: "Approve" })).toBeInViewport();
      await noSideScroll(page);
      await shoot(page, testInfo, `${name}-approval`);
    });

    test("the inbox works as before", async ({ page }, testInfo) => {
      await asManager(page);
      await page.goto("/app/customer-chats");
      const list = page.getByRole("region", { name: "Conversations" });
      await expect(list.getByRole("link", { name: "Michael Tan" })).toBeVisible();
      await noSideScroll(page);
      await list.getByRole("link", { name: "Michael Tan" }).click();
      await expect(page.getByRole("region", { name: "Conversation with Michael Tan" }).getByText("Also, can I pay in two instalments?")).toBeVisible();
      await noSideScroll(page);
      await shoot(page, testInfo, `${name}-inbox`, false);
    });
  });
}

/** Whether two boxes share any point. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The whole notice of a toast, its padding too (the alert is its content), once it has slid in. */
async function noticeBox(toast: Locator) {
  const notice = toast.locator("xpath=../..");
  await expect(notice).toBeInViewport({ ratio: 1 });
  return (await notice.boundingBox())!;
}

for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
  test(`at ${viewport.width} px the sign-in's toast leaves the bell clickable`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO.superadmin.username, DEMO.superadmin.password);
    const toast = page.getByRole("alert").filter({ hasText: "Login success" });
    await expect(toast).toBeVisible();
    const bell = page.getByRole("button", { name: "Notifications" });
    await expect(bell).toBeVisible();
    expect(overlaps(await noticeBox(toast), (await bell.boundingBox())!)).toBe(false);
    await bell.click({ timeout: 2_000 });
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
  });

  test(`at ${viewport.width} px a toast leaves the bell and the page's buttons in view and clickable`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSignedIn(page, DEMO.editor, "Content Editor - Jakarta Kemang");
    await page.goto("/app/posts/new?type=news");
    await page.getByLabel("Title", { exact: true }).fill(`Toast ${viewport.width} ${Date.now().toString(36)}`);
    const content = page.getByRole("textbox", { name: "Content", exact: true });
    await content.click();
    await content.pressSequentially("Under the header.");
    await page.getByRole("button", { name: "Submit for review" }).click();

    const toast = page.getByRole("alert").filter({ hasText: "Post submitted for approval" });
    await expect(toast).toBeVisible();
    const notice = await noticeBox(toast);
    const bell = page.getByRole("button", { name: "Notifications" });
    for (const name of ["Notifications", "New post", "Export CSV"]) {
      const control = page.getByRole("button", { name });
      await expect(control).toBeVisible();
      expect(overlaps(notice, (await control.boundingBox())!), `the toast covers ${name}`).toBe(false);
    }
    // Clickable while the toast shows: the click lands on the bell itself.
    await bell.click({ timeout: 2_000 });
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await expect(toast).toBeVisible();
  });
}
