// Write load while PostgreSQL restarts and stops: the API must never crash, never lose a write it
// acknowledged, and answer nothing but 2xx, 409 or 503 meanwhile.
//
//   npm run check:db-restart            (needs PostgreSQL's binaries: apt-get install postgresql)
//
// It makes its own throw-away PostgreSQL cluster on a free port, starts the API on it, runs
// concurrent writers, restarts PostgreSQL twice and stops it for a few seconds, then checks every
// acknowledged write against the database. Exit code 0 only when all of that holds.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const WRITERS = Number(process.env.CHECK_WRITERS ?? 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pgBin(): string {
  const base = "/usr/lib/postgresql";
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error("PostgreSQL binaries not found under /usr/lib/postgresql");
  return join(base, version, "bin");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses root). */
function pgTool(bin: string, args: string[]) {
  if (!asRoot) return execFileSync(bin, args, { stdio: "ignore" });
  const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "ignore" });
}

async function main() {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), "cc-restart-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const pgPort = await freePort();
  const apiPort = await freePort();
  const ctl = (...args: string[]) => pgTool(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", ...args]);
  pgTool(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  ctl("-o", options, "start");
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

  const api = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      JWT_SECRET: "restart-check-secret-restart-check-secret",
      SEED_DEMO: "1",
      LOG_LEVEL: "error",
      DB_CONNECT_TIMEOUT_MS: "1000",
      DB_QUERY_TIMEOUT_MS: "5000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let crashed = false;
  api.on("exit", () => (crashed = true));
  const base = `http://127.0.0.1:${apiPort}`;

  try {
    for (let i = 0; ; i++) {
      if (crashed) throw new Error("the API exited while starting");
      if (i > 600) throw new Error("the API did not start");
      if ((await fetch(`${base}/api/ready`).catch(() => null))?.status === 200) break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "manager", password: "Manager#12345" }) });
    const token = (await login.json()).data.token as string;
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}`, "x-center-code": "JKT01" };

    const acknowledged: number[] = [];
    const codes = new Map<number, number>();
    let running = true;
    let n = 0;
    async function writer(w: number) {
      while (running) {
        n += 1;
        const slug = `restart-${w}-${n}`;
        try {
          const res = await fetch(`${base}/api/posts`, { method: "POST", headers, body: JSON.stringify({ title: `Restart ${slug}`, slug, type: "news", content: "<p>x</p>" }) });
          codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
          if (res.status === 200) acknowledged.push((await res.json()).data.id);
          else await res.arrayBuffer();
          if (res.status === 503) await sleep(100);
        } catch {
          codes.set(0, (codes.get(0) ?? 0) + 1);
          await sleep(100);
        }
      }
    }
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

    await sleep(3_000);
    console.log("restarting PostgreSQL (fast) …");
    ctl("-m", "fast", "-o", options, "restart");
    await sleep(3_000);
    console.log("restarting PostgreSQL (immediate: a crash) …");
    ctl("-m", "immediate", "-o", options, "restart");
    await sleep(3_000);
    console.log("stopping PostgreSQL for 4 s …");
    ctl("-m", "fast", "stop");
    await sleep(4_000);
    ctl("-o", options, "start");
    await sleep(4_000);
    running = false;
    await Promise.all(writers);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query<{ id: string }>("SELECT id::text FROM documents WHERE id = ANY($1::bigint[])", [acknowledged]);
    await db.end();
    const found = new Set(rows.map((r) => Number(r.id)));
    const lost = acknowledged.filter((id) => !found.has(id));
    const unexpected = [...codes].filter(([code]) => !(code >= 200 && code < 300) && code !== 409 && code !== 503);

    console.log(`answers: ${[...codes].sort().map(([c, k]) => `${c === 0 ? "no answer" : c}×${k}`).join(", ")}`);
    console.log(`acknowledged writes: ${acknowledged.length}, lost: ${lost.length}, crashes: ${crashed ? 1 : 0}`);
    const ok = !crashed && lost.length === 0 && unexpected.length === 0 && acknowledged.length > 0;
    console.log(ok ? "restart check passed" : "restart check FAILED");
    process.exitCode = ok ? 0 : 1;
  } finally {
    api.kill("SIGTERM");
    await new Promise((resolve) => (api.exitCode !== null ? resolve(null) : api.once("exit", resolve)));
    try {
      ctl("-m", "immediate", "stop");
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
