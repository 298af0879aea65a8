// The connections socket.io's PostgreSQL adapter uses to carry broadcasts between instances.
//
// The adapter checks one client out for LISTEN and keeps it; it attaches no 'error' listener, and
// when that connection dies (PostgreSQL restarted, the backend terminated) it only forgets the
// client and asks the pool for another. Two things follow unless the pool takes care of them:
// - the dead client's 'error' event, unheard, ends the process;
// - the dead client is never released, so it keeps its place in the pool; after a restart or two
//   the pool is full of dead clients, publishing waits for a free one forever, and events stop
//   crossing instances although every instance looks healthy.
// So every client gets an 'error' listener, and a client that ends while checked out is released
// as broken, which removes it from the pool and frees its place for the adapter's new LISTEN.
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

export interface FanOutPoolOptions {
  /** How long the adapter waits for a connection before it tries again later. */
  connectTimeoutMs?: number;
}

export function fanOutPool(url: string, log: FastifyBaseLogger, options: FanOutPoolOptions = {}): pg.Pool {
  // One connection for LISTEN, the others for NOTIFY and the adapter's attachment table.
  const pool = new pg.Pool({ connectionString: url, max: 3, connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000, keepAlive: true });
  const checkedOut = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_err, client) => checkedOut.delete(client));
  pool.on("remove", (client) => checkedOut.delete(client as pg.PoolClient));
  // An idle client that dies: the pool removes it by itself.
  pool.on("error", (err) => log.warn({ err }, "realtime fan-out: an idle connection failed"));
  pool.on("connect", (client) => {
    client.on("error", (err) => log.warn({ err }, "realtime fan-out: connection lost"));
    client.on("end", () => {
      if (!checkedOut.has(client as pg.PoolClient)) return;
      checkedOut.delete(client as pg.PoolClient);
      (client as pg.PoolClient).release(new Error("connection ended"));
    });
  });
  return pool;
}
