// Reports: a center manager opens them from the sidebar, reads the demo's figures, opens the list
// behind a day (from the table and from a chart) and behind a month's content, and downloads the
// days as CSV; an editor, who holds neither approval nor center management, has no entry and is
// refused. Both languages, at a desktop's and a phone's width, with axe's serious and critical
// findings failing the test.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { openSignedIn, SHOTS, sidebar } from "./fixtures";

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedIn(browser: Browser, who: "editor" | "manager", width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO[who], who === "editor" ? "Content Editor - Jakarta Kemang" : "Center Manager - Jakarta Kemang");
  return page;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${v.help}`));
}

test("a manager reads the center's report, opens the lists behind a day, and downloads the days as CSV", async ({ browser }) => {
  const page = await signedIn(browser, "manager");
  await sidebar(page).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/app\/reports$/);
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByText(/Times count only business hours \(Mon–Fri 08:00–17:00, WIB\)/)).toBeVisible();
  await expect(page.getByText("Conversations", { exact: true }).first()).toBeVisible();

  // The demo's conversations of the last days are counted: a day's count opens its conversations.
  const dayCount = page.getByRole("button", { name: /^\d+: Conversations started on / }).first();
  await expect(dayCount).toBeVisible();
  const count = Number(await dayCount.textContent());
  // The button reads "2: Conversations started on 26 Nov 2026"; the list is titled by what follows the count.
  const title = (await dayCount.getAttribute("aria-label"))!.replace(/^\d+: /, "");
  await dayCount.click();
  const drawer = page.getByRole("dialog", { name: title });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: /^#\d+ / })).toHaveCount(count);
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();

  // A point of the times chart opens that day's first responses.
  const times = page.getByRole("figure", { name: "First response time per day (business minutes)" }).getByRole("application");
  await times.scrollIntoViewIfNeeded();
  // A drawn point is a day with first responses (a fixed spot may fall on a day without any).
  // The chart redraws its lines when its width changes (the drawer just closed gives the page its
  // scrollbar back), and a line's points are hidden while it draws: measure and click again until
  // the click lands.
  await expect(async () => {
    const point = await times.locator("circle").last().boundingBox();
    const plot = await times.boundingBox();
    expect(point && plot).toBeTruthy();
    // In that day's column, above the axis: a point of 0 minutes sits on the plot's bottom edge,
    // where a click can fall just outside the plot.
    await page.mouse.click(point!.x + point!.width / 2, plot!.y + plot!.height / 2);
    await expect(page.getByRole("dialog", { name: /^First responses on / })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/reports-1280-en.png`, fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^report_JKT01_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split("\r\n");
  expect(lines[0]!.startsWith("Day,Conversations,First replies,")).toBe(true);
  // The default period: thirty days, a line each.
  expect(lines).toHaveLength(31);
  expect((await seriousViolations(page)).join("\n")).toBe("");

  // Content per month: a month's count opens what went live, each linking to that version.
  const published = page.getByRole("button", { name: /^\d+: Published in / }).last();
  const listed = Math.min(Number(await published.textContent()), 50);
  await published.click();
  const content = page.getByRole("dialog", { name: /^Published in / });
  await expect(content).toBeVisible();
  await expect(content.locator("tbody tr").filter({ hasText: "Went live" })).toHaveCount(listed);
  const first = content.getByRole("link").first();
  await first.click();
  await expect(page).toHaveURL(/[?&]version=\d+/);
});

for (const { width, language } of [
  { width: 390, language: "id" },
  { width: 390, language: "en" },
  { width: 1280, language: "id" },
] as const) {
  test(`at ${width} px in ${language === "en" ? "English" : "Indonesian"} the report fits the width and passes axe`, async ({ browser }) => {
    const words =
      language === "en"
        ? { title: "Reports", chart: "Conversations per day", csv: "Download CSV", day: "Conversations started on ", close: "Close" }
        : { title: "Laporan", chart: "Percakapan per hari", csv: "Unduh CSV", day: "Percakapan yang dimulai pada ", close: "Tutup" };
    const page = await signedIn(browser, "manager", width);
    if (language === "id") await page.evaluate(() => localStorage.setItem("cc.locale", "id"));
    await page.goto("/app/reports");
    await expect(page.getByRole("heading", { name: words.title })).toBeVisible();
    await expect(page.getByRole("figure", { name: words.chart }).getByRole("application")).toBeVisible();
    await expect(page.getByRole("button", { name: words.csv })).toBeVisible();
    await page
      .getByRole("button", { name: new RegExp(`^\\d+: ${words.day}`) })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: new RegExp(`^${words.day}`) })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: words.close }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/reports-${width}-${language}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await seriousViolations(page)).join("\n")).toBe("");
  });
}

test("a superadmin without a center compares the centers and opens one's report", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/reports");
  const compare = page.getByRole("table").filter({ hasText: "Rejection rate" }).first();
  await expect(page.getByText("Centers side by side")).toBeVisible();
  for (const name of ["Bandung Dago", "Jakarta Kemang", "Surabaya Darmo"]) await expect(compare.getByRole("button", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
  await compare.getByRole("button", { name: "Jakarta Kemang" }).click();
  await expect(page.getByText(/How quickly Jakarta Kemang answers/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^\d+: Conversations started on / }).first()).toBeVisible();
});

test("an editor, who holds neither approval nor center management, has no reports", async ({ browser }) => {
  const page = await signedIn(browser, "editor");
  await expect(sidebar(page).getByRole("link", { name: "Customer Chats" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Reports" })).toHaveCount(0);
  await page.goto("/app/reports");
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
});
