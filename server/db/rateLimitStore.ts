// A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so several API instances
// behind a load balancer count one client's attempts together (each instance's memory would let a
// client try N times per instance).
import type { Db } from "./client.js";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** How often (one in N increments) expired counters are swept. */
const SWEEP_EVERY = 200;

export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private prefix = "rl|",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      db.query<{ count: number; ttl: string }>(
        `INSERT INTO rate_limits AS r (key, count, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
           expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
         RETURNING count, (extract(epoch FROM (expires_at - now())) * 1000)::bigint::text AS ttl`,
        [this.prefix + key, timeWindow],
      ).then(
        ({ rows }) => callback(null, { current: rows[0]!.count, ttl: Math.max(0, Number(rows[0]!.ttl)) }),
        (err: Error) => callback(err),
      );
      if (Math.random() * SWEEP_EVERY < 1) void db.query("DELETE FROM rate_limits WHERE expires_at < now()").catch(() => {});
    }

    /** One per route with its own limit: its counters get the route in their keys. */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(routeOptions, `${this.prefix}${String(route?.method ?? "")}${route?.url ?? ""}|`);
    }
  };
}
