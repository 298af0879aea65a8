import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "../app.js";
import { openPg, openPglite, type Db } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { seedDemo } from "../seed/seed.js";
import { ensureDocumentIndexes } from "../definitions/indexes.js";
import { loadDefinitions } from "../definitions/load.js";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";
export const TEST_TOTP_KEY = "test-key-sealing-authenticator-secrets-0123456789";

export interface TestDb {
  db: Db;
  /** The throw-away database's URL, on PostgreSQL (undefined on PGlite). */
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: with TEST_DATABASE_URL a throw-away database on that server,
 * otherwise an in-memory PGlite. Migrated and seeded with the demo data unless told otherwise.
 */
export async function createTestDb({ seed = true, migrated = true } = {}): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let close: () => Promise<void>;
  let dbUrl: string | undefined;

  if (adminUrl) {
    const name = `cc_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    db = await openPg(dbUrl);
    close = async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    db = await openPglite();
    close = () => db.close();
  }

  if (migrated) await migrate(db);
  if (migrated) await ensureDocumentIndexes(db, await loadDefinitions());
  if (migrated && seed) await seedDemo(db);
  return { db, close, url: dbUrl };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
  /** Logs in through the API and returns the token; fails the test on any other answer. */
  login(username: string, password: string): Promise<string>;
}

export async function buildTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const testDb = options.db ? { db: options.db, close: async () => {} } : await createTestDb();
  const app = await buildApp({ jwtSecret: TEST_JWT_SECRET, loginRateLimit: 1000, twoFactor: { encryptionKey: TEST_TOTP_KEY }, ...options, db: testDb.db });
  return {
    app,
    db: testDb.db,
    async close() {
      await app.close();
      await testDb.close();
    },
    async login(username, password) {
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
  };
}

export const bearer = (token: string, centerCode?: string) => ({
  authorization: `Bearer ${token}`,
  ...(centerCode ? { "x-center-code": centerCode } : {}),
});

export const DEMO = {
  superadmin: { username: "superadmin", password: "Admin#12345" },
  manager: { username: "manager", password: "Manager#12345" },
  editor: { username: "editor", password: "Editor#12345" },
} as const;
