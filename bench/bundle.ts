// The console's JavaScript weight: in Chromium, against the built console and the real server, the
// gzip -9 size of every script a screen requests before it is usable (the login form, the welcome
// page's details, a content list's first row). Beside it, the budgets (e2e/budgets.spec.ts fails
// the tests over them); and, on request, Lighthouse's performance score (mobile, simulated
// throttling) beside its aim.
//
//   node --import tsx bench/bundle.ts [--dist <dir>] [--url <server>] [--list] [--lighthouse]
//
// --dist: a built console (default dist/, built when missing); --url: a server already serving it
// (otherwise one starts here on a fresh embedded database); --list: every script per screen;
// --lighthouse: also Lighthouse's score on /login and a list, median of 3 (LIGHTHOUSE_RUNS);
// `npm run bench` always adds it.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const ACCOUNT = { username: "manager", password: "Manager#12345", center: "Center Manager - Jakarta Kemang" };

/**
 * Budgets in KB of gzip -9 JavaScript (checked by e2e/budgets.spec.ts), and aims for Lighthouse's
 * performance score. A list's budget was 400: antd's Table as it is, with what it imports, and
 * Vite's default chunks put a list's first row above it, and the copies of antd's markup that kept
 * it lower are gone for good. The budget follows what the libraries cost; it is there to catch
 * what we add on top. The reports screen draws charts: recharts (about 123 KB of its 611 KB when
 * it came) on top of what a list with date pickers weighs, and on no other screen.
 */
export const AIMS = { loginKB: 115, welcomeKB: 310, listKB: 495, reportsKB: 625, lighthouseLogin: 97, lighthouseList: 85 } as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function totalBytes(dist: string) {
  const js = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  return { files: js.length, gzip: js.reduce((sum, f) => sum + gz(join(dist, "assets", f)), 0) };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The real server (from source) on a fresh embedded database holding the demo seed, serving `dist`. */
export async function startServer(dist: string, port?: number) {
  const listen = port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-bundle-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listen),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: resolve(dist),
      DATABASE_URL: "",
      JWT_SECRET: "",
      SEED_DEMO: "1",
      LOG_LEVEL: "silent",
      LOGIN_IP_RATE_LIMIT: "100000",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${listen}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 90_000) throw new Error("server did not answer within 90 s");
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** Signs in through the login form and picks the center, as a person would. */
async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel("Username").fill(ACCOUNT.username);
  await page.getByLabel("Password", { exact: true }).fill(ACCOUNT.password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await page.waitForURL(/\/pick-center$/);
  await page.getByRole("radio", { name: ACCOUNT.center }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/app\//);
}

export interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Resolves once the screen is usable. */
  ready: (page: Page) => Promise<void>;
  budgetKB: number;
  /** Draws charts: the only kind of screen that may load the chart library. */
  charts?: boolean;
}

export const SCREENS: Screen[] = [
  { name: "/login, the form", path: "/login", signedIn: false, budgetKB: AIMS.loginKB, ready: (p) => p.getByLabel("Username").waitFor() },
  {
    name: "/app/welcome, the details",
    path: "/app/welcome",
    signedIn: true,
    budgetKB: AIMS.welcomeKB,
    ready: (p) =>
      p
        .getByRole("heading", { name: /Welcome/ })
        .first()
        .waitFor(),
  },
  { name: "/app/posts, first row", path: "/app/posts", signedIn: true, budgetKB: AIMS.listKB, ready: (p) => p.locator("[data-row-key]").first().waitFor() },
  {
    name: "/app/careers/lists, first row",
    path: "/app/careers/lists",
    signedIn: true,
    budgetKB: AIMS.listKB,
    ready: (p) => p.locator("[data-row-key]").first().waitFor(),
  },
  {
    // The one screen that draws charts: its chart library is counted here, and only here.
    name: "/app/reports, first chart",
    path: "/app/reports",
    signedIn: true,
    budgetKB: AIMS.reportsKB,
    charts: true,
    ready: (p) => p.getByRole("figure", { name: "Conversations per day" }).getByRole("application").waitFor(),
  },
];

