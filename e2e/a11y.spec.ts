// The screens a person meets, checked by axe-core against WCAG 2.0 and 2.1, levels A and AA, on a
// laptop (1280 px) and a phone (390 px), in English and in Indonesian: none may have a serious or
// critical violation. Each account signs in once per language; each screen is opened at 1280 px,
// checked, narrowed to 390 px (the console lays itself out again, as for a person turning a tablet
// or narrowing a window) and checked again.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { en } from "../providers/i18n/en";
import { id } from "../providers/i18n/id";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { openSignedIn } from "./fixtures";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LANGUAGES = [
  { name: "English", locale: "en-US", words: en },
  { name: "Indonesian", locale: "id-ID", words: id },
] as const;
type Language = (typeof LANGUAGES)[number];

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

test.describe.configure({ timeout: 120_000 });
// A failure lists each violation with its node and how to fix it; a trace (recording axe's
// injected script at every check) would slow the spec by a quarter for nothing more.
test.use({ actionTimeout: 10_000, trace: "off" });

/** The page at rest: nothing loading (antd's Spin and the console's stand-ins say aria-busy), no animation running. */
async function settle(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length)).toBe(0);
}

/** The page's serious and critical violations, one line per node: "rule (impact) target: help — how to fix". */
async function violations(page: Page): Promise<string[]> {
  await settle(page);
  // Only violations are wanted: axe then skips collecting the details of what passed.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id} (${v.impact}) ${node.target.join(" ")}: ${v.help}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`,
      ),
    );
}

/** Checks the page as it stands; a failure names the screen, width and language, then each violation on a line. */
async function check(page: Page, screen: string, language: Language) {
  const found = await violations(page);
  const where = `${screen} at ${page.viewportSize()!.width} px in ${language.name}`;
  expect.soft(found.length, `${where}: ${found.length} serious or critical\n  ${found.join("\n  ")}\n`).toBe(0);
}

/** Shows a screen at 1280 px and checks it, then at 390 px; `ready` waits for its content at the width it is at. */
async function atBothWidths(page: Page, screen: string, language: Language, open: () => Promise<void>, ready: () => Promise<void>) {
  await page.setViewportSize(LAPTOP);
  await open();
  await ready();
  await check(page, screen, language);
  await page.setViewportSize(PHONE);
  await ready();
  await check(page, screen, language);
}

async function signedIn(browser: Browser, language: Language, account: { username: string; password: string }, center?: RegExp) {
  const context = await browser.newContext({ locale: language.locale, viewport: LAPTOP });
  const page = await context.newPage();
  // The sign-in page has its own check; the screens behind it are what this opens.
  await openSignedIn(page, account, center);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  return { context, page };
}

/** The first record of a list, read from the API with the page's own session. */
async function firstRecord(page: Page, resource: string, center = "JKT01") {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const res = await page.request.get(`/api/${resource}?limit=1`, { headers: { Authorization: `Bearer ${token}`, "X-Center-Code": center } });
  return (await res.json()).data.docs[0] as { id: number; title: string };
}

const isPhone = (page: Page) => page.viewportSize()!.width < 768;

/** A list's records are in: table rows on a laptop, cards or list items on a phone. */
async function listShown(page: Page) {
  const main = page.getByRole("main");
  const records = isPhone(page) ? main.getByRole("article").or(main.getByRole("listitem")) : main.getByRole("row").nth(1).or(main.getByRole("listitem"));
  await expect(records.first()).toBeVisible();
}

/** A screen's title is shown. */
const titled = (page: Page) => expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();

