import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The one database surface the server uses, so routes and tests run unchanged on the embedded
 * PGlite and on a PostgreSQL server.
 */
export interface Db {
  query<T = any>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (migrations): `query` accepts only one on PGlite. */
  exec(sql: string): Promise<void>;
  /** Nested calls become savepoints of the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: "pglite" | "pg";
}

type Runner = {
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
  exec(sql: string): Promise<void>;
};

function savepointDb(kind: Db["kind"], run: Runner, depth = 0): Db {
  const db: Db = {
    kind,
    query: (sql, params) => run.query(sql, params),
    exec: (sql) => run.exec(sql),
    async transaction(fn) {
      const name = `sp_${depth + 1}`;
      await run.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(savepointDb(kind, run, depth + 1));
        await run.exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await run.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    async close() {
      throw new Error("close() called on a transaction");
    },
  };
  return db;
}

/** `dataDir` undefined means in-memory (tests); a path keeps the database in that folder. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const txRunner = (tx: Transaction): Runner => ({
    query: (sql, params) => tx.query(sql, params as any[]),
    exec: async (sql) => {
      await tx.exec(sql);
    },
  });
  return {
    kind: "pglite",
    query: (sql, params) => pglite.query(sql, params as any[]),
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    // PGlite serialises a transaction against every other query, so no other request interleaves.
    transaction: (fn) => pglite.transaction((tx) => fn(savepointDb("pglite", txRunner(tx)))),
    close: () => pglite.close(),
  };
}

export async function openPg(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Fail at start, with the driver's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: "pg",
    query: async (sql, params) => (await pool.query(sql, params as any[])) as { rows: any[] },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const runner: Runner = {
        query: (sql, params) => client.query(sql, params as any[]),
        exec: async (sql) => {
          await client.query(sql);
        },
      };
      try {
        await client.query("BEGIN");
        const result = await fn(savepointDb("pg", runner));
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (err) {
        try {
          await client.query("ROLLBACK");
          client.release();
        } catch (rollbackErr) {
          // A connection that cannot roll back is broken: drop it instead of reusing it.
          client.release(rollbackErr as Error);
        }
        throw err;
      }
    },
    close: () => pool.end(),
  };
}