/** The built scripts that hold the chart library (recharts draws its charts in a "recharts-wrapper"). */
export function chartScripts(dist: string): string[] {
  const assets = join(dist, "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(".js") && readFileSync(join(assets, f), "utf8").includes("recharts-wrapper"))
    .map((f) => `/assets/${f}`);
}

export interface Weight {
  screen: Screen;
  gzip: number;
  files: { path: string; gzip: number }[];
}

/**
 * Opens each screen in a fresh context (an empty cache) and weighs the scripts it requested until
 * ready, in `using` (a browser of the caller's) or in a Chromium started here; `runs` times, the
 * lightest run kept. What a screen defers (the live socket, idle preloads) starts after it has
 * settled or after a few seconds at most: on a busy machine a screen can take longer than that to
 * be ready, and a run then weighs what was deferred too. What a screen needs is in every run.
 */
export async function measureScreens(dist: string, url: string, screens = SCREENS, using?: Browser, runs = 1): Promise<Weight[]> {
  const browser = using ?? (await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }));
  try {
    const login = await browser.newContext();
    await signIn(await login.newPage(), url);
    const storage = await login.storageState();
    await login.close();

    const weights: Weight[] = [];
    for (const screen of Array.from({ length: runs }, () => screens).flat()) {
      const context: BrowserContext = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        ...(screen.signedIn ? { storageState: storage } : {}),
      });
      const page = await context.newPage();
      const requested = new Set<string>();
      page.on("request", (request) => {
        const { origin, pathname } = new URL(request.url());
        if (origin === url && /\.m?js$/.test(pathname)) requested.add(pathname);
      });
      await page.goto(`${url}${screen.path}`);
      await screen.ready(page);
      const files = [...requested].map((path) => ({ path, gzip: gz(join(dist, path)) })).sort((a, b) => b.gzip - a.gzip);
      await context.close();
      const weight = { screen, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
      const index = weights.findIndex((w) => w.screen === screen);
      if (index < 0) weights.push(weight);
      else if (weight.gzip < weights[index]!.gzip) weights[index] = weight;
    }
    return weights;
  } finally {
    if (!using) await browser.close();
  }
}

/** What makes up the score (ms; layout shift unitless), as Lighthouse names its audits. */
const METRIC_AUDITS = { fcp: "first-contentful-paint", lcp: "largest-contentful-paint", tbt: "total-blocking-time", cls: "cumulative-layout-shift" } as const;
type Metric = keyof typeof METRIC_AUDITS;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Lighthouse's performance score (mobile, simulated throttling, its defaults), median of `runs`.
 * A signed-in page needs the session in local storage: Chromium signs in on a profile of its own
 * and closes, its HTTP cache is emptied, and Lighthouse starts Chromium on that profile with
 * --disable-storage-reset (so the session stays; the cache was emptied by hand).
 */
