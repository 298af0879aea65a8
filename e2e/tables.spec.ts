// A list on a school laptop: the title stays readable, and people choose the columns they need.
import { expect, test } from "@playwright/test";
import { DEMO } from "./accounts";
import { pickCenter, SHOTS, signIn } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 px a list's titles keep 240 px, and a hidden column stays hidden for this user", async ({ page }) => {
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");
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
  await page.getByRole("checkbox", { name: "Starts" }).uncheck();
  await expect(table.getByRole("columnheader", { name: "Starts" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Title" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Starts" })).toHaveCount(0);
  // Shown again on request.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("checkbox", { name: "Starts" }).check();
  await expect(page.getByRole("table").getByRole("columnheader", { name: "Starts" })).toBeVisible();
});
