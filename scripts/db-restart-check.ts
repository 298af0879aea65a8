// Two API instances on one PostgreSQL, under writers, while PostgreSQL restarts, stops, crashes and
// has every backend terminated. Passes only when:
// - both processes live throughout;
// - every answer is 2xx, 409 or 503 (never a 500, never a dropped connection);
// - every write the API acknowledged is in the database afterwards;
// - after each trial, a change made on instance A reaches a socket on instance B within 5 s of
//   PostgreSQL accepting connections again (the realtime adapter re-subscribed by itself).
//
//   npm run check:db-restart            (needs PostgreSQL's binaries: apt-get install postgresql)
//
// It makes its own throw-away cluster on a free port. `npm test` runs it when TEST_DATABASE_URL is
// set (CI sets it), through scripts/server-tests-on-postgres.mjs.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { type ResourceEvent, SOCKET_PATH } from "../protocol/realtime.js";

const WRITERS = Number(process.env.CHECK_WRITERS ?? 10);
/** How soon after PostgreSQL is back a change must cross instances again. */
const EVENTS_BACK_WITHIN_MS = 5_000;
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

interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  exited: boolean;
}

function startInstance(name: string, port: number, url: string): Instance {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      JWT_SECRET: "restart-check-secret-restart-check-secret",
      TOTP_ENCRYPTION_KEY: "restart-check-totp-key-restart-check-totp-key",
      // The demo accounts sign in with their passwords: this checks outages, not sign-in.
      TWO_FACTOR_DEFAULTS: "0",
      SEED_DEMO: "1",
      LOG_LEVEL: "error",
      DB_CONNECT_TIMEOUT_MS: "1000",
      DB_QUERY_TIMEOUT_MS: "5000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, process: child, exited: false };
  child.on("exit", () => (instance.exited = true));
  return instance;
}

async function whenReady(instance: Instance) {
  for (let i = 0; ; i++) {
    if (instance.exited) throw new Error(`instance ${instance.name} exited while starting`);
    if (i > 600) throw new Error(`instance ${instance.name} did not start`);
    if ((await fetch(`${instance.base}/api/ready`).catch(() => null))?.status === 200) return;
    await sleep(100);
  }
}

