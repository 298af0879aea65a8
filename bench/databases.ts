// Runs a bench on a throw-away PGlite in a temp folder (unless BENCH_SKIP_PGLITE=1), then, when
// DATABASE_URL names a server, on a throw-away database there (dropped after, even on failure).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPg, openPglite, type Db, type PgOptions } from "../server/db/client";

export type BenchDatabase = "PGlite" | "PostgreSQL";

export async function onBenchDatabases(
  run: (label: BenchDatabase, db: Db, database?: string) => Promise<void>,
  { databaseUrl = process.env.DATABASE_URL, pgOptions = {} }: { databaseUrl?: string; pgOptions?: PgOptions } = {},
) {
  // BENCH_SKIP_PGLITE=1: PostgreSQL only (loading the chats bench's million messages into PGlite takes minutes).
  if (process.env.BENCH_SKIP_PGLITE !== "1") {
    const dir = mkdtempSync(join(tmpdir(), "cc-bench-"));
    const lite = await openPglite(dir);
    try {
      await run("PGlite", lite);
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
    const db = await openPg(url.toString(), pgOptions);
    try {
      await run("PostgreSQL", db, name);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
