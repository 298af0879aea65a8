// The live console's figures: the memory one instance spends on idle sockets, and how long an
// event takes from the commit that caused it to the sockets that hear it. The server runs as
// `npm start` runs it (the bundle), embedded, and on PostgreSQL too when DATABASE_URL is set
// (its events then go through the PostgreSQL adapter, as with several instances).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io, type Socket } from "socket.io-client";
import { SOCKET_PATH, type ResourceEvent } from "../protocol/realtime";
import { serverCommand } from "./coldStart";

/** The aims. */
export const REALTIME_AIMS = { idleSockets: 2_000, extraRssMiB: 150, latencySockets: 500, p99Ms: 100, floodHealthMs: 200 } as const;
const WRITES = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function start(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, await serverCommand(), {
    env: { ...process.env, DATABASE_URL: "", ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", LOGIN_IP_RATE_LIMIT: "100000" },
    stdio: "ignore",
  });
  for (const started = Date.now(); ; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error("server did not answer within 120 s");
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
}

async function stop(child: ChildProcess) {
  child.kill("SIGTERM");
  if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
}

async function api(base: string, method: string, path: string, token?: string, body?: object) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}`, "x-center-code": "JKT01" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: any };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function openSockets(base: string, token: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches, as a crowd of browsers would arrive, not all in one tick.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () =>
      io(base, { path: SOCKET_PATH, auth: { token, center: "JKT01" }, transports: ["websocket"], reconnection: false, forceNew: true }),
    );
    await Promise.all(batch.map((s) => new Promise<void>((resolve, reject) => (s.once("connect", () => resolve()), s.once("connect_error", reject)))));
    sockets.push(...batch);
  }
  return sockets;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function measure(label: string, port: number, env: NodeJS.ProcessEnv) {
  const server = await start(port, env);
  const base = `http://127.0.0.1:${port}`;
  let sockets: Socket[] = [];
  try {
    const { token } = await api(base, "POST", "/api/auth/login", undefined, { username: "manager", password: "Manager#12345" });
    await sleep(2_000);
    const before = rssMiB(server.pid!);
    sockets = await openSockets(base, token, REALTIME_AIMS.idleSockets);
    await sleep(3_000);
    const extra = rssMiB(server.pid!) - before;

    // Latency with the aim's number of sockets: each event's `date` is stamped right after the commit.
    for (const s of sockets.splice(REALTIME_AIMS.latencySockets)) s.disconnect();
    await sleep(1_000);
    const latencies: number[] = [];
    for (const s of sockets) s.on("live", (e: ResourceEvent) => latencies.push(Date.now() - Date.parse(e.date)));
    const link = await api(base, "POST", "/api/center-links", token, { label: "Bench link", url: "https://example.com/bench", kind: "website" });
    let version = link.version as number;
    for (let i = 0; i < WRITES; i++) {
      const saved = await api(base, "PUT", `/api/center-links/${link.id}`, token, {
        label: `Bench link ${i}`,
        url: "https://example.com/bench",
        kind: "website",
        version,
      });
      version = saved.version;
      await sleep(50);
    }
    await sleep(1_000);
    const expected = (WRITES + 1) * REALTIME_AIMS.latencySockets;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const { idleSockets, extraRssMiB, latencySockets, p99Ms } = REALTIME_AIMS;
    console.log(`  ${label}`);
    console.log(
      `    ${idleSockets} idle sockets: +${extra.toFixed(0)} MiB RSS (${((extra * 1024) / idleSockets).toFixed(1)} KiB each)   aim < ${extraRssMiB} MiB: ${extra < extraRssMiB ? "met" : "MISSED"}`,
    );
    console.log(
      `    commit → client, ${latencySockets} sockets: p50 ${p50} ms, p99 ${p99} ms (${latencies.length}/${expected} delivered)   aim p99 ≤ ${p99Ms} ms: ${p99 <= p99Ms && latencies.length === expected ? "met" : "MISSED"}`,
    );
    await floodFigure(base, token);
  } finally {
    for (const s of sockets) s.disconnect();
    await stop(server);
  }
}

/** One socket sends 5,000 events that each would cost a lookup; /api/health is asked meanwhile. */
async function floodFigure(base: string, token: string) {
  const [flooder] = await openSockets(base, token, 1);
  const dropped = new Promise<void>((resolve) => flooder!.once("disconnect", () => resolve()));
  const latencies: number[] = [];
  let flooding = true;
  const probe = (async () => {
    while (flooding) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await sleep(10);
    }
  })();
  await sleep(100);
  for (let i = 0; i < 5_000; i++) flooder!.emit("presence:join", { resource: "posts", id: 1_000_000 + i });
  await Promise.race([dropped, sleep(10_000)]);
  await sleep(500);
  flooding = false;
  await probe;
  const worst = Math.max(...latencies);
  console.log(
    `    socket flood, 5,000 events from one socket: ${flooder!.connected ? "NOT dropped" : "dropped"}; /api/health p50 ${percentile(latencies, 50).toFixed(0)} ms, worst ${worst.toFixed(0)} ms   aim < ${REALTIME_AIMS.floodHealthMs} ms: ${worst < REALTIME_AIMS.floodHealthMs && !flooder!.connected ? "met" : "MISSED"}`,
  );
  flooder!.disconnect();
}

export async function benchRealtime() {
  console.log("\nRealtime (socket.io, the bundle)");
  const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-rt-"));
  try {
    // A first start seeds the folder; measured is a start on existing data, whose idle RSS is steady.
    await stop(await start(4391, { DATA_DIR: dataDir }));
    await measure("embedded database", 4391, { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL)
    await measure("PostgreSQL (events through the adapter)", 4392, {
      DATABASE_URL: process.env.DATABASE_URL,
      JWT_SECRET: "bench-secret-long-enough-for-hs256-0123456789",
      TOTP_ENCRYPTION_KEY: "bench-totp-key-long-enough-for-aes-0123456789",
      // The demo accounts sign in with their passwords, as in the embedded measure.
      TWO_FACTOR_DEFAULTS: "0",
      SEED_DEMO: "1",
    });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRealtime();