for (const language of LANGUAGES) {
  test.describe(`in ${language.name}`, () => {
    const words = language.words;
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      for (const context of contexts) await context.close();
      contexts = [];
    });

    test("signed out: the sign-in page", async ({ browser }) => {
      const context = await browser.newContext({ locale: language.locale });
      contexts.push(context);
      const page = await context.newPage();
      await atBothWidths(
        page,
        "sign-in page",
        language,
        () => page.goto("/login").then(() => undefined),
        () => expect(page.getByRole("heading", { name: words.login.title })).toBeVisible(),
      );
    });

    test("a center manager: welcome, lists, post form, queue, history, version, inbox", async ({ browser }) => {
      const { context, page } = await signedIn(browser, language, DEMO.manager, /Jakarta Kemang/);
      contexts.push(context);
      const post = await firstRecord(page, "posts");
      const go = (path: string) => () => page.goto(path).then(() => undefined);

      await atBothWidths(page, "welcome page", language, go("/app/welcome"), () => titled(page));
      await atBothWidths(page, "posts list", language, go("/app/posts"), () => listShown(page));
      await atBothWidths(page, "careers list", language, go("/app/careers/lists"), () => listShown(page));
      const form = () => expect(page.getByRole("main").getByRole("textbox").first()).toBeVisible();
      await atBothWidths(page, "new post form", language, go("/app/posts/new"), form);
      // The same form after a submit with nothing filled in: its errors shown beside the fields.
      const submit = new RegExp(`^(${words.resource.submitForReview}|${words.resource.save})$`);
      await atBothWidths(
        page,
        "new post form with its errors",
        language,
        async () => {
          await page.getByRole("button", { name: submit }).click();
          await expect(page.getByRole("main").getByRole("textbox").first()).toHaveAttribute("aria-invalid", "true");
        },
        form,
      );
      await atBothWidths(page, "post edit form", language, go(`/app/posts/edit/${post.id}`), form);
      // The queue with one request picked: its checkboxes and the bar of what to do with the picked ones.
      await atBothWidths(
        page,
        "content queue",
        language,
        async () => {
          await page.goto("/app/administration/content-approval");
          await listShown(page);
          await page.getByRole("main").getByRole("checkbox").nth(1).check();
          await expect(page.getByRole("region", { name: words.approval.bulk.region })).toBeVisible();
        },
        () => listShown(page),
      );
      await atBothWidths(page, "post history", language, go(`/app/posts/history/${post.id}`), () => titled(page));
      await atBothWidths(page, "post version", language, go(`/app/posts/history-details/${post.id}?version=1`), () => titled(page));
      await atBothWidths(page, "chat inbox", language, go("/app/customer-chats"), () => titled(page));
      // The calendar: the month's grid on a laptop, the list on a phone.
      await atBothWidths(page, "publishing calendar", language, go("/app/calendar"), () =>
        expect(page.getByRole("list", { name: words.calendar.legend })).toBeVisible(),
      );
    });

    test("a superadmin: users, roles, activity log, every queue, the sidebar's groups open", async ({ browser }) => {
      const { context, page } = await signedIn(browser, language, DEMO.superadmin);
      contexts.push(context);
      const go = (path: string) => () => page.goto(path).then(() => undefined);

      await atBothWidths(page, "users list", language, go("/app/administration/users"), () => listShown(page));
      await atBothWidths(page, "roles list", language, go("/app/administration/roles"), () => listShown(page));
      await atBothWidths(page, "activity log", language, go("/app/administration/activity"), () => listShown(page));
      await atBothWidths(page, "superadmin's content queue", language, go("/app/administration/content-approval"), () => listShown(page));
      // Across centers, with the picker of whose calendar to see.
      await atBothWidths(page, "superadmin's calendar", language, go("/app/calendar?center=JKT01"), () =>
        expect(page.getByRole("combobox", { name: words.resource.center })).toBeVisible(),
      );

      // "New user", "New role": the button's icon has a name of its own, before the words.
      const addButton = new RegExp(` ${words.resource.new.replace("{{label}}", "")}`);
      for (const [screen, path] of [
        ["user form", "/app/administration/users"],
        ["role form", "/app/administration/roles"],
      ] as const) {
        await atBothWidths(
          page,
          screen,
          language,
          async () => {
            await page.goto(path);
            await listShown(page);
            await page.getByRole("button", { name: addButton }).click();
          },
          () => expect(page.getByRole("dialog")).toBeVisible(),
        );
      }

      // The sidebar with every group unfolded: beside the page on a laptop, over it on a phone.
      const nav = page.getByRole("navigation", { name: words.app.adminConsole });
      const folded = nav.getByRole("menuitem", { expanded: false });
      const unfoldAll = async () => {
        await expect(folded.first()).toBeVisible();
        for (let i = 0; i < 10 && (await folded.count()) > 0; i++) await folded.first().click();
        await expect(folded).toHaveCount(0);
      };
      await page.setViewportSize(LAPTOP);
      await page.goto("/app/welcome");
      await unfoldAll();
      await check(page, "sidebar with its groups open", language);
      await page.setViewportSize(PHONE);
      await page.goto("/app/welcome");
      await page.getByRole("button", { name: words.layout.openMenu }).click();
      await unfoldAll();
      await check(page, "sidebar with its groups open", language);
    });

    test("a read-only staff member: the denied page", async ({ browser }) => {
      const reader = E2E_ACCOUNTS.find((a) => a.username === "e2e-readonly")!;
      const { context, page } = await signedIn(browser, language, reader, /Jakarta Kemang/);
      contexts.push(context);
      await atBothWidths(
        page,
        "denied page",
        language,
        () => page.goto("/app/administration/users").then(() => undefined),
        () => expect(page.getByRole("alert")).toHaveText(words.gate.denied),
      );
    });
  });
}