export async function lighthouseScores(url: string, paths: { path: string; signedIn: boolean }[], runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)) {
  const results: { path: string; median: number; all: number[]; metrics: Record<Metric, number> }[] = [];
  for (const { path, signedIn } of paths) {
    const all: number[] = [];
    const metrics: Record<Metric, number[]> = { fcp: [], lcp: [], tbt: [], cls: [] };
    // A run Lighthouse itself gives up on (it asks to be run again, e.g. NO_NAVSTART) is run again, once.
    for (let i = 0, retried = false; i < runs; i++) {
      const profile = mkdtempSync(join(tmpdir(), "cc-bench-lh-"));
      try {
        if (signedIn) {
          const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS });
          await signIn(context.pages()[0] ?? (await context.newPage()), url);
          await context.close();
          for (const cache of ["Default/Cache", "Default/Code Cache"]) rmSync(join(profile, cache), { recursive: true, force: true });
        }
        const flags = ["--headless=new", ...CHROMIUM_ARGS, `--user-data-dir=${profile}`];
        const output = join(profile, "report.json");
        spawnSync(
          "npx",
          [
            "-y",
            "lighthouse@12",
            `${url}${path}`,
            "--only-categories=performance",
            "--output=json",
            `--output-path=${output}`,
            "--quiet",
            "--disable-storage-reset",
            `--chrome-flags=${flags.join(" ")}`,
          ],
          { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: "ignore" },
        );
        if (!existsSync(output)) throw new Error(`Lighthouse on ${path} wrote no report`);
        const out = readFileSync(output, "utf8");
        const report = JSON.parse(out) as {
          categories: { performance: { score: number | null } };
          audits: Record<string, { numericValue?: number }>;
          finalDisplayedUrl: string;
          runtimeError?: { message: string };
        };
        if (report.runtimeError && !retried) {
          retried = true;
          i -= 1;
          continue;
        }
        if (report.runtimeError) throw new Error(`Lighthouse on ${path}: ${report.runtimeError.message}`);
        if (!new URL(report.finalDisplayedUrl).pathname.endsWith(path)) throw new Error(`Lighthouse ended on ${report.finalDisplayedUrl}, not ${path}`);
        all.push(Math.round((report.categories.performance.score ?? 0) * 100));
        for (const [metric, audit] of Object.entries(METRIC_AUDITS)) metrics[metric as Metric].push(report.audits[audit]?.numericValue ?? NaN);
        // LIGHTHOUSE_REPORTS=<dir> keeps each run's report, to read what cost the points.
        if (process.env.LIGHTHOUSE_REPORTS) writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${path.replace(/\W+/g, "_")}-${i + 1}.json`), out);
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    }
    results.push({
      path,
      median: median(all),
      all,
      metrics: Object.fromEntries(Object.entries(metrics).map(([m, xs]) => [m, median(xs)])) as Record<Metric, number>,
    });
  }
  return results;
}

/**
 * Prints each screen's weight beside its aim (and Lighthouse's scores with `lighthouse`). Builds
 * `dist` with Vite first when it holds no build, or with `build`.
 */
export async function benchBundle({ dist = "dist", build = false, list = false, lighthouse = false, url = "" } = {}) {
  if (build || !existsSync(join(dist, ".vite/manifest.json"))) {
    execSync(`npx vite build --outDir ${JSON.stringify(dist)} --emptyOutDir`, { cwd: root, stdio: "ignore" });
  }
  console.log("Bundle: JavaScript requested before the screen is usable (Chromium, every script gzip -9)");
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  // A server already serving `dist` (--url), or the real one started here.
  const server = url ? { url, stop: async () => undefined } : await startServer(dist);
  try {
    for (const weight of await measureScreens(dist, server.url)) {
      const aim = weight.screen.budgetKB * 1024;
      const verdict = weight.gzip <= aim ? "within" : "OVER";
      console.log(
        `  ${weight.screen.name.padEnd(32)} ${kb(weight.gzip).padStart(9)}  (${String(weight.files.length).padStart(2)} files)  budget ≤ ${weight.screen.budgetKB} KB: ${verdict}`,
      );
      if (list) for (const f of weight.files) console.log(`      ${kb(f.gzip).padStart(9)}  ${f.path}`);
    }
    const total = totalBytes(dist);
    console.log(`  ${"all JavaScript".padEnd(32)} ${kb(total.gzip).padStart(9)}  (${total.files} files)`);
    if (lighthouse) {
      console.log(`Lighthouse performance (mobile, simulated throttling), median of ${process.env.LIGHTHOUSE_RUNS ?? 3}`);
      const aims: Record<string, number> = { "/login": AIMS.lighthouseLogin, "/app/posts": AIMS.lighthouseList };
      for (const s of await lighthouseScores(server.url, [
        { path: "/login", signedIn: false },
        { path: "/app/posts", signedIn: true },
      ])) {
        const aim = aims[s.path]!;
        console.log(`  ${s.path.padEnd(32)} ${String(s.median).padStart(9)}  (${s.all.join(", ")})  aim ≥ ${aim}: ${s.median >= aim ? "met" : "MISSED"}`);
        const { fcp, lcp, tbt, cls } = s.metrics;
        console.log(
          `      first contentful paint ${(fcp / 1000).toFixed(1)} s, largest ${(lcp / 1000).toFixed(1)} s, total blocking time ${Math.round(tbt)} ms, layout shift ${cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  await benchBundle({
    dist: option("--dist") ?? "dist",
    url: option("--url") ?? "",
    build: process.argv.includes("--build"),
    list: process.argv.includes("--list"),
    lighthouse: process.argv.includes("--lighthouse"),
  });
}
