// Login and password changes are limited per client address as well as per account, behind a
// proxy the client's own address counts, and with PostgreSQL every instance shares the counters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { claimLoginTry, LOGIN_THROTTLE, waitAfter } from "../lib/loginThrottle.js";
import { PASSWORD_CHANGE_LIMIT } from "../routes/auth.js";
import { bearer, buildTestApp, DEMO, TEST_JWT_SECRET, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginIpRateLimit: 5, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
});

const attempt = (app: TestApp["app"], username: string, ip = "203.0.113.7") =>
  app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-forwarded-for": ip }, payload: { username, password: "wrong" } });

describe("login", () => {
  it("limits one address trying many usernames", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await attempt(t.app, `guess-${i}`)).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429, 429]);
    const refused = await attempt(t.app, "guess-8");
    expect(refused.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many login attempts from this address/) });
  });

  it("counts the client's address behind a trusted proxy, not the proxy's", async () => {
    expect((await attempt(t.app, "someone", "198.51.100.1")).statusCode).toBe(403);
    expect((await attempt(t.app, "someone", "198.51.100.2")).statusCode).toBe(403);
  });
});

describe("password change", () => {
  it(`allows ${PASSWORD_CHANGE_LIMIT} tries per quarter hour for one user`, async () => {
    const token = await t.login(DEMO.editor.username, DEMO.editor.password);
    const codes: number[] = [];
    for (let i = 0; i <= PASSWORD_CHANGE_LIMIT; i++) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/auth/password",
        headers: bearer(token),
        payload: { current_password: `not-it-${i}`, new_password: "Another#12345" },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, PASSWORD_CHANGE_LIMIT).every((c) => c === 403)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("several instances on one PostgreSQL", () => {
  it("share the counters", async () => {
    const a = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, loginIpRateLimit: 3, trustProxy: true });
    const b = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, loginIpRateLimit: 3, trustProxy: true });
    try {
      const ip = "192.0.2.50";
      const codes = [
        (await attempt(a, "x1", ip)).statusCode,
        (await attempt(b, "x2", ip)).statusCode,
        (await attempt(a, "x3", ip)).statusCode,
        (await attempt(b, "x4", ip)).statusCode,
      ];
      expect(codes).toEqual([403, 403, 403, 429]);
      const { rows } = await t.db.query("SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE '%login-ip|192.0.2.50'");
      expect(rows[0].n).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a sign-in racing another that succeeds", () => {
  it("claims its try even when the account's count is deleted while it waits", async () => {
    const name = "race-user";
    await t.db.query("INSERT INTO login_failures (username, failures, last_failed_at) VALUES ($1, 3, now())", [name]);
    let claim: ReturnType<typeof claimLoginTry> | undefined;
    // A succeeding sign-in holds the row, deletes it and commits while this try waits on it.
    await t.db.transaction(async (tx) => {
      await tx.query("SELECT 1 FROM login_failures WHERE username = $1 FOR UPDATE", [name]);
      claim = claimLoginTry(t.db, name, "192.0.2.200");
      await new Promise((r) => setTimeout(r, 300));
      await tx.query("DELETE FROM login_failures WHERE username = $1", [name]);
    });
    await expect(claim).resolves.toEqual({ allowed: true, failuresBefore: 0 });
    const { rows } = await t.db.query<{ failures: number }>("SELECT failures FROM login_failures WHERE username = $1", [name]);
    expect(rows[0]?.failures).toBe(1);
  });
});

describe("guesses at one account from many addresses", () => {
  const addresses = ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"];

  it("evaluates the first few, then makes each next try wait longer, and logs each failure", async () => {
    const codes = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      const res = await attempt(t.app, DEMO.manager.username, addresses[i % addresses.length]);
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    }
    // Five evaluated (403), the rest told to wait; on a slow machine a wait (1 s, 2 s, …) may run
    // out during the loop and let one more through per doubling.
    const seconds = (Date.now() - started) / 1000;
    const evaluated = codes.get(403) ?? 0;
    expect(evaluated).toBeGreaterThanOrEqual(LOGIN_THROTTLE.free);
    expect(evaluated).toBeLessThanOrEqual(LOGIN_THROTTLE.free + Math.floor(Math.log2(1 + seconds)));
    expect(codes.get(429)).toBe(100 - evaluated);
    // Let the last wait run out, so the next steps start from a known count.
    const waitFor = waitAfter(evaluated);
    const waiting = await attempt(t.app, DEMO.manager.username, "192.0.2.9");
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers["retry-after"])).toBeLessThanOrEqual(waitFor);
    expect(waiting.json().message).toMatch(/^Too many failed sign-ins for this account, retry in \d+ seconds?/);
    // Once the wait is over, one more is evaluated, and the next wait is twice as long.
    await new Promise((r) => setTimeout(r, Number(waiting.headers["retry-after"]) * 1_000 + 100));
    expect((await attempt(t.app, DEMO.manager.username, "192.0.2.9")).statusCode).toBe(403);
    expect((await attempt(t.app, DEMO.manager.username, "192.0.2.10")).headers["retry-after"]).toBe(String(waitAfter(evaluated + 1)));
    const { rows } = await t.db.query<{ n: number; ip: string }>(
      "SELECT count(*)::int AS n, max(detail->>'ip') AS ip FROM audit_log WHERE action = 'login_failed' AND entity_id = (SELECT id::text FROM users WHERE username = $1)",
      [DEMO.manager.username],
    );
    expect(rows[0]!.n).toBe(evaluated + 1);
  });

  it("does not keep the account's owner out: an address they signed in from is not made to wait", async () => {
    // The owner signs in from their usual address before the guessing starts.
    const usual = "198.51.100.77";
    const own = (ip: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-forwarded-for": ip }, payload: { username: DEMO.superadmin.username, password } });
    expect((await own(usual, DEMO.superadmin.password)).statusCode).toBe(200);
    // From addresses of their own (this app lets one address try five times a minute).
    for (let i = 0; i < 20; i++) await attempt(t.app, DEMO.superadmin.username, `198.18.0.${i}`);
    expect((await attempt(t.app, DEMO.superadmin.username, "192.0.2.99")).statusCode).toBe(429);
    const back = await own(usual, DEMO.superadmin.password);
    expect(back.statusCode, back.body).toBe(200);
    // A success starts the count again.
    expect((await attempt(t.app, DEMO.superadmin.username, "198.18.1.1")).statusCode).toBe(403);
  });

  it("grows the wait by doubling, up to a bound", () => {
    expect([0, 4, 5, 6, 7, 10, 14, 15, 40].map(waitAfter)).toEqual([0, 0, 1, 2, 4, 32, 512, 600, 600]);
  });
});
