// Starts the real server, as `npm start` does, on a fresh data folder holding the demo seed plus
// the accounts the browser tests change or need in a special state.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/seed/seed";
import { hashPassword } from "../server/lib/password";
import { loadOrCreateTotpKey } from "../server/config";
import { createSecretBox } from "../server/twoFactor/secretBox";
import { E2E_ACCOUNTS, E2E_TOTP_ACCOUNTS, E2E_TWO_FACTOR_ACCOUNTS, READ_ONLY_KEYS, TWO_FACTOR_ROLE } from "./accounts";

const dataDir = mkdtempSync(join(tmpdir(), "cc-e2e-"));
const db = await openPglite(join(dataDir, "pgdata"));
await migrate(db);
await seedDemo(db);
const { rows: roles } = await db.query<{ id: number }>(`INSERT INTO roles (name) VALUES ('Read Only') RETURNING id`);
for (const key of READ_ONLY_KEYS) {
  await db.query(`INSERT INTO role_permissions (role_id, permission_key, allow_read, allow_create, allow_update, allow_delete) VALUES ($1, $2, 1, 0, 0, 0)`, [
    roles[0].id,
    key,
  ]);
}
// Content Editor's reach, and a second factor required of whoever holds it.
await db.query(
  `WITH r AS (INSERT INTO roles (name, mfa_required) VALUES ($1, true) RETURNING id)
   INSERT INTO role_permissions (role_id, permission_key, allow_read, allow_create, allow_update, allow_delete)
   SELECT r.id, 'content_management', 1, 1, 1, 0 FROM r`,
  [TWO_FACTOR_ROLE],
);
const box = createSecretBox(loadOrCreateTotpKey(dataDir));
for (const account of [...E2E_ACCOUNTS, ...E2E_TWO_FACTOR_ACCOUNTS, ...E2E_TOTP_ACCOUNTS.map((a) => ({ ...a, active: true }))]) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, fullname, user_type, active) VALUES ($1, $2, $3, 'center_staff', $4) RETURNING id`,
    [account.username, await hashPassword(account.password), account.fullname, account.active],
  );
  await db.query(
    `INSERT INTO assignments (user_id, center_id, role_id)
     SELECT $1, c.id, r.id FROM centers c, roles r WHERE c.center_code = 'JKT01' AND r.name = $2`,
    [rows[0].id, account.role],
  );
  // Set up as if from the console's page: the same sealed secret the server would have stored.
  if ("secret" in account) {
    await db.query("INSERT INTO user_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now())", [rows[0].id, box.seal(rows[0].id, String(account.secret))]);
  }
}
await db.close();

process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
await import("../server/index");
