// The database going away: every call answers 503 with Retry-After within a bounded time, the
// process never dies of it, and it recovers by itself when the database is back.
import { createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { openPg, type Db } from "../db/client.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { loadDefinitions } from "../definitions/load.js";
import { bearer, buildTestApp, DEMO, TEST_JWT_SECRET } from "./helpers.js";

/** A TCP server that accepts connections and never answers: a frozen (SIGSTOPped) database. */
async function frozenServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/none`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a stopped database. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `postgres://nobody@127.0.0.1:${port}/none`;
}

const CALLS = [
  { method: "POST", url: "/api/auth/login", payload: { username: "manager", password: "Manager#12345" } },
  { method: "GET", url: "/api/ready" },
  { method: "GET", url: "/api/posts", auth: true },
  { method: "GET", url: "/api/approvals/counts", auth: true },
  { method: "GET", url: "/api/a/verify/___ca", auth: true },
  { method: "GET", url: "/api/public/posts?center_code=JKT01" },
] as const;

describe("a database that cannot be reached", () => {
  for (const kind of ["stopped", "frozen"] as const) {
    it(`answers 503 with Retry-After on every call, in bounded time (${kind})`, async () => {
      const frozen = kind === "frozen" ? await frozenServer() : null;
      const url = frozen?.url ?? (await closedPort());
      const db: Db = await openPg(url, { probe: false, connectTimeoutMs: 300, queryTimeoutMs: 500, statementTimeoutMs: 500 });
      const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET, resources: await loadDefinitions() });
      const token = await app.tokens.sign({ userId: 1, tokenVersion: 0, sessionId: "a-session-that-was-never-opened" });
      // Compiling the routes' schemas is start-up work, not part of any answer's time.
      await app.ready();
      try {
        // Liveness is the process's, not the database's: a probe on it must not restart the instance.
        const health = await app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode, health.body).toBe(200);
        for (const call of CALLS) {
          const started = Date.now();
          const res = await app.inject({
            method: call.method,
            url: call.url,
            ...("payload" in call && { payload: call.payload }),
            ...("auth" in call && { headers: bearer(token, "JKT01") }),
          });
          expect(res.statusCode, `${call.url}: ${res.body}`).toBe(503);
          expect(res.headers["retry-after"]).toBe("5");
          expect(res.json().message).toMatch(/unavailable/i);
          expect(Date.now() - started).toBeLessThan(3_000);
        }
      } finally {
        await app.close();
        await db.close().catch(() => {});
        await frozen?.close();
      }
    });
  }

  it("tells database outages from other errors", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});

// Against a real PostgreSQL server (CI sets TEST_DATABASE_URL): every connection of the test
// database is killed under the server's feet, as a restart does.
describe.skipIf(!process.env.TEST_DATABASE_URL)("connections killed by PostgreSQL", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let token = "";
  let name = "";
  beforeAll(async () => {
    t = await buildTestApp();
    token = await t.login(DEMO.manager.username, DEMO.manager.password);
    // Asked once, now: asked through the app's pool after a kill, the question itself could meet a killed connection.
    name = (await t.db.query<{ db: string }>("SELECT current_database() AS db")).rows[0]!.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function killConnections() {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    );
    await admin.end();
    return rows[0].n as number;
  }

  it("never crashes, answers only 2xx or 503 meanwhile, and recovers by itself", async () => {
    // Fill the pool, so there are idle and busy connections to lose.
    await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ method: "GET", url: "/api/posts", headers: bearer(token, "JKT01") })));
    expect(await killConnections()).toBeGreaterThan(0);
    const codes = new Set<number>();
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      t.app.inject(
        i % 2
          ? { method: "GET", url: "/api/posts", headers: bearer(token, "JKT01") }
          : {
              method: "POST",
              url: "/api/posts",
              headers: bearer(token, "JKT01"),
              payload: { title: `During outage ${i}`, slug: `during-outage-${i}`, type: "news", content: "<p>x</p>" },
            },
      ),
    );
    await killConnections();
    for (const res of await Promise.all(inFlight)) codes.add(res.statusCode);
    expect(
      [...codes].every((c) => c === 200 || c === 503),
      [...codes].join(","),
    ).toBe(true);
    // Back to normal without a restart of the API.
    let last = 0;
    for (let i = 0; i < 5 && last !== 200; i++) last = (await t.app.inject({ method: "GET", url: "/api/posts", headers: bearer(token, "JKT01") })).statusCode;
    expect(last).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });
});
