// A console page opened by URL (a reload, a bookmark): its code and first questions start at
// once, each asked a single time, under the page's Content-Security-Policy.
import { expect, test, type Page } from "@playwright/test";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { pickCenter, signIn } from "./fixtures";

/** Every violation of the page's Content-Security-Policy, as the browser reports it. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("a list opened by URL preloads its code and asks its first questions once each, from index.html", async ({ page }) => {
  const violations = await watchPolicy(page);
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");

  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    // Only the list's document: the welcome page that picking a center opened may still be asking.
    if ((pathname.startsWith("/api/") || pathname.endsWith(".css")) && new URL(request.frame().url()).pathname === "/app/posts") asked.push(`${pathname}${search}`);
  });
  await page.goto("/app/posts");
  await expect(page.locator("[data-row-key]").first()).toBeVisible();

  // The inline script of index.html ran (its hash is in the policy): the console's chunks were preloaded.
  expect(await violations()).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"][href^="/assets/console-"]:not([href*="-shared"]):not([href*="-common"])').count()).toBe(1);
  // Asked by index.html's inline script (its parameters in name order; the console's client puts
  // page first) and taken by the console, which asked none of them again.
  expect(asked.filter((url) => url.startsWith("/api/a/verify/___pc"))).toEqual(["/api/a/verify/___pc?key=content_management&mode=read"]);
  expect(asked.filter((url) => url.startsWith("/api/posts"))).toEqual(["/api/posts?limit=10&page=1&sort=-created_at"]);
  expect(asked.filter((url) => url.startsWith("/api/notifications"))).toEqual(["/api/notifications?limit=20&page=1"]);
  expect(asked.filter((url) => url.startsWith("/api/a/verify/___ca"))).toEqual(["/api/a/verify/___ca"]);
  expect(await page.evaluate(() => "__ccEarly" in window)).toBe(false);
  // The entry's stylesheet is in index.html: no lazy chunk that lists it fetches it again.
  const inlined = await page.locator('link[rel="stylesheet"][disabled]').getAttribute("href");
  const styles = asked.filter((url) => url.endsWith(".css"));
  expect(inlined).toMatch(/^\/assets\/index-.*\.css$/);
  expect(styles.length).toBeGreaterThan(0);
  expect(styles).not.toContain(inlined);
});

test("the first screens' antd styles come from the built stylesheet, not computed in the browser", async ({ page }) => {
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");
  await page.goto("/app/posts");
  await expect(page.locator("[data-row-key]").first()).toBeVisible();
  // antd writes a <style> per component whose styles it computes; the built map names these ones.
  const computed = await page.evaluate(() =>
    [...document.querySelectorAll("style[data-token-hash]")].map((s) => /\.ant-([a-z-]+)/.exec(s.textContent ?? "")?.[1]),
  );
  for (const component of ["table", "menu", "btn", "layout", "card", "pagination", "typography"]) expect(computed).not.toContain(component);
  // And they are applied: the table's header has antd's look.
  await expect(page.locator(".ant-table-thead th").first()).toHaveCSS("font-weight", "600");
});

test("a console page paints 'Please Wait...' before any script has run, then the page replaces it", async ({ page }) => {
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");
  // The scripts are held back: only the page's own HTML can paint meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/app/posts", { waitUntil: "commit" });
  await expect(page.getByRole("status").filter({ hasText: "Please Wait..." })).toBeVisible();
  release();
  await expect(page.locator("[data-row-key]").first()).toBeVisible();
  await expect(page.getByText("Please Wait...")).toHaveCount(0);
});

test("the login page preloads none of the console", async ({ page }) => {
  const violations = await watchPolicy(page);
  await page.goto("/login");
  await expect(page.getByLabel("Username")).toBeVisible();
  expect(await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")).filter((h) => h?.includes("Console")))).toEqual([]);
  expect(await violations()).toEqual([]);
});

test("a page the role may not read, opened by URL, is denied without any other message", async ({ page }) => {
  const reader = E2E_ACCOUNTS.find((a) => a.username === "e2e-readonly")!;
  await signIn(page, reader.username, reader.password);
  await pickCenter(page, "Read Only - Jakarta Kemang");
  // Read Only has no user_management: the gate says so, and the list's early question (refused) shows nothing.
  await page.goto("/app/administration/users");
  await expect(page.getByRole("alert")).toHaveText("You don't have permission to access this page");
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
});
