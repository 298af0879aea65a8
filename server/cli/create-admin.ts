import { join, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { ConfigError, loadConfig } from "../config.js";
import { openPg, openPglite, type Db } from "../db/client.js";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "../db/lock.js";
import { migrate } from "../db/migrate.js";
import { hashPassword } from "../lib/password.js";

/** Creates a superadmin on the configured database (DATABASE_URL, or the embedded DATA_DIR). */

const MIN_PASSWORD = 8;
const MAX_LENGTH = 200;

// Echo is switched off while the password is typed.
let muted = false;
const output = new Writable({
  write(chunk, _encoding, done) {
    if (!muted) process.stdout.write(chunk);
    done();
  },
});

// One interface, read as a queue of lines: piped input arrives all at once, before the questions.
let lines: AsyncIterator<string> | undefined;
let rl: ReturnType<typeof createInterface> | undefined;

async function ask(question: string, secret = false): Promise<string> {
  rl ??= createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  lines ??= rl[Symbol.asyncIterator]();
  process.stdout.write(question);
  muted = secret;
  try {
    const next = await lines.next();
    if (secret) process.stdout.write("\n");
    if (next.done) throw new ConfigError("Input ended before every answer was given");
    return next.value.trim();
  } finally {
    muted = false;
  }
}

function check(label: string, value: string, min = 1): string {
  if (value.length < min) throw new ConfigError(`${label} must be at least ${min} character${min === 1 ? "" : "s"}`);
  if (value.length > MAX_LENGTH) throw new ConfigError(`${label} must be at most ${MAX_LENGTH} characters`);
  return value;
}

async function main() {
  const config = loadConfig();
  const env = process.env;
  const username = check("ADMIN_USERNAME", env.ADMIN_USERNAME?.trim() || (await ask("Username: ")));
  const password = check("ADMIN_PASSWORD", env.ADMIN_PASSWORD || (await ask("Password (at least 8 characters): ", true)), MIN_PASSWORD);
  const fullname = check("ADMIN_FULLNAME", env.ADMIN_FULLNAME?.trim() || (await ask("Full name: ")));
  rl?.close();

  let lock: DataDirLock | undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = await openPg(config.databaseUrl);
  } else {
    // The server must be stopped: PGlite cannot share its folder with another process.
    lock = acquireDataDirLock(config.dataDir);
    db = await openPglite(join(resolve(config.dataDir), "pgdata"));
  }
  try {
    await migrate(db);
    const hash = await hashPassword(password);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, fullname, user_type) VALUES ($1, $2, $3, 'superadmin')
       ON CONFLICT DO NOTHING RETURNING id`,
      [username, hash, fullname],
    );
    if (rows.length === 0) throw new ConfigError(`A user named "${username}" already exists`);
    console.log(`Superadmin "${username}" created (id ${rows[0]!.id}).`);
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(err.message + "\n");
  } else {
    process.stderr.write(`create-admin failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.exit(1);
});
