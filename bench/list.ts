// The documents list under load: 100,000 posts across the 3 demo centers in a throw-away database
// (PGlite in a temp folder; PostgreSQL too when DATABASE_URL names a server), then autocannon
// against GET /api/posts as the demo editor at JKT01.
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../server/app";
import { openPg, openPglite, type Db } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed";
import { ensureDocumentIndexes } from "../server/resources/indexes";
import { loadDefinitions } from "../server/resources/load";

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

// JSONB built in SQL: one statement, no round trip per row.
const BULK_INSERT = `
  INSERT INTO documents (resource, center_code, data, search_text, status, created_by, updated_by, created_at, updated_at)
  SELECT 'posts', (ARRAY['JKT01', 'BDG01', 'SBY01'])[1 + i % 3],
         jsonb_build_object(
           'title', t.title, 'slug', 'bench-' || i,
           'type', (ARRAY['life_club', 'exhibition', 'special_event', 'news'])[1 + i % 4],
           'excerpt', t.excerpt, 'content', '<p>' || t.excerpt || '</p>',
           'starts_at', to_char(timestamp '2026-01-01' + make_interval(hours => i), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'tags', jsonb_build_array('bench')),
         t.title || ' ' || t.excerpt, 'published', $1, $1,
         now() - make_interval(secs => i), now() - make_interval(secs => i)
  FROM generate_series(1, $2::int) AS i,
  LATERAL (SELECT (ARRAY['Grammar clinic', 'Pronunciation workshop', 'Speaking club', 'IELTS practice', 'Story time', 'Debate night'])[1 + (i / 3) % 6] || ' ' || i AS title,
                  (ARRAY['Practise with friends', 'Bring a dictionary', 'Open to all levels', 'Snacks provided'])[1 + i % 4] AS excerpt) AS t`;

const CASES = [
  { label: "page 1", path: "/api/posts?page=1&limit=20" },
  { label: "page 500", path: "/api/posts?page=500&limit=20" },
  { label: "search 'pronun'", path: "/api/posts?q=pronun&limit=20" },
];

async function prepare(db: Db) {
  const definitions = await loadDefinitions();
  await migrate(db);
  await ensureDocumentIndexes(db, definitions);
  await seedDemo(db);
  const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'manager'");
  const started = performance.now();
  await db.query(BULK_INSERT, [rows[0]!.id, POSTS]);
  await db.exec("VACUUM ANALYZE");
  return { definitions, loadMs: performance.now() - started };
}

async function run(label: string, db: Db) {
  const { definitions, loadMs } = await prepare(db);
  console.log(`  ${label}: ${POSTS.toLocaleString("en")} posts loaded + VACUUM ANALYZE in ${(loadMs / 1000).toFixed(1)} s`);
  const app = await buildApp({ db, jwtSecret: randomBytes(32).toString("hex"), resources: definitions, loginRateLimit: 1000 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "editor", password: "Editor#12345" }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, "x-center-code": "JKT01" };
    for (const c of CASES) {
      const check = await fetch(base + c.path, { headers });
      const total = ((await check.json()) as { data: { totalDocs: number } }).data.totalDocs;
      const r = await autocannon({ url: base + c.path, connections: 10, duration: DURATION, headers });
      const failed = r.errors + r.non2xx;
      console.log(
        `    ${c.label.padEnd(18)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms` +
          `   (${total.toLocaleString("en")} matches${failed ? `, ${failed} failed` : ""})`,
      );
    }
  } finally {
    await app.close();
  }
}

export async function benchList(databaseUrl = process.env.DATABASE_URL) {
  console.log(`\nDocuments list, 10 connections × ${DURATION} s per case, as the editor at JKT01`);
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-list-"));
  const lite = await openPglite(dir);
  try {
    await run("PGlite", lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  if (!databaseUrl) {
    console.log("  PostgreSQL: skipped (set DATABASE_URL to a server the bench may create a temporary database on)");
    return;
  }
  const name = `cc_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const db = await openPg(url.toString());
    try {
      await run("PostgreSQL", db);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchList();
