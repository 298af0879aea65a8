// Two-factor sign-in as a person meets it: the second step with a code their authenticator app
// shows (computed here from the account's secret), the forced setup right after the password for
// a role that requires it, and setting it up from the console's own page. At a desktop's width and
// a phone's, in English and in Indonesian.
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_TOTP_ACCOUNTS, E2E_TWO_FACTOR_ACCOUNTS } from "./accounts";
import { DEMO } from "./accounts";
import { clickInDialog, pickCenter, SHOTS, signIn } from "./fixtures";

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/** The code an authenticator app shows now for this secret (RFC 6238: SHA-1, 6 digits, 30 s). */
const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({ timestamp: at });

const account = (list: readonly { username: string; password: string }[], username: string) => list.find((a) => a.username === username)!;

/** The page in Indonesian from its first paint, as a browser set to Indonesian opens it. */
async function inIndonesian(page: Page) {
  await page.addInitScript(() => localStorage.setItem("cc.locale", "id"));
}

/** Every part of the card fits the window: nothing cut off or scrolling sideways. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("the second step of a sign-in", () => {
  test("at 1280 px in English: a code from the authenticator app signs in", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = E2E_TOTP_ACCOUNTS[0]!;
    await signIn(page, user.username, user.password);

    const field = page.getByLabel("Authentication code");
    await expect(field).toBeVisible();
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
    await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("maxlength", "6");
    await expect(page.getByRole("button", { name: "Use a recovery code" })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/two-factor-step-1280-en.png` });

    // A wrong code is refused with the server's reason, as the spec words a 403.
    await field.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error : This code is not right");

    await field.fill(code(user.secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("button", { name: "Login Sukses, Mohon tunggu" })).toBeVisible();
    await expect(page).toHaveURL(/\/pick-center$/);
  });

  test("at 390 px in Indonesian: the same step, in Indonesian, fits the phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await inIndonesian(page);
    const user = E2E_TOTP_ACCOUNTS[1]!;
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();

    const field = page.getByLabel("Kode autentikasi");
    await expect(field).toBeVisible();
    await expect(page.getByText("Masukkan kode 6 digit dari aplikasi autentikator Anda.")).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: `${SHOTS}/two-factor-step-390-id.png` });
    await field.fill(code(user.secret));
    await page.getByRole("button", { name: "Verifikasi" }).click();
    await expect(page).toHaveURL(/\/pick-center$/);
    await expect(page.getByText("Pilih center yang akan dikelola:")).toBeVisible();
  });
});

test.describe("a role that requires a second factor", () => {
  /** From the password to the console: set up the authenticator, keep the recovery codes, pick a center. */
  async function walk(page: Page, texts: Record<"heading" | "key" | "code" | "confirm" | "codes" | "list" | "saved" | "continue", string>) {
    await expect(page.getByRole("heading", { name: texts.heading })).toBeVisible();
    const key = page.getByLabel(texts.key);
    await expect(key).not.toHaveValue("");
    await expect(page.getByRole("img")).toBeVisible();
    await fitsWidth(page);
    const secret = await key.inputValue();
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    return {
      async confirm(shot: string) {
        await page.screenshot({ path: `${SHOTS}/${shot}-setup.png` });
        await page.getByLabel(texts.code).fill(code(secret));
        await page.getByRole("button", { name: texts.confirm }).click();
        await expect(page.getByRole("heading", { name: texts.codes })).toBeVisible({ timeout: 10_000 });
        const codes = page.getByRole("list", { name: texts.list }).getByRole("listitem");
        await expect(codes).toHaveCount(10);
        await fitsWidth(page);
        await page.screenshot({ path: `${SHOTS}/${shot}-codes.png` });
        await page.getByRole("button", { name: texts.saved }).click();
        await expect(page).toHaveURL(/\/pick-center$/);
        await page.getByRole("radio").first().check();
        await page.getByRole("button", { name: texts.continue }).click();
        await expect(page).toHaveURL(/\/app\/welcome$/);
      },
    };
  }

  test("at 390 px in English: taken to set it up right after the password, then into the console", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const user = account(E2E_TWO_FACTOR_ACCOUNTS, "e2e-enrol-phone");
    await signIn(page, user.username, user.password);
    await expect(page.getByText("Your role requires two-factor sign-in. Set up an authenticator app to continue.")).toBeVisible();
    const step = await walk(page, {
      heading: "Set up two-factor sign-in",
      key: "Can't scan? Enter this key",
      code: "Then enter the 6-digit code the app shows",
      confirm: "Confirm",
      codes: "Save your recovery codes",
      list: "Recovery codes",
      saved: "I have saved these codes",
      continue: "Continue",
    });
    // No session exists before the setup is done: nothing is stored, and the console sends one back to sign in.
    expect(await page.evaluate(() => localStorage.getItem("cc.user"))).toBeNull();
    await step.confirm("two-factor-enrol-390-en");
  });

  test("at 1280 px in Indonesian: the same walk, in Indonesian", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await inIndonesian(page);
    const user = account(E2E_TWO_FACTOR_ACCOUNTS, "e2e-enrol-desk");
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Peran Anda mewajibkan verifikasi dua langkah. Atur aplikasi autentikator untuk melanjutkan.")).toBeVisible();
    const step = await walk(page, {
      heading: "Atur verifikasi dua langkah",
      key: "Tidak bisa memindai? Masukkan kunci ini",
      code: "Lalu masukkan kode 6 digit yang ditampilkan aplikasi",
      confirm: "Konfirmasi",
      codes: "Simpan kode pemulihan Anda",
      list: "Kode pemulihan",
      saved: "Saya sudah menyimpan kode ini",
      continue: "Lanjutkan",
    });
    await step.confirm("two-factor-enrol-1280-id");
  });
});

