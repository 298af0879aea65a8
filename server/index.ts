import { join, resolve } from "node:path";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, loadOrCreateJwtSecret, loadOrCreateTotpKey } from "./config.js";
import { openPg, openPglite, type Db } from "./db/client.js";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./db/lock.js";
import { scheduleVacuum } from "./db/maintenance.js";
import { migrate } from "./db/migrate.js";
import { DEMO_ACCOUNTS, seedDemo } from "./seed/seed.js";
import { firebaseSender } from "./push/firebase.js";
import { ensureDocumentIndexes } from "./definitions/indexes.js";
import { DefinitionError, loadDefinitions } from "./definitions/load.js";

let lock: DataDirLock | undefined;
let db: Db | undefined;

function fail(message: string): never {
  process.stderr.write(message + "\n");
  lock?.release();
  process.exit(1);
}

async function main() {
  const config = loadConfig();

  if (config.databaseUrl) {
    db = await openPg(config.databaseUrl, config.db);
  } else {
    lock = acquireDataDirLock(config.dataDir);
    db = await openPglite(join(resolve(config.dataDir), "pgdata"));
  }
  const jwtSecret = config.jwtSecret ?? loadOrCreateJwtSecret(config.dataDir);

  // A definition file that does not hold up stops the start here, with its name in the message.
  const resources = await loadDefinitions();
  const migrated = await migrate(db);
  const indexed = await ensureDocumentIndexes(db, resources);
  const seeded = config.seedDemo ? await seedDemo(db) : false;
  // PGlite has no autovacuum: after bulk changes now (the planner needs their statistics), else
  // in the background (server/db/maintenance.ts).
  if (db.kind === "pglite" && (migrated.length > 0 || indexed.length > 0 || seeded)) await db.exec("VACUUM ANALYZE");

  const app = await buildApp({
    db,
    jwtSecret,
    logger: { level: config.logLevel },
    staticDir: config.staticDir,
    resources,
    // Uploads live in the database; files an older version left on disk are still served.
    uploadsDir: join(resolve(config.dataDir), "uploads"),
    requestTimeoutMs: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    loginIpRateLimit: config.loginIpRateLimit,
    scheduleSweepMs: config.scheduleSweepMs,
    databaseUrl: config.databaseUrl,
    push: config.push ? { sender: firebaseSender(config.push) } : undefined,
    twoFactor: {
      encryptionKey: config.totpKey ?? loadOrCreateTotpKey(config.dataDir),
      previousEncryptionKey: config.totpPreviousKey,
      requireByDefault: config.twoFactorDefaults,
      consoleUrl: config.consoleUrl,
    },
  });
  if (!config.push) {
    app.log.warn(
      "Push notifications are off: set FIREBASE_SERVICE_ACCOUNT (a service account key's JSON, or its path) or GOOGLE_APPLICATION_CREDENTIALS to send them",
    );
  }

  const vacuuming = db.kind === "pglite" ? scheduleVacuum(db, (err) => app.log.error({ err }, "VACUUM ANALYZE failed")) : undefined;

  let closing = false;
  // A stop drains: readiness turns 503 (a load balancer stops sending), the listener closes, the
  // requests in flight finish, then the database closes. Past the bound it closes anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.warn("requests still in flight at the shutdown bound; closing anyway");
      lock?.release();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Closing waits for open connections: a keep-alive connection whose request finishes during the
    // drain would otherwise stay open until its keep-alive timeout. Close them as they go idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 200);
    idle.unref();
    try {
      await app.close();
      await vacuuming?.stop();
      await db?.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });

  console.log(`\nCenter Console is running at http://localhost:${config.port}\n`);
  if (config.seedDemo) await printDemoAccounts(db, seeded);
}

async function printDemoAccounts(db: Db, justSeeded: boolean) {
  const { rows } = await db.query<{ username: string }>("SELECT username FROM users WHERE username = ANY($1)", [DEMO_ACCOUNTS.map((a) => a.username)]);
  const present = new Set(rows.map((r) => r.username));
  const accounts = DEMO_ACCOUNTS.filter((a) => present.has(a.username));
  if (accounts.length === 0) return;
  console.log(justSeeded ? "Demo accounts (just created):" : "Demo accounts (passwords as seeded, unless changed since):");
  const table = [
    ["Username", "Password", "Type", "Centers"],
    ...accounts.map((a) => [a.username, a.password, a.user_type, a.assignments.map((x) => `${x.center} (${x.role})`).join(", ") || "all"]),
  ];
  const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  for (const row of table)
    console.log(
      "  " +
        row
          .map((cell, col) => cell.padEnd(widths[col]!))
          .join("  ")
          .trimEnd(),
    );
  console.log("Set SEED_DEMO=0 for a database without demo data.\n");
}

main().catch(async (err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DefinitionError) fail(err.message);
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") fail(`Port ${(err as { port?: number }).port ?? ""} is already in use`.trim());
  process.stderr.write(`Center Console failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  await db?.close().catch(() => {});
  fail("Startup aborted");
});
