import { expect, test } from "@playwright/test";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { choose, SHOTS, sidebar, signIn } from "./fixtures";

const bahasa = E2E_ACCOUNTS.find((a) => a.username === "e2e-bahasa")!;

test.describe("in a browser set to Indonesian", () => {
  test.use({ locale: "id-ID" });

  test("the entry flow, the sidebar and a content list are all in Indonesian, the spec's Indonesian strings as it has them", async ({ page }, testInfo) => {
    await page.goto("/login");
    // The spec's sign-in strings are Indonesian already: the same in both languages.
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
    await expect(page.getByText("Silakan masukkan username dan password Anda.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Tampilkan password" })).toBeVisible();
    await signIn(page, DEMO.editor.username, DEMO.editor.password);
    await expect(page.getByRole("button", { name: "Memuat..." })).toBeVisible();

    await expect(page).toHaveURL(/\/pick-center$/);
    await expect(page.getByText("Halo, Demo Content Editor")).toBeVisible();
    // The spec's English words are translated, not left beside Indonesian ones.
    await expect(page.getByText("Pilih center yang akan dikelola:")).toBeVisible();
    await page.getByRole("radio", { name: /Jakarta Kemang/ }).check();
    await page.getByRole("button", { name: "Lanjutkan" }).click();
    await expect(page).toHaveURL(/\/app\/welcome$/);

    const nav = page.getByRole("navigation", { name: "Konsol Administrasi" });
    await expect(nav.getByRole("combobox", { name: "Bahasa" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Keluar" })).toBeVisible();
    await expect(nav.getByText("Ubah Password")).toBeVisible();
    // Every group and entry of the menu is Indonesian: none of the English names is left.
    await expect(nav.getByRole("menuitem", { name: "Manajemen Acara" })).toBeVisible();
    await expect(nav.getByRole("menuitem", { name: "Manajemen Karier" })).toBeVisible();
    await expect(nav.getByText(/Management|Approval|Welcome/)).toHaveCount(0);
    await page.goto("/app/posts");
    await expect(page.getByRole("heading", { name: "Postingan", exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /Judul/ })).toBeVisible();
    await expect(
      page
        .getByRole("searchbox", { name: /Cari postingan/i })
        .or(page.getByPlaceholder(/Cari postingan/i))
        .first(),
    ).toBeVisible();
    // Dates follow the language: Indonesian month names, no English ones. A demo post with a start
    // date, found by search: the posts other browser tests write, with none, come first.
    const search = page.getByPlaceholder(/Cari postingan/i);
    await search.fill("Movie Night");
    await search.press("Enter");
    await expect(page.getByRole("row").filter({ hasText: "Movie Night" }).first()).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByText(/\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \d{4}/).first()).toBeVisible();
    await expect(table.getByText(/\d{1,2} (May|Aug|Oct|Dec) \d{4}/)).toHaveCount(0);
    await testInfo.attach("indonesian-list", { body: await page.screenshot({ path: `${SHOTS}/indonesian-list.png` }), contentType: "image/png" });

    // A form's rules speak Indonesian too.
    await page.getByRole("button", { name: /Tambah postingan/i }).click();
    await page.getByRole("button", { name: "Ajukan untuk ditinjau" }).click();
    await expect(page.getByText("Judul wajib diisi")).toBeVisible();
    await testInfo.attach("indonesian-form", { body: await page.screenshot({ path: `${SHOTS}/indonesian-form.png` }), contentType: "image/png" });
  });

  test("the approval queue names each request's type in Indonesian", async ({ page }) => {
    await signIn(page, DEMO.manager.username, DEMO.manager.password);
    await page.getByRole("radio", { name: /Jakarta Kemang/ }).check();
    await page.getByRole("button", { name: "Lanjutkan" }).click();
    await expect(page).toHaveURL(/\/app\/welcome$/);
    await page.goto("/app/administration/content-approval");
    const table = page.getByRole("table").first();
    await expect(table.getByRole("cell", { name: "Postingan", exact: true }).first()).toBeVisible();
    // The server's English names of the types show nowhere.
    await expect(table.getByRole("cell", { name: "Post", exact: true })).toHaveCount(0);
    await expect(table.getByRole("cell", { name: "Center information", exact: true })).toHaveCount(0);
  });
});

test("the language chosen in the sidebar is remembered for the account, on another browser too", async ({ browser }) => {
  const first = await browser.newContext({ locale: "en-US" });
  const page = await first.newPage();
  await signIn(page, bahasa.username, bahasa.password);
  await page.getByRole("radio", { name: /Jakarta Kemang/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);

  await choose(page, sidebar(page).getByRole("combobox", { name: "Language" }), "Bahasa Indonesia");
  // The console loads anew in Indonesian.
  await expect(sidebar(page).getByRole("combobox", { name: "Bahasa" })).toBeVisible();
  await expect(sidebar(page).getByRole("menuitem", { name: /Chat Pelanggan/ })).toBeVisible();
  await first.close();

  // Another browser, in English: the account's choice wins once signed in.
  const second = await browser.newContext({ locale: "en-US" });
  const other = await second.newPage();
  await signIn(other, bahasa.username, bahasa.password);
  await expect(other).toHaveURL(/\/pick-center$/);
  await expect(other.getByRole("button", { name: "Lanjutkan" })).toBeVisible();
  await other.getByRole("radio", { name: /Jakarta Kemang/ }).check();
  await other.getByRole("button", { name: "Lanjutkan" }).click();

  // And back to English, for the account as well.
  await choose(other, sidebar(other).getByRole("combobox", { name: "Bahasa" }), "English");
  await expect(sidebar(other).getByRole("combobox", { name: "Language" })).toBeVisible();
  await expect(sidebar(other).getByRole("menuitem", { name: /Customer Chats/ })).toBeVisible();
  await second.close();
});