test("from the console's own page, beside Edit Password: set up at 1280 px, and the console goes on", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const user = account(E2E_TWO_FACTOR_ACCOUNTS, "e2e-self-enrol");
  await signIn(page, user.username, user.password);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);

  await page.getByRole("link", { name: "Two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Two-factor sign-in is off")).toBeVisible();
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const key = page.getByLabel("Can't scan? Enter this key");
  await expect(key).not.toHaveValue("");
  await expect(page.getByRole("img", { name: "QR code to add Center Console to your authenticator app" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/two-factor-page-1280-en.png` });
  const secret = (await key.inputValue()).replace(/\s/g, "");
  await page.getByLabel("Then enter the 6-digit code the app shows").fill(code(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(page.getByRole("main").getByText("Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByText("10 of 10 left")).toBeVisible();

  // This session took the new token: the console still answers, signed in.
  await page.getByRole("link", { name: "Edit Password" }).click();
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/change-password$/);
});

test("at 390 px: a role changed to require it sends its signed-in holder back to sign in, told why", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const tag = Date.now().toString(36);
  const login = await request.post("/api/auth/login", { data: { username: DEMO.superadmin.username, password: DEMO.superadmin.password } });
  const admin = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const permissions = [{ permission_key: "content_management", allow_read: 1, allow_create: 0, allow_update: 0, allow_delete: 0 }];
  const role = (await (await request.post("/api/roles", { headers: admin, data: { name: `E2E Soon Guarded ${tag}`, permissions } })).json()).data;
  const user = { username: `e2e.guarded.${tag}`, password: "Guard#123456" };
  const created = await request.post("/api/users", {
    headers: admin,
    data: { ...user, fullname: "Guarded Holder", user_type: "center_staff", assignments: [{ center_code: "JKT01", role_id: role.id }] },
  });
  expect(created.status()).toBe(200);
  await signIn(page, user.username, user.password);
  await pickCenter(page, `E2E Soon Guarded ${tag} - Jakarta Kemang`);

  const changed = await request.put(`/api/roles/${role.id}`, {
    headers: admin,
    data: { name: role.name, permissions, mfa_required: true, version: role.version },
  });
  expect(changed.status()).toBe(200);
  // The open console hears of it by itself (its live connection is refused, as its next call would be).
  await expect(page).toHaveURL(/\/login\?reason=second-factor$/, { timeout: 15_000 });
  await expect(page.getByRole("status")).toHaveText("Your account now signs in with two-factor sign-in. Sign in again to continue.");
  expect(await page.evaluate(() => localStorage.getItem("cc.user"))).toBeNull();
  // Signing in again leads to setting it up.
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
});

test("at 1280 px: a passkey added from the console's page signs in instead of the code", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  // Chromium's virtual authenticator stands in for a phone or a fingerprint reader. A passkey needs
  // a domain (WebAuthn takes no IP address as its relying party): the same server, as localhost.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const origin = baseURL!.replace("127.0.0.1", "localhost");
  const user = account(E2E_TOTP_ACCOUNTS, "e2e-totp-passkey") as (typeof E2E_TOTP_ACCOUNTS)[number];
  const password = async () => {
    await page.goto(`${origin}/login`);
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
  };

  await password();
  await page.getByLabel("Authentication code").fill(code(user.secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/pick-center$/);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.goto(`${origin}/app/two-factor`);
  await page.getByLabel("Name of this passkey").fill("Office laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("main").getByText("Office laptop")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/two-factor-passkey-1280-en.png` });
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await password();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/pick-center$/);
});

test("at 1280 px: a superadmin resets a lost second factor from the users list; the password alone signs in again", async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  const user = account(E2E_TOTP_ACCOUNTS, "e2e-totp-lost") as (typeof E2E_TOTP_ACCOUNTS)[number];
  await signIn(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await page.goto("/app/administration/users");
  // Found by search: the users other browser tests add can push it off the first page.
  await page.getByPlaceholder("Search users").fill(user.username);
  await page.getByPlaceholder("Search users").press("Enter");
  await page.getByRole("button", { name: `Reset two-factor sign-in: ${user.fullname}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Their password stays");
  await clickInDialog(dialog, "Reset two-factor sign-in");
  await expect(page.getByText("Two-factor sign-in reset")).toBeVisible();

  const other = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(other, user.username, user.password);
  await expect(other).toHaveURL(/\/pick-center$/);
  await other.context().close();
});
