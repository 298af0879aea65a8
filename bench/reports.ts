// Reports and the welcome page's blocks at 100,000 conversations, 1,000,000 messages and 100,000
// posts: the chats bench's inbox and the lists bench's posts in one throw-away database, their
// reporting facts written by the migration's backfill (as for data from before the reports) and
// rolled up, then autocannon against each call as the demo manager at JKT01.
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { buildApp } from "../server/app";
import type { Db } from "../server/db/client";
import { prepare as prepareChats } from "./chats";
import { cpuSnapshot, otherWorkShare } from "./cpu";
import { onBenchDatabases, type BenchDatabase } from "./databases";
import { prepare as preparePosts } from "./list";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Each report call's p99 aim: 50 ms on PostgreSQL, three times that on PGlite. */
const AIM_MS = { PostgreSQL: 50, PGlite: 150 } as const;

interface Case {
  label: string;
  path: string;
  /** What the answer holds, printed beside the figures. */
  about: (response: Response) => Promise<string>;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function login(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "manager", password: "Manager#12345" }),
  });
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}`, "x-center-code": "JKT01" };
}

async function measure(base: string, c: Case, headers: Record<string, string>, aim: number, database?: string) {
  const check = await fetch(base + c.path, { headers });
  if (check.status !== 200) throw new Error(`${c.path}: ${check.status} ${await check.text()}`);
  const about = await c.about(check);
  // Unrecorded warm-up: the first second pays for JIT compilation and cold pages, not the case.
  await autocannon({ url: base + c.path, connections: 10, duration: Math.min(1, DURATION), headers });
  const before = cpuSnapshot(database);
  const r = await autocannon({ url: base + c.path, connections: 10, duration: DURATION, headers });
  const others = otherWorkShare(before, database);
  const failed = r.errors + r.non2xx;
  console.log(
    `    ${c.label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms` +
      `   aim ≤ ${aim} ms ${r.latency.p99 <= aim ? "met" : "MISSED"}   (${about}${failed ? `, ${failed} failed` : ""}${others === null ? "" : `; other work ${(others * 100).toFixed(0)}% CPU`})`,
  );
}

const figures = async (response: Response) => {
  const { data } = (await response.json()) as { data: { days: unknown[]; total: { conversations?: number } } };
  return `${data.days.length} days, ${Number(data.total.conversations ?? 0).toLocaleString("en")} conversations`;
};
const rows = async (response: Response) => {
  const { data } = (await response.json()) as { data: { facts: unknown[]; total: number } };
  return `${data.facts.length} of ${data.total.toLocaleString("en")} facts`;
};
const blocks = async (response: Response) =>
  `blocks: ${Object.keys(((await response.json()) as { data: object }).data)
    .filter((k) => k !== "now" && k !== "time_zone")
    .join(", ")}`;
const lines = async (response: Response) => `${(await response.text()).trimEnd().split("\n").length} lines`;

async function run(label: BenchDatabase, db: Db, database?: string) {
  const started = performance.now();
  const { definitions } = await preparePosts(db, Date.now() + 60_000);
  await prepareChats(db);
  // The facts of what was loaded straight into the tables, as the migration writes them for old data.
  await db.query("SELECT report_backfill()");
  const facts = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM report_facts")).rows[0]!.n;
  const app = await buildApp({
    db,
    jwtSecret: randomBytes(32).toString("hex"),
    resources: definitions,
    loginRateLimit: 1000,
    scheduleSweepMs: 0,
    reportRollupMs: 0,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const rolling = performance.now();
    await app.reports.whenIdle();
    const rolled = await app.reports.rollup();
    const rollMs = performance.now() - rolling;
    await db.exec("VACUUM ANALYZE");
    console.log(
      `  ${label}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${facts.toLocaleString("en")} facts, ` +
        `their days rolled up in ${(rollMs / 1000).toFixed(1)} s${rolled ? ` (${rolled} days by the last call)` : ""}`,
    );
    const headers = await login(base);
    const now = Date.now();
    const month = `from=${day(now - 29 * 86_400_000)}&to=${day(now)}`;
    const year = `from=${day(now - 365 * 86_400_000)}&to=${day(now)}`;
    const yesterday = day(now - 86_400_000);
    const cases: Case[] = [
      { label: "report, last 30 days", path: `/api/reports?${month}`, about: figures },
      { label: "report, last 366 days", path: `/api/reports?${year}`, about: figures },
      { label: "drill-down: a day's conversations", path: `/api/reports/facts?from=${yesterday}&to=${yesterday}&kind=conversation`, about: rows },
      { label: "drill-down: 30 days' first replies", path: `/api/reports/facts?${month}&kind=first_reply`, about: rows },
      { label: "CSV, last 30 days", path: `/api/reports/export.csv?${month}`, about: lines },
      // Each block alone, as a live event refreshes it, and the whole page, as its first load asks.
      { label: "welcome: decisions block", path: "/api/dashboard?blocks=approvals", about: blocks },
      { label: "welcome: my changes block", path: "/api/dashboard?blocks=my_changes", about: blocks },
      { label: "welcome: inbox block", path: "/api/dashboard?blocks=inbox", about: blocks },
      { label: "welcome: this week block", path: "/api/dashboard?blocks=calendar", about: blocks },
      { label: "welcome: whole page (first load)", path: "/api/dashboard", about: blocks },
    ];
    console.log(`   As the manager at JKT01 (aim: p99 ≤ ${AIM_MS.PostgreSQL} ms on PostgreSQL, 3× on PGlite)`);
    for (const c of cases) await measure(base, c, headers, AIM_MS[label], database);
  } finally {
    await app.close();
  }
}

export async function benchReports(databaseUrl = process.env.DATABASE_URL) {
  console.log(`\nReports at 100,000 conversations, 1,000,000 messages and 100,000 posts, 10 connections × ${DURATION} s per case`);
  // Loading a million messages takes longer than a request may.
  await onBenchDatabases(run, { databaseUrl, pgOptions: { statementTimeoutMs: 600_000, queryTimeoutMs: 600_000 } });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReports();
