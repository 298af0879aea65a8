import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { embedded } from "../embedded.js";
import type { Db } from "./client.js";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
// Any constant works; it only has to be the same in every instance of this server.
const MIGRATION_LOCK_KEY = 7_262_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migration files of the folder, by version; the bundle carries its own (see server/embedded.ts). */
export function loadMigrations(dir?: string): Migration[] {
  if (dir === undefined && embedded.migrations) return embedded.migrations;
  dir ??= MIGRATIONS_DIR;
  const migrations = readdirSync(dir)
    .map((file) => /^(\d+)_(.+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2]!, sql: readFileSync(`${dir}/${m[0]}`, "utf8") }))
    .sort((a, b) => a.version - b.version);
  const seen = new Set<number>();
  for (const m of migrations) {
    if (seen.has(m.version)) throw new Error(`Two migrations share version ${m.version}`);
    seen.add(m.version);
  }
  return migrations;
}

/** Two servers starting at once on one PostgreSQL queue here instead of both migrating. */
async function lockForMigration(tx: Db): Promise<void> {
  if (tx.kind === "pg") await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
}

/** The migrations the database has not recorded, read without a lock or a transaction. */
async function unapplied(db: Db, migrations: readonly Migration[]): Promise<Migration[]> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0]!.present) return [...migrations];
  const applied = new Set((await db.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
  return migrations.filter((m) => !applied.has(m.version));
}

/** Applies the migrations not yet recorded, each in its own transaction. Returns their names. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  // Every start but the first after an upgrade: two reads find nothing to do. The others re-check
  // each migration under the lock, so instances starting together still apply it once.
  const pending = await unapplied(db, migrations);
  if (pending.length === 0) return [];
  await db.transaction(async (tx) => {
    await lockForMigration(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });

  const applied: string[] = [];
  for (const migration of pending) {
    const didApply = await db.transaction(async (tx) => {
      await lockForMigration(tx);
      const { rows } = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      return true;
    });
    if (didApply) applied.push(`${String(migration.version).padStart(3, "0")}_${migration.name}`);
  }
  return applied;
}
