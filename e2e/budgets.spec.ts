// The JavaScript budgets: what a screen requests before it is usable, gzip -9, measured in
// Chromium against the built console and the real server exactly as `npm run bench` prints it
// (bench/bundle.ts). Over a budget, the test fails and names every script the screen loaded.
import { expect, test } from "@playwright/test";
import { chartScripts, measureScreens } from "../bench/bundle";

const dist = process.env.E2E_STATIC_DIR ?? "dist";

test("each first screen stays within its JavaScript budget", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  // The lightest of three runs: a run on a busy machine may also weigh what a screen defers.
  const weights = await measureScreens(dist, baseURL!, undefined, browser, 3);
  const charts = chartScripts(dist);
  expect(charts.length, "the chart library's scripts in the build").toBeGreaterThan(0);
  for (const { screen, gzip, files } of weights) {
    // The chart library is the weight of the reports screen alone: no other first screen fetches it.
    expect
      .soft(
        files.some((f) => charts.includes(f.path)),
        `${screen.name} loads the chart library`,
      )
      .toBe(screen.charts === true);
    const listing = files.map((f) => `${(f.gzip / 1024).toFixed(1)} KB ${f.path}`).join("\n");
    expect
      .soft(gzip / 1024, `${screen.name}: ${(gzip / 1024).toFixed(1)} KB, budget ${screen.budgetKB} KB, in\n${listing}`)
      .toBeLessThanOrEqual(screen.budgetKB);
  }
});
