import { expect, test } from "@playwright/test";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { SHOTS, signIn } from "./fixtures";

test("the splash checks the session and sends a signed-out visitor to the login", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Please Wait...")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(page.getByText("Silakan masukkan username dan password Anda.")).toBeVisible();
  await expect(page.getByText("v1.0.0")).toBeVisible();
  await expect(page.getByText("Center Console", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login.png`, fullPage: true });
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a wrong password shows the server's message after the loading state", async ({ page }) => {
  await signIn(page, DEMO.editor.username, "wrong-password");
  await expect(page.getByRole("button", { name: "Memuat..." })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Error : Invalid username or password");
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
});

test("an unknown user gets the very same message", async ({ page }) => {
  await signIn(page, "nobody-here", "whatever");
  await expect(page.getByRole("alert")).toHaveText("Error : Invalid username or password");
});

test("a disabled account is told so", async ({ page }) => {
  const disabled = E2E_ACCOUNTS[0];
  await signIn(page, disabled.username, disabled.password);
  await expect(page.getByRole("alert")).toHaveText("Error : This account is disabled");
});

test("an unreachable server reads as a communication problem", async ({ page }) => {
  await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  await expect(page.getByRole("alert")).toHaveText("Error : Komunikasi dengan server bermasalah");
});

test("starting a login clears the earlier session and center", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => {
    localStorage.setItem("cc.user", JSON.stringify({ id: 1, token: "old", fullname: "Old", user_type: "superadmin" }));
    localStorage.setItem("cc.center", "JKT01");
  });
  await signIn(page, "nobody-here", "whatever");
  await expect(page.getByRole("alert")).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test("a sign-in's toast reads 'Success' with the server's message, before the console's words have loaded", async ({ page }) => {
  await signIn(page, DEMO.editor.username, DEMO.editor.password);
  const toast = page.getByRole("alert").filter({ hasText: "Login success" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Success");
  await expect(toast).not.toContainText("notify.");
});
