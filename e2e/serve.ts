// Starts the real server, as `npm start` does, on a fresh data folder holding the demo seed plus
// the accounts the browser tests change or need in a special state.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed";
import { hashPassword } from "../server/lib/password";
import { E2E_ACCOUNTS } from "./accounts";

const dataDir = mkdtempSync(join(tmpdir(), "cc-e2e-"));
const db = await openPglite(join(dataDir, "pgdata"));
await migrate(db);
await seedDemo(db);
for (const account of E2E_ACCOUNTS) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, fullname, user_type, active) VALUES ($1, $2, $3, 'center_staff', $4) RETURNING id`,
    [account.username, await hashPassword(account.password), account.fullname, account.active],
  );
  await db.query(
    `INSERT INTO assignments (user_id, center_id, role_id)
     SELECT $1, c.id, r.id FROM centers c, roles r WHERE c.center_code = 'JKT01' AND r.name = 'Content Editor'`,
    [rows[0].id],
  );
}
await db.close();

process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
await import("../server/index");
