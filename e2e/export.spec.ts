// A list exports as CSV with its current search, as a spreadsheet would open it.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn } from "./fixtures";

test("the careers list exports its search as a UTF-8 CSV with a BOM, named for the list, its search and the day", async ({ page }) => {
  await openSignedIn(page, DEMO.manager, "Center Manager - Jakarta Kemang");
  await page.goto("/app/careers/lists");
  await expect(page.getByRole("table")).toBeVisible();
  const search = page
    .getByRole("searchbox")
    .or(page.getByPlaceholder(/search/i))
    .first();
  await search.fill("teacher");
  await search.press("Enter");
  await expect(page).toHaveURL(/teacher/);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^careers_JKT01_search-teacher_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split("\r\n");
  expect(lines[0]!.startsWith("ID,Job title,")).toBe(true);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => /teacher/i.test(l))).toBe(true);
  // States as the console words them, and times in the center's zone (Jakarta, +07:00).
  expect(lines[0]!.endsWith(",State,Pending change,Created,Updated")).toBe(true);
  expect(lines.slice(1).every((l) => /,(Live|Pending approval|Rejected|Live · [a-z ]+),/.test(l))).toBe(true);
  expect(lines.slice(1).every((l) => / \+07:00,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+07:00$/.test(l))).toBe(true);
});
