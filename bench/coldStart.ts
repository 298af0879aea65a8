// Cold start: spawn the server as `npm start` runs it (the bundle, dist-server/index.mjs) and time
// the first 200 of /api/health, then read its RSS once it sits idle. Beside it, the floor: a bare
// PGlite opening a copy of the same data folder and answering `select 1`, in a child process, in
// the same rounds (the machine is shared, so every figure is a median of several runs).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildServer } from "../scripts/build-server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 5));
/** How long after its first 200 the server counts as idle, for its RSS. */
const IDLE_MS = 2_000;

/** Issue 9's aims: first 200 within 2.5× the floor on an existing embedded database; RSS idle. */
export const AIMS = { floorFactor: 2.5, rssEmbeddedMiB: 350, rssPostgresMiB: 150 } as const;

export interface Sample {
  ms: number;
  /** MiB, IDLE_MS after the first 200 (for the floor: right after `select 1`). */
  rss: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** What `npm start` runs after building: `node dist-server/index.mjs`. */
export async function serverCommand(): Promise<string[]> {
  return [await buildServer()];
}

/** Starts the server and times the first 200 from /api/health. */
export async function coldStart(port: number, env: NodeJS.ProcessEnv, args: string[]): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: "", ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error("server did not answer within 60 s");
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    const ms = performance.now() - started;
    await sleep(IDLE_MS);
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  }
}

// Nothing but PGlite: open the folder, answer `select 1`, report.
const FLOOR_SCRIPT = `
const { PGlite } = await import("@electric-sql/pglite");
const db = await PGlite.create(process.argv[1]);
await db.query("select 1");
process.stdout.write("ready " + process.memoryUsage().rss + "\\n");
await db.close();
`;

/** A bare PGlite opening a copy of `pgdata` and answering `select 1`, from spawn to the answer. */
export async function floor(pgdata: string): Promise<Sample> {
  const copy = mkdtempSync(join(tmpdir(), "cc-bench-floor-"));
  try {
    cpSync(pgdata, copy, { recursive: true });
    const started = performance.now();
    const child = spawn(process.execPath, ["--input-type=module", "-e", FLOOR_SCRIPT, copy], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    let sample: Sample | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      const m = /ready (\d+)/.exec(out);
      if (m && !sample) sample = { ms: performance.now() - started, rss: Number(m[1]) / 1048576 };
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (!sample) throw new Error(`the floor's PGlite exited with ${code}`);
    return sample;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface Figures {
  ms: number;
  rss: number;
  msMin: number;
  msMax: number;
  runs: number;
}

function summarise(samples: Sample[]): Figures {
  const ms = samples.map((s) => s.ms);
  return { ms: median(ms), rss: median(samples.map((s) => s.rss)), msMin: Math.min(...ms), msMax: Math.max(...ms), runs: samples.length };
}

function line(label: string, f: Figures, aim = "") {
  const spread = f.runs > 1 ? `(${f.msMin.toFixed(0)}–${f.msMax.toFixed(0)})` : "";
  console.log(`  ${label.padEnd(44)} ${f.ms.toFixed(0).padStart(6)} ms ${spread.padEnd(13)} RSS ${f.rss.toFixed(0).padStart(4)} MiB${aim ? `   ${aim}` : ""}`);
}

const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/** Cold starts on the embedded database, an empty one and an existing one, with the floor. */
async function embedded(port: number, args: string[], runs: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-"));
  const freshDirs: string[] = [];
  try {
    const fresh: Sample[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      const dir = i === 0 ? dataDir : mkdtempSync(join(tmpdir(), "cc-bench-"));
      if (i > 0) freshDirs.push(dir);
      fresh.push(await coldStart(port, { DATA_DIR: dir }, args));
    }
    const existing: Sample[] = [];
    const floors: Sample[] = [];
    // Interleaved, so a busy moment of the machine weighs on both.
    for (let i = 0; i < runs; i++) {
      floors.push(await floor(join(dataDir, "pgdata")));
      existing.push(await coldStart(port, { DATA_DIR: dataDir }, args));
    }
    return { fresh: summarise(fresh), existing: summarise(existing), floor: summarise(floors) };
  } finally {
    for (const dir of [dataDir, ...freshDirs]) rmSync(dir, { recursive: true, force: true });
  }
}

/** Cold starts in PostgreSQL mode on a temporary database: the first one migrates it. */
async function postgres(port: number, args: string[], runs: number, databaseUrl: string) {
  const name = `cc_bench_cold_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString("hex"), TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex") };
    const fresh = await coldStart(port, env, args);
    const existing: Sample[] = [];
    for (let i = 0; i < runs; i++) existing.push(await coldStart(port, env, args));
    return { fresh: summarise([fresh]), existing: summarise(existing) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * Prints the cold-start figures beside issue 9's aims and returns them. BENCH_COLD_RUNS sets the
 * runs per case (5); BENCH_COLD_SOURCE=1 adds the server run from source (`node --import tsx`).
 */
export async function benchColdStart({ port = Number(process.env.BENCH_PORT ?? 4391), databaseUrl = process.env.DATABASE_URL, runs = RUNS } = {}) {
  const args = await serverCommand();
  console.log(`\nServer cold start: spawn to the first 200 of /api/health, median of ${runs} (min–max); RSS ${IDLE_MS / 1000} s after it`);
  const lite = await embedded(port, args, runs);
  const floorAim = AIMS.floorFactor * lite.floor.ms;
  line("floor: bare PGlite on a copy, `select 1`", lite.floor);
  line(
    "embedded, existing data folder",
    lite.existing,
    `aim ≤ ${AIMS.floorFactor}× floor = ${floorAim.toFixed(0)} ms: ${verdict(lite.existing.ms <= floorAim)} (${(lite.existing.ms / lite.floor.ms).toFixed(1)}×); ` +
      `RSS ≤ ${AIMS.rssEmbeddedMiB} MiB: ${verdict(lite.existing.rss <= AIMS.rssEmbeddedMiB)}`,
  );
  line("embedded, empty data folder (migrate + seed)", lite.fresh);

  let source: Figures | undefined;
  if (process.env.BENCH_COLD_SOURCE === "1") {
    const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-"));
    try {
      await coldStart(port, { DATA_DIR: dataDir }, args);
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await coldStart(port, { DATA_DIR: dataDir }, ["--import", "tsx", "server/index.ts"]));
      source = summarise(samples);
      line("embedded, existing, from source (tsx)", source);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  let postgresFigures: Awaited<ReturnType<typeof postgres>> | undefined;
  if (databaseUrl) {
    postgresFigures = await postgres(port, args, runs, databaseUrl);
    line(
      "PostgreSQL, existing database",
      postgresFigures.existing,
      `RSS ≤ ${AIMS.rssPostgresMiB} MiB: ${verdict(postgresFigures.existing.rss <= AIMS.rssPostgresMiB)}`,
    );
    line("PostgreSQL, empty database (migrate)", postgresFigures.fresh);
  } else {
    console.log("  PostgreSQL: skipped (set DATABASE_URL to a server the bench may create a temporary database on)");
  }
  return { ...lite, source, postgres: postgresFigures };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchColdStart();
