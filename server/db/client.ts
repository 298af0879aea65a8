import type { Transaction } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import pg from "pg";

/** How a query runs. */
export interface QueryOptions {
  /**
   * A name for a statement whose text never changes (a hot one, asked on every request): on
   * PostgreSQL it is parsed once per connection and its plan reused. PGlite ignores it.
   */
  name?: string;
}

/**
 * A statement name for SQL built from a definition or a scope (a few texts, each asked often):
 * the same text always gets the same name.
 */
export function statementName(prefix: string, sql: string): string {
  return `${prefix}_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;
}

/**
 * The one database surface the server uses, so routes and tests run unchanged on the embedded
 * PGlite and on a PostgreSQL server.
 */
export interface Db {
  query<T = any>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
  /** Several statements without parameters (migrations): `query` accepts only one on PGlite. */
  exec(sql: string): Promise<void>;
  /** Nested calls become savepoints of the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: "pglite" | "pg";
}

type Runner = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: any[] }>;
  exec(sql: string): Promise<void>;
};

function savepointDb(kind: Db["kind"], run: Runner, depth = 0): Db {
  const db: Db = {
    kind,
    query: (sql, params, options) => run.query(sql, params, options),
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

/**
 * PGlite's buffer cache, all of it in the process's memory from the start: PostgreSQL's default
 * 128MB made the idle server about 340 MiB; at 64MB it is about 275, and the lists on 100,000
 * posts answer as fast (`npm run bench`); at 32MB a search over them took 3× as long.
 */
export const PGLITE_SHARED_BUFFERS = "64MB";

/** `dataDir` undefined means in-memory (tests); a path keeps the database in that folder. */
export async function openPglite(dataDir?: string): Promise<Db> {
  // Loaded here, so a server on PostgreSQL never loads PGlite.
  const { PGlite } = await import("@electric-sql/pglite");
  const options = { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  const pglite = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
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

export interface PgOptions {
  /** Connections per instance. */
  poolMax?: number;
  /** How long to wait for a connection (a new one, or a free one of the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer (statement_timeout). */
  statementTimeoutMs?: number;
  /** The driver gives up on an answer that takes longer (a frozen server never cancels anything). */
  queryTimeoutMs?: number;
  /** Connect once at start, so a wrong URL fails the start rather than the first request. */
  probe?: boolean;
}

export const PG_DEFAULTS = { poolMax: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000, queryTimeoutMs: 20_000 } as const;

/** A query for node-postgres: a named one is prepared once per connection. */
function pgQuery(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig<unknown[]> {
  return { text, values: params, ...(options?.name ? { name: options.name } : {}) };
}

export async function openPg(url: string, options: PgOptions = {}): Promise<Db> {
  const o = { ...PG_DEFAULTS, ...options };
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolMax,
    connectionTimeoutMillis: o.connectTimeoutMs,
    statement_timeout: o.statementTimeoutMs,
    query_timeout: o.queryTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // A connection that dies (the server restarted, a network cut) emits 'error' on its client,
  // idle or checked out; unheard, that would end the process. The query it fails reports the
  // error to its request (503), and the pool replaces the connection on the next checkout.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  if (o.probe !== false) {
    const probe = await pool.connect();
    probe.release();
  }

  return {
    kind: "pg",
    query: async (sql, params, options) => (await pool.query(pgQuery(sql, params, options))) as { rows: any[] },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const runner: Runner = {
        query: (sql, params, options) => client.query(pgQuery(sql, params, options)),
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
