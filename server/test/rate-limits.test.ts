// Login and password changes are limited per client address as well as per account, behind a
// proxy the client's own address counts, and with PostgreSQL every instance shares the counters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
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
