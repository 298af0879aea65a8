// A console page opened by URL (a reload, a bookmark): its code and first questions start at
// once, each asked a single time, under the page's Content-Security-Policy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { pickCenter, SHOTS, signIn } from "./fixtures";

/** Every violation of the page's Content-Security-Policy, as the browser reports it. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The built chunk of a source module, as Vite's manifest names it. */
function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync(join(process.env.E2E_STATIC_DIR ?? "dist", ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
  return `/${manifest[module]!.file}`;
}

test("a list opened by URL preloads the console with the page and asks its first questions once each", async ({ page }) => {
  const violations = await watchPolicy(page);
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");

  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    // Only the list's document: the welcome page that picking a center opened may still be asking.
    if (new URL(request.frame().url()).pathname === "/app/posts") asked.push(`${pathname}${search}`);
  });
  const response = await page.goto("/app/posts");
  await expect(page.locator("[data-row-key]").first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // The page's answer names the console's chunk (from Vite's manifest) for the browser to fetch beside the entry.
  const console = chunkOf("src/console/Console.tsx");
  expect(response!.headers().link).toContain(`<${console}>; rel=modulepreload; crossorigin`);
  expect(asked.filter((url) => url === console)).toHaveLength(1);
  // The console starts the list's first questions while the list's code loads; the list takes
  // those answers and asks none of them again.
  expect(asked.filter((url) => url.startsWith("/api/a/verify/___pc"))).toEqual(["/api/a/verify/___pc?key=content_management&mode=read"]);
  expect(asked.filter((url) => url.startsWith("/api/posts"))).toHaveLength(1);
  expect(asked.filter((url) => url.startsWith("/api/notifications"))).toHaveLength(1);
  expect(asked.filter((url) => url.startsWith("/api/a/verify/___ca"))).toEqual(["/api/a/verify/___ca"]);
  // The entry's stylesheet is in index.html: no lazy chunk that lists it fetches it again.
  // (The entry's CSS may come in more than one file: one a lazy chunk shares, such as the entry screens' tokens.)
  const inlined = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const styles = asked.filter((url) => url.endsWith(".css"));
  expect(inlined.some((href) => /^\/assets\/index-.*\.css$/.test(href ?? ""))).toBe(true);
  expect(styles.length).toBeGreaterThan(0);
  for (const href of inlined) expect(styles).not.toContain(href);
});

const READY: Record<string, (page: Page) => Locator> = {
  "/login": (page) => page.getByLabel("Username"),
  "/app/welcome": (page) => page.getByRole("heading", { name: /Welcome/ }).first(),
  "/app/posts": (page) => page.locator("[data-row-key]").first(),
};

for (const [path, ready] of Object.entries(READY)) {
  test(`${path} logs no warning or error in the browser's console`, async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") logged.push(`${message.type()}: ${message.text()}`);
    });
    if (path !== "/login") {
      await signIn(page, DEMO.manager.username, DEMO.manager.password);
      await pickCenter(page, "Center Manager - Jakarta Kemang");
    }
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    // Chromium reports a preload that nothing used a few seconds after the page's load event.
    await page.waitForTimeout(4_000);
    expect(logged).toEqual([]);
  });
}

/** The first screens, as bench/bundle.ts weighs them, and the inbox; the list also as a phone's cards. */
const FIRST_SCREENS: { path: string; width: number; ready: (page: Page) => Locator }[] = [
  { path: "/app/welcome", width: 1440, ready: READY["/app/welcome"]! },
  { path: "/app/posts", width: 390, ready: (page) => page.getByRole("article").first() },
  { path: "/app/customer-chats", width: 1440, ready: (page) => page.getByRole("region", { name: "Conversations" }).getByRole("link").first() },
  { path: "/app/posts", width: 1440, ready: READY["/app/posts"]! },
];

/** A rule that only sets CSS variables, on the theme's class (and a component's). */
const VARIABLES_ONLY = /^(\.[\w-]+)+\{(--[\w-]+:[^;{}]*;)*\}$/;

test("the first screens' antd styles come from the built stylesheet, not computed in the browser", async ({ page }) => {
  await signIn(page, DEMO.manager.username, DEMO.manager.password);
  await pickCenter(page, "Center Manager - Jakarta Kemang");
  for (const screen of FIRST_SCREENS) {
    await page.setViewportSize({ width: screen.width, height: 900 });
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    // What mounts just after the first rows (the sidebar's selects, a list's toolbar) counts too.
    await page.waitForTimeout(1_500);
    // antd marks each <style> it writes. The CSS variables (the theme's, and each component's on
    // its own class) it writes in the browser whatever the stylesheet holds; any other rule here
    // is a component's styles computed again, which the built stylesheet's map should have spared.
    const written = await page.evaluate(() => [...document.querySelectorAll("style[data-css-hash]")].map((style) => style.textContent ?? ""));
    expect(written.length, `${screen.path} at ${screen.width}px`).toBeGreaterThan(0);
    expect(
      written.filter((css) => !VARIABLES_ONLY.test(css)).map((css) => css.slice(0, 160)),
      `${screen.path} at ${screen.width}px`,
    ).toEqual([]);
  }
  // And they apply: the list's column headers have antd's look.
  await expect(page.getByRole("columnheader").first()).toHaveCSS("font-weight", "600");
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
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const response = await page.goto("/login");
  await expect(page.getByLabel("Username")).toBeVisible();
  const console = chunkOf("src/console/Console.tsx");
  expect(response!.headers().link ?? "").not.toContain(console);
  expect(await page.locator(`link[href="${console}"]`).count()).toBe(0);
  expect(requested).not.toContain(console);
  expect(await violations()).toEqual([]);
});

test("a page the role may not read, opened by URL, is denied without any other message", async ({ page }) => {
  const reader = E2E_ACCOUNTS.find((a) => a.username === "e2e-readonly")!;
  await signIn(page, reader.username, reader.password);
  await pickCenter(page, "Read Only - Jakarta Kemang");
  // Read Only has no user_management: the gate says so, and nothing the page would list is asked for.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/app/administration/users");
  await expect(page.getByRole("alert")).toHaveText("You don't have permission to access this page");
  await expect(page.getByText("Your role at this center does not include this page.", { exact: false })).toBeVisible();
  expect(asked).not.toContain("/api/users");
  // No toast beside it (a toast is an alert too).
  await expect(page.getByRole("alert")).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/denied-1440.png` });
  // A way on: to the welcome page.
  await page.getByRole("button", { name: "Go to Welcome" }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);
});