/** A socket as the console opens one, that remembers the ids of the posts it heard about. */
async function listen(instance: Instance, token: string): Promise<{ socket: Socket; heard: Set<number> }> {
  const socket = io(instance.base, { path: SOCKET_PATH, auth: { token, center: "JKT01" }, transports: ["websocket"] });
  const heard = new Set<number>();
  socket.on("live", (event: ResourceEvent) => {
    if (event.channel === "resources/posts") for (const id of event.payload.ids) heard.add(id);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, heard };
}

async function main() {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), "cc-restart-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const pgPort = await freePort();
  const ctl = (...args: string[]) => pgTool(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", ...args]);
  pgTool(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  /** Starts PostgreSQL; after a crash its old backends may still hold the shared memory a moment. */
  async function pgStart() {
    for (let attempt = 0; ; attempt++) {
      try {
        ctl("-o", options, "start");
        return;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(500);
      }
    }
  }
  await pgStart();
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  /** Runs one statement on a connection of its own (not the API's). */
  async function admin<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  // One at a time: the first seeds the demo data, the second finds it there.
  const a = startInstance("A", await freePort(), url);
  const instances = [a];
  let b: Instance | undefined;
  const sockets: Socket[] = [];
  let ok = true;

  try {
    await whenReady(a);
    b = startInstance("B", await freePort(), url);
    instances.push(b);
    await whenReady(b);

    const login = await fetch(`${a.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "manager", password: "Manager#12345" }),
    });
    const token = (await login.json()).data.token as string;
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}`, "x-center-code": "JKT01" };
    const onB = await listen(b, token);
    sockets.push(onB.socket);
    sockets.push((await listen(a, token)).socket);

    let n = 0;
    async function createPost(on: Instance): Promise<Response> {
      n += 1;
      const slug = `restart-${on.name.toLowerCase()}-${n}`;
      return fetch(`${on.base}/api/posts`, {
        method: "POST",
        headers,
        body: JSON.stringify({ title: `Restart ${slug}`, slug, type: "news", content: "<p>x</p>" }),
      });
    }

    const acknowledged: number[] = [];
    let codes = new Map<string, number>();
    const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
    let running = true;
    async function writer(w: number) {
      const on = instances[w % instances.length]!;
      while (running) {
        try {
          const res = await createPost(on);
          count(String(res.status));
          if (res.status === 200) acknowledged.push((await res.json()).data.id);
          else await res.arrayBuffer();
          if (res.status === 503) await sleep(100);
        } catch {
          count("no answer");
          await sleep(100);
        }
      }
    }

    /** From now, how long until a post created on A is heard on B's socket (null: not within 15 s). */
    async function crossInstanceAfter(): Promise<number | null> {
      const started = Date.now();
      while (Date.now() - started < 15_000) {
        const res = await createPost(a).catch(() => null);
        if (res?.status === 200) {
          const id = (await res.json()).data.id as number;
          acknowledged.push(id);
          for (const waitUntil = Date.now() + 500; Date.now() < waitUntil; await sleep(20)) {
            if (onB.heard.has(id)) return Date.now() - started;
          }
        } else {
          await res?.arrayBuffer();
          await sleep(100);
        }
      }
      return null;
    }

    const trials: { name: string; disrupt: () => Promise<void> }[] = [
      { name: "restart (fast)", disrupt: async () => void ctl("-m", "fast", "-o", options, "restart") },
      {
        name: "fast stop, 3 s down, start",
        disrupt: async () => {
          ctl("-m", "fast", "stop");
          await sleep(3_000);
          await pgStart();
        },
      },
      {
        name: "crash (kill -9 of the postmaster)",
        disrupt: async () => {
          const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
          process.kill(pid, "SIGKILL");
          await sleep(1_000);
          await pgStart();
        },
      },
      {
        name: "pg_terminate_backend of every backend",
        disrupt: async () => {
          await admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'");
        },
      },
    ];

    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const table: string[][] = [["trial", "answers", "events A→B back after", "processes"]];
    for (const trial of trials) {
      codes = new Map();
      await sleep(2_000);
      await trial.disrupt();
      const back = await crossInstanceAfter();
      await sleep(1_000);
      const alive = instances.every((i) => !i.exited);
      const unexpected = [...codes.keys()].filter((c) => !/^2\d\d$/.test(c) && c !== "409" && c !== "503");
      const passed = alive && unexpected.length === 0 && back !== null && back <= EVENTS_BACK_WITHIN_MS;
      ok &&= passed;
      table.push([
        `${passed ? "ok  " : "FAIL"} ${trial.name}`,
        [...codes]
          .sort()
          .map(([c, k]) => `${c}×${k}`)
          .join(", "),
        back === null ? "never (15 s)" : `${back} ms (aim ≤ ${EVENTS_BACK_WITHIN_MS})`,
        alive
          ? "both alive"
          : instances
              .filter((i) => i.exited)
              .map((i) => `${i.name} exited`)
              .join(", "),
      ]);
    }
    running = false;
    await Promise.all(writers);

    const rows = await admin<{ id: string }>(`SELECT id::text FROM documents WHERE id IN (${acknowledged.join(",") || "0"})`);
    const found = new Set(rows.map((r) => Number(r.id)));
    const lost = acknowledged.filter((id) => !found.has(id));
    ok &&= lost.length === 0 && acknowledged.length > 0;

    const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
    for (const row of table)
      console.log(
        "  " +
          row
            .map((cell, col) => cell.padEnd(widths[col]!))
            .join("  ")
            .trimEnd(),
      );
    console.log(`acknowledged writes: ${acknowledged.length}, lost: ${lost.length}`);
    console.log(ok ? "restart check passed" : "restart check FAILED");
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const socket of sockets) socket.disconnect();
    for (const instance of instances) {
      instance.process.kill("SIGTERM");
      await new Promise((resolve) => (instance.exited ? resolve(null) : instance.process.once("exit", resolve)));
    }
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
