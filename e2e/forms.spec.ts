import { expect, test, type Page } from "@playwright/test";
import { DEMO } from "./accounts";
import { choose, clickInDialog, openSignedIn, sidebar } from "./fixtures";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function asEditor(page: Page) {
  await openSignedIn(page, DEMO.editor, "Content Editor - Jakarta Kemang");
}

async function openFirstLifeClubPost(page: Page) {
  await page.goto("/app/events/life-club");
  const row = page.getByRole("row").nth(1);
  await expect(row.getByRole("link").first()).toBeVisible();
  const title = (await row.getByRole("cell").first().innerText()).trim();
  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/app\/posts\/edit\/\d+$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  return Number(page.url().split("/").pop());
}

test("a cover image uploads and shows; a file that is no image is refused beside the field", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/posts/new?type=news");
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();

  let chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /Upload image/ }).click();
  await (await chooser).setFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Cover image" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover image" })).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.png$/);

  chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /Replace image/ }).click();
  await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(page.getByRole("alert").filter({ hasText: "must be a PNG, JPEG, WebP or GIF image" })).toBeVisible();
});

test("saving over someone else's newer save opens the conflict dialog, and Reload shows their version", async ({ page }) => {
  await asEditor(page);
  const id = await openFirstLifeClubPost(page);

  // Someone else saves the same post meanwhile.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
  const headers = { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" };
  const current = (await (await page.request.get(`/api/posts/${id}`, { headers })).json()).data.docs[0];
  const theirs = `Their title ${Date.now().toString(36)}`;
  const saved = await page.request.put(`/api/posts/${id}`, { headers, data: { ...current, title: theirs } });
  expect(saved.status()).toBe(200);

  await page.getByLabel("Title", { exact: true }).fill("My title");
  await page.getByRole("button", { name: "Submit for review" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Someone else saved this record" });
  await expect(dialog).toBeVisible();
  await clickInDialog(dialog, "Reload");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(theirs);
});

test("leaving a form with unsaved changes asks first", async ({ page }) => {
  await asEditor(page);
  await openFirstLifeClubPost(page);
  await page.getByLabel("Venue", { exact: true }).fill("Somewhere new");
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.message());
      await dialog.dismiss();
    }),
  );
  await sidebar(page).getByRole("link", { name: "Welcome" }).click();
  expect(await asked).toContain("unsaved changes");
  await expect(page).toHaveURL(/\/app\/posts\/edit\/\d+$/);
  await expect(page.getByLabel("Venue", { exact: true })).toHaveValue("Somewhere new");
});

test("a superadmin lists every center's posts and narrows them to one center", async ({ page }) => {
  await openSignedIn(page, DEMO.superadmin);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/events/exhibitions");
  await expect(page.getByRole("columnheader", { name: "Center" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Bandung Dago" }).first()).toBeVisible();
  await choose(page, page.getByRole("combobox", { name: "Filter by center" }), "Surabaya Darmo");
  await expect(page).toHaveURL(/center_code/);
  await expect(page.getByRole("cell", { name: "Bandung Dago" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Surabaya Darmo" }).first()).toBeVisible();
});

test("a post created from the posts list, whatever its type, goes back to that list with its search", async ({ page }) => {
  await asEditor(page);
  const tag = Date.now().toString(36);
  await page.goto("/app/posts?q=open");
  await page.getByRole("button", { name: "New post" }).click();
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(`Open house ${tag}`);
  await page.getByLabel("Slug", { exact: true }).fill(`open-house-${tag}`);
  await choose(page, page.getByRole("combobox", { name: "Type" }), "Special Event");
  const content = page.getByRole("textbox", { name: "Content", exact: true });
  await content.click();
  await content.pressSequentially("Visit us.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Post submitted for approval")).toBeVisible();
  // Not the Special Events page, the type's own view: the list the editor came from.
  await expect(page).toHaveURL(/\/app\/posts\?q=open(&|$)/);
});

test("a new post's slug follows its title until typed in; an existing post's address never moves", async ({ page }) => {
  await asEditor(page);
  await page.goto("/app/posts/new?type=news");
  const form = page.getByRole("main");
  const title = form.getByLabel("Title", { exact: true });
  const slug = form.getByLabel("Slug", { exact: true });
  await title.pressSequentially("Pentas Seni: Café & Músik");
  await expect(slug).toHaveValue("pentas-seni-cafe-musik");
  // Typed in, the slug is the user's: the title goes on without it.
  await slug.fill("pentas-seni-2026");
  await title.fill("Pentas Seni Anak-anak");
  await expect(slug).toHaveValue("pentas-seni-2026");
  // Emptied, it follows again.
  await slug.fill("");
  await title.press("End");
  await title.pressSequentially(" Jakarta");
  await expect(slug).toHaveValue("pentas-seni-anak-anak-jakarta");

  await openFirstLifeClubPost(page);
  const published = await slug.inputValue();
  expect(published).not.toBe("");
  await title.fill("A title changed after publishing");
  await expect(title).toHaveValue("A title changed after publishing");
  await expect(slug).toHaveValue(published);
});
