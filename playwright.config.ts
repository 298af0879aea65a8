import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    // Every browser test signs in from 127.0.0.1: the per-address login limit is lifted for them.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? "dist",
      SEED_DEMO: "1",
      DATABASE_URL: "",
      JWT_SECRET: "",
      LOGIN_IP_RATE_LIMIT: "100000",
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
