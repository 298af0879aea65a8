// A list on a school laptop: the title stays readable, and people choose the columns they need.
import { expect, test, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn, SHOTS } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 px a list's titles keep 240 px, and a hidden column stays hidden for this user, on any browser", async ({ page, browser }) => {
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
  await page.goto("/app/posts");
  const table = page.getByRole("table");
  const title = table.getByRole("columnheader", { name: "Title" });
  await expect(title).toBeVisible();
  expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  // No state tag slides under the sticky actions, the longest ("Live · deletion pending") included.
  const actions = (await table.getByRole("columnheader", { name: "Actions" }).boundingBox())!;
  const tags = table.getByText(/^(Live|Pending approval|Rejected)( · [a-z ]+)?$/);
  expect(await tags.count()).toBeGreaterThan(2);
  for (const tag of await tags.all()) {
    const box = (await tag.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(actions.x + 1);
  }
  await page.screenshot({ path: `${SHOTS}/posts-1280.png` });
  // A list with a second text column (careers' department) gives the title the room, not half of it.
  await page.goto("/app/careers/lists");
  const jobTitle = page.getByRole("table").getByRole("columnheader", { name: "Job title" });
  await expect(jobTitle).toBeVisible();
  expect((await jobTitle.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await page.goto("/app/posts");
  await expect(table.getByRole("columnheader", { name: "Title" })).toBeVisible();

  await page.getByRole("button", { name: "Columns" }).click();
  // A click, then the state: the box is React's to redraw, which a loaded machine does a moment later.
  await page.getByRole("checkbox", { name: "Starts" }).click();
  await expect(page.getByRole("checkbox", { name: "Starts" })).not.toBeChecked();
  await expect(table.getByRole("columnheader", { name: "Starts" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Title" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Starts" })).toHaveCount(0);
  // The account remembers it: another browser, signed in as the same person, hides it too.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const elsewhere = await other.newPage();
  await openSignedIn(elsewhere, DEMO.manager, "Center Manager - Jakarta Kemang");
  await elsewhere.goto("/app/posts");
  await expect(elsewhere.getByRole("table").getByRole("columnheader", { name: "Title" })).toBeVisible();
  await expect(elsewhere.getByRole("table").getByRole("columnheader", { name: "Starts" })).toHaveCount(0);
  await other.close();
  // Shown again on request.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("checkbox", { name: "Starts" }).click();
  await expect(page.getByRole("checkbox", { name: "Starts" })).toBeChecked();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Starts" })).toBeVisible();
});

/** Header cells with a word split over two lines ("Perubah-an"): the column is too narrow for it. */
const brokenHeaders = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("thead th")].flatMap((th) => {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );

/** Body cells whose text runs over the next column instead of ending in an ellipsis. */
const spillingCells = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("tbody td")]
      .filter((td) => td.scrollWidth > td.clientWidth + 1 && getComputedStyle(td).textOverflow !== "ellipsis")
      .map((td) => td.textContent),
  );

test("at 1280 px the superadmin's content queue, across centers, gives the title 240 px and fits", async ({ page }) => {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\//);
  await page.goto("/app/administration/content-approval");
  const table = page.getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Center" })).toBeVisible();
  const title = table.getByRole("columnheader", { name: "Title" });
  expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  expect(await spillingCells(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/content-queue-1280.png` });
});

test.describe("in Indonesian", () => {
  test.use({ locale: "id-ID" });

  test("the queue's and a history's headers keep their words whole, and no cell spills over", async ({ page }) => {
    await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
    await page.goto("/app/administration/content-approval");
    const queue = page.getByRole("table").first();
    await expect(queue.getByRole("columnheader", { name: "Perubahan" })).toBeVisible();
    await expect(queue.getByRole("row").nth(1)).toBeVisible();
    expect((await queue.getByRole("columnheader", { name: "Judul" }).boundingBox())!.width).toBeGreaterThanOrEqual(240);
    expect(await brokenHeaders(page)).toEqual([]);
    expect(await spillingCells(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/content-queue-1280-id.png` });

    await page.goto("/app/posts");
    await page
      .getByRole("table")
      .getByRole("link", { name: /^Riwayat/ })
      .first()
      .click();
    const history = page.getByRole("table").first();
    await expect(history.getByRole("columnheader", { name: "Waktu" })).toBeVisible();
    await expect(history.getByRole("row").nth(1)).toBeVisible();
    expect(await brokenHeaders(page)).toEqual([]);
    expect(await spillingCells(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/history-1280-id.png` });
  });

  test("a list with few row buttons keeps its actions header whole", async ({ page }) => {
    await openSignedIn(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/app\//);
    await page.goto("/app/administration/roles");
    const table = page.getByRole("table").first();
    await expect(table.getByRole("columnheader", { name: "Tindakan" })).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    expect(await brokenHeaders(page)).toEqual([]);
  });
});
