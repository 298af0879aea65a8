// The server as `npm start` runs it: the esbuild bundle (scripts/build-server.ts), started in its
// own process. The rest of the suite runs the sources; this proves the one file starts, carries
// the definitions and migrations, and serves the API, its reference and the console. With
// TEST_DATABASE_URL it runs in PostgreSQL mode on a throw-away database.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../scripts/build-server.js";
import { TEST_JWT_SECRET, TEST_TOTP_KEY } from "./helpers.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

let child: ChildProcess | undefined;
let base = "";
const cleanups: (() => Promise<void> | void)[] = [];
let stderr = "";

beforeAll(async () => {
  const outfile = await buildServer(join(root, "dist-server", `test-${process.pid}-${randomBytes(3).toString("hex")}.mjs`));
  cleanups.push(
    () => rmSync(outfile, { force: true }),
    () => rmSync(`${outfile}.map`, { force: true }),
  );

  const work = mkdtempSync(join(tmpdir(), "cc-bundle-"));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const staticDir = join(work, "static");
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Center Console</title>");

  const env: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", STATIC_DIR: staticDir, SEED_DEMO: "1" };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `cc_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    Object.assign(env, { DATABASE_URL: url.toString(), JWT_SECRET: TEST_JWT_SECRET, TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY, TWO_FACTOR_DEFAULTS: "0" });
  } else {
    Object.assign(env, { DATABASE_URL: "", JWT_SECRET: "", DATA_DIR: join(work, "data") });
  }

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [outfile], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() - started > 90_000) throw new Error(`the bundle did not answer within 90 s: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("the server bundle", () => {
  it("starts without a warning", () => {
    expect(stderr).toBe("");
  });

  it("signs in and lists the bundled definitions' records", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "manager", password: "Manager#12345" }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { authorization: `Bearer ${token}`, "x-center-code": "JKT01" };
    for (const name of ["posts", "careers", "images"]) {
      const list = await fetch(`${base}/api/${name}?limit=5`, { headers });
      expect(list.status, name).toBe(200);
      expect(((await list.json()) as { data: { totalDocs: number } }).data.totalDocs, name).toBeGreaterThan(0);
    }
    // A validation error still names the field (the validators compile on first use).
    const bad = await fetch(`${base}/api/posts`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: 5 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors?: Record<string, string> }).errors).toHaveProperty("title");
  });

  it("serves the public API, the API reference and the console", async () => {
    const publicPosts = await fetch(`${base}/api/public/posts?limit=1`);
    expect(publicPosts.status).toBe(200);
    const openapi = await fetch(`${base}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(Object.keys(((await openapi.json()) as { paths: object }).paths)).toContain("/api/public/posts");
    const docs = await fetch(`${base}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("swagger-ui");
    const css = await fetch(`${base}/api/docs/static/swagger-ui.css`);
    expect(css.status).toBe(200);
    const console = await fetch(`${base}/login`);
    expect(console.status).toBe(200);
    expect(await console.text()).toContain("<title>Center Console</title>");
  });

  it("stops cleanly on SIGTERM", { timeout: 30_000 }, async () => {
    const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
