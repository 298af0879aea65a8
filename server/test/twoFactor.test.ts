// Two-factor sign-in: setting up an authenticator, the second step of a sign-in (a code, a
// recovery code, a passkey from a software authenticator), codes used once across instances,
// failures counting toward the login limits, roles that require it (REST and socket.io), and a
// superadmin's reset. Time is Date only, moved by hand: each code belongs to a 30-second step.
import type { AddressInfo } from "node:net";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_CODES } from "../../protocol/twoFactor.js";
import { buildApp } from "../app.js";
import { hashPassword } from "../lib/password.js";
import { authenticationResponse, createSoftPasskey, registrationResponse } from "./softAuthenticator.js";
import { bearer, buildTestApp, createTestDb, DEMO, TEST_JWT_SECRET, TEST_TOTP_KEY, type TestApp, type TestDb } from "./helpers.js";
import { socketClient } from "./sockets.js";

let testDb: TestDb;
let t: TestApp;
let base = "";
const client = socketClient(() => base);
let superadmin = "";

// Halfway into a step, so a request never straddles two.
let now = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
const nextStep = () => {
  now += 30_000;
  vi.setSystemTime(now);
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  testDb = await createTestDb();
  // Every sign-in here comes from one address: its limit (counted in real time on PostgreSQL,
  // whatever the clock says here) is not what these tests are about.
  t = await buildTestApp({ db: testDb.db, databaseUrl: testDb.url, loginIpRateLimit: 100_000 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  superadmin = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
});
afterAll(async () => {
  client.closeAll();
  await t?.close();
  await testDb?.close();
  vi.useRealTimers();
});

const ORIGIN = "http://console.test";
const post = (url: string, payload?: object, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    ...(payload && { payload }),
    headers: { ...(token ? bearer(token) : {}), host: "console.test", origin: ORIGIN, ...headers },
  });
const get = (url: string, token: string, center?: string) => t.app.inject({ method: "GET", url, headers: bearer(token, center) });
const login = (username: string, password: string) => post("/api/auth/login", { username, password });
const code = (secret: string, at = now) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

let n = 0;
/** A center staff member with `role` at JKT01 (default: Content Editor, which requires nothing). */
async function createUser(role = "Content Editor") {
  n += 1;
  const username = `mfa-user-${n}`;
  const password = "Second#12345";
  const { rows } = await t.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, fullname, user_type) VALUES ($1, $2, $3, 'center_staff') RETURNING id",
    [username, await hashPassword(password), `Two Factor ${n}`],
  );
  const id = rows[0]!.id;
  await t.db.query(
    `INSERT INTO assignments (user_id, center_id, role_id) SELECT $1, c.id, r.id FROM centers c, roles r WHERE c.center_code = 'JKT01' AND r.name = $2`,
    [id, role],
  );
  return { id, username, password };
}

/** Signs in with the password and sets up an authenticator from the console's page; returns its secret. */
async function enrolled(role?: string) {
  const user = await createUser(role);
  const token = await t.login(user.username, user.password);
  const setup = await post("/api/auth/two-factor/totp", {}, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const confirmed = await post("/api/auth/two-factor/totp/confirm", { code: code(secret) }, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { token: upgraded, recovery_codes } = confirmed.json().data as { token: string; recovery_codes: string[] };
  nextStep();
  return { ...user, secret, token: upgraded, recoveryCodes: recovery_codes, passwordToken: token };
}

/** The password step: the ticket for the second one. */
async function ticketFor(user: { username: string; password: string }, step: "verify" | "enrol" = "verify") {
  const res = await login(user.username, user.password);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(data.second_step).toBe(step);
  expect(data).not.toHaveProperty("token");
  return data.ticket as string;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

describe("setting up an authenticator from one's own page", () => {
  it("shows the secret as text and as an otpauth URI, then takes a first code and hands out ten recovery codes", async () => {
    const user = await createUser();
    const token = await t.login(user.username, user.password);
    const other = await t.login(user.username, user.password);
    const setup = await post("/api/auth/two-factor/totp", {}, token);
    const { secret, uri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Center%20Console:mfa-user-\d+\?issuer=Center%20Console/);
    // Not in use until confirmed: a sign-in still needs the password only.
    expect((await login(user.username, user.password)).json().data.token).toBeTruthy();

    expect((await post("/api/auth/two-factor/totp/confirm", { code: "000000" }, token)).statusCode).toBe(403);
    const res = await post("/api/auth/two-factor/totp/confirm", { code: code(secret) }, token);
    expect(res.statusCode, res.body).toBe(200);
    const { recovery_codes, token: upgraded } = res.json().data;
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const c of recovery_codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(claimsOf(upgraded).amr).toEqual(["pwd", "mfa"]);

    // This session goes on with its new token; the one opened with the password alone has ended,
    // and this session's old token, which passed no second factor, is refused with the code.
    expect((await get("/api/auth/two-factor", upgraded)).json().data).toMatchObject({ totp: true, required: false, recovery_codes_left: 10, passkeys: [] });
    expect((await get("/api/a/verify/___ca", other)).statusCode).toBe(401);
    const old = await get("/api/a/verify/___ca", token);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(ERROR_CODES.secondFactorRequired);
    // A second setup is refused while one is in use.
    expect((await post("/api/auth/two-factor/totp", {}, upgraded)).statusCode).toBe(409);
  });

  it("keeps the secret encrypted at rest, bound to its user", async () => {
    const user = await enrolled();
    const { rows } = await t.db.query<{ secret: string }>("SELECT secret FROM user_totp WHERE user_id = $1", [user.id]);
    expect(rows[0]!.secret).toMatch(/^v1:/);
    expect(rows[0]!.secret).not.toContain(user.secret);
    const { createSecretBox } = await import("../twoFactor/secretBox.js");
    expect(createSecretBox(TEST_TOTP_KEY).open(user.id, rows[0]!.secret)).toBe(user.secret);
    expect(createSecretBox(TEST_TOTP_KEY).open(user.id + 1, rows[0]!.secret)).toBeNull();
    expect(createSecretBox(`${TEST_TOTP_KEY}-other`).open(user.id, rows[0]!.secret)).toBeNull();
    // Recovery codes are stored hashed, never as they were shown.
    const codes = await t.db.query<{ code_hash: string; selector: string }>("SELECT selector, code_hash FROM user_recovery_codes WHERE user_id = $1", [
      user.id,
    ]);
    expect(codes.rows).toHaveLength(10);
    for (const row of codes.rows) expect(row.code_hash).toMatch(/^scrypt\$/);
    const stored = JSON.stringify(codes.rows);
    for (const c of user.recoveryCodes) expect(stored).not.toContain(c.replaceAll("-", "").slice(4));
  });
});

describe("the second step of a sign-in", () => {
  it("opens no session before the second factor; the ticket reaches nothing else", async () => {
    const user = await enrolled();
    const res = await login(user.username, user.password);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { second_step: "verify", ticket: expect.any(String), methods: ["totp", "recovery"], fullname: expect.any(String) },
    });
    const ticket = res.json().data.ticket;
    const elsewhere = await get("/api/a/verify/___ca", ticket);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe(ERROR_CODES.secondFactorRequired);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND ended_at IS NULL", [user.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it("signs in with the authenticator's code, and refuses the same code again within its 30 seconds", async () => {
    const user = await enrolled();
    const first = await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), code: code(user.secret) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: "Login success", data: { username: user.username } });
    const token = first.json().data.token;
    expect(claimsOf(token).amr).toEqual(["pwd", "mfa"]);
    expect((await get("/api/a/verify/___ca", token, "JKT01")).statusCode).toBe(200);

    now += 10_000;
    vi.setSystemTime(now);
    const again = await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), code: code(user.secret) });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe("This code has already been used: wait for the next one");
    nextStep();
  });

  it("refuses a replayed code on another instance of the API too", async () => {
    const user = await enrolled();
    const other = await buildApp({
      db: t.db,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: 1000,
      loginIpRateLimit: 100_000,
      twoFactor: { encryptionKey: TEST_TOTP_KEY },
    });
    try {
      const current = code(user.secret);
      const [a, b] = await Promise.all([
        post("/api/auth/login/second-factor", { ticket: await ticketFor(user), code: current }),
        (async () => {
          const ticket = await ticketFor(user);
          return other.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: { ticket, code: current } });
        })(),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    } finally {
      await other.close();
    }
    nextStep();
  });

  it("uses a ticket once", async () => {
    const user = await enrolled();
    const ticket = await ticketFor(user);
    expect((await post("/api/auth/login/second-factor", { ticket, code: code(user.secret) })).statusCode).toBe(200);
    nextStep();
    const again = await post("/api/auth/login/second-factor", { ticket, code: code(user.secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("This sign-in has expired: sign in again");
    nextStep();
  });

  it("takes each recovery code once, and says how many are left", async () => {
    const user = await enrolled();
    const [first, second] = user.recoveryCodes;
    const res = await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), recovery_code: first!.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recovery_codes_left).toBe(9);
    const again = await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), recovery_code: first });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe("This recovery code is not right, or was already used");
    expect(
      (await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), recovery_code: second!.replaceAll("-", " ") })).json().data
        .recovery_codes_left,
    ).toBe(8);
    expect((await get("/api/auth/two-factor", res.json().data.token)).json().data.recovery_codes_left).toBe(8);
    // New codes take a current code and replace the old ones.
    const token = res.json().data.token;
    expect((await post("/api/auth/two-factor/recovery-codes", { code: "123456" }, token)).statusCode).toBe(403);
    nextStep();
    const renewed = await post("/api/auth/two-factor/recovery-codes", { code: code(user.secret) }, token);
    expect(renewed.json().data.recovery_codes).toHaveLength(10);
    expect((await post("/api/auth/login/second-factor", { ticket: await ticketFor(user), recovery_code: user.recoveryCodes[2] })).statusCode).toBe(403);
    nextStep();
  });

  it("counts wrong codes toward the account's login limit, even from an address it signed in from", async () => {
    const user = await enrolled();
    const ticket = await ticketFor(user);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await post("/api/auth/login/second-factor", { ticket, code: "000001" })).statusCode);
    expect(answers).toContain(429);
    const limited = await post("/api/auth/login/second-factor", { ticket, code: code(user.secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'login_failed' AND entity_id = $1 AND detail->>'second_factor' = 'true'",
      [String(user.id)],
    );
    // The password's own try counts until the second step passes: four wrong codes reach the five free tries.
    expect(rows[0]!.n).toBe(4);
  });
});

describe("passkeys", () => {
  it("registers a passkey from a software authenticator and signs in with it", async () => {
    const user = await enrolled();
    const key = createSoftPasskey();
    const optionsRes = await post("/api/auth/two-factor/passkeys/options", {}, user.token);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json().data.options;
    expect(options).toMatchObject({ rp: { id: "console.test", name: "Center Console" }, attestation: "none" });

    // An answer to another challenge is refused.
    const forged = registrationResponse(key, { ...options, challenge: "bm90LXRoZS1jaGFsbGVuZ2U" }, ORIGIN);
    expect((await post("/api/auth/two-factor/passkeys", { name: "Forged", credential: forged }, user.token)).statusCode).toBe(400);

    const added = await post("/api/auth/two-factor/passkeys", { name: "Laptop", credential: registrationResponse(key, options, ORIGIN) }, user.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.passkeys).toEqual([expect.objectContaining({ name: "Laptop", last_used_at: null })]);

    const step = await login(user.username, user.password);
    expect(step.json().data.methods).toEqual(["totp", "recovery", "passkey"]);
    const ticket = step.json().data.ticket;
    const challenge = (await post("/api/auth/login/passkey-options", { ticket })).json().data.options;
    expect(challenge.allowCredentials).toEqual([expect.objectContaining({ id: Buffer.from(key.credentialId).toString("base64url") })]);

    // Another origin's assertion is refused (and counted).
    const phished = await post("/api/auth/login/passkey", { ticket, credential: authenticationResponse(key, challenge, "http://evil.test") });
    expect(phished.statusCode).toBe(403);

    const fresh = (await post("/api/auth/login/passkey-options", { ticket })).json().data.options;
    const signedIn = await post("/api/auth/login/passkey", { ticket, credential: authenticationResponse(key, fresh, ORIGIN) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(claimsOf(signedIn.json().data.token).amr).toEqual(["pwd", "mfa"]);
    // The challenge was answered once: the same assertion does not sign in again.
    const replay = await post("/api/auth/login/passkey", { ticket: await ticketFor(user), credential: authenticationResponse(key, fresh, ORIGIN) });
    expect(replay.statusCode).toBe(403);

    const status = (await get("/api/auth/two-factor", signedIn.json().data.token)).json().data;
    expect(status.passkeys[0].last_used_at).not.toBeNull();
    const removed = await t.app.inject({ method: "DELETE", url: `/api/auth/two-factor/passkeys/${status.passkeys[0].id}`, headers: bearer(user.token) });
    expect(removed.json().data.passkeys).toEqual([]);
  });
});

describe("roles that require a second factor", () => {
  let required: { id: number; name: string };
  beforeAll(async () => {
    const res = await post("/api/roles", { name: "Guarded Editor", mfa_required: true, permissions: [] }, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mfa_required).toBe(true);
    required = res.json().data;
  });

  it("takes a user without one to setting one up right after the password, and nowhere else", async () => {
    const user = await createUser("Guarded Editor");
    const ticket = await ticketFor(user, "enrol");
    const refused = await get("/api/a/verify/___ca", ticket, "JKT01");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(ERROR_CODES.secondFactorRequired);
    // A verify step is not open to a user who has nothing to verify with.
    expect((await post("/api/auth/login/second-factor", { ticket, code: "123456" })).statusCode).toBe(401);

    const setup = await post("/api/auth/login/enrol", { ticket });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().data;
    expect((await post("/api/auth/login/enrol/confirm", { ticket, code: "999999" })).statusCode).toBe(403);
    const done = await post("/api/auth/login/enrol/confirm", { ticket, code: code(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.recovery_codes).toHaveLength(10);
    const token = done.json().data.token;
    expect((await get("/api/a/verify/___ca", token, "JKT01")).statusCode).toBe(200);
    const status = (await get("/api/auth/two-factor", token)).json().data;
    expect(status).toMatchObject({ totp: true, required: true });
    // Required: it cannot be turned off.
    nextStep();
    expect((await post("/api/auth/two-factor/disable", { code: code(secret) }, token)).statusCode).toBe(403);
    nextStep();
  });

  it("refuses a password-only session on REST and on socket.io once the role requires it", async () => {
    const user = await createUser("Content Editor");
    const token = await t.login(user.username, user.password);
    const socket = await client.connect({ token, center: "JKT01" });
    expect(socket.connected).toBe(true);
    await t.db.query("UPDATE assignments SET role_id = $2 WHERE user_id = $1", [user.id, required.id]);
    const res = await get("/api/a/verify/___ca", token, "JKT01");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.secondFactorRequired, message: "Sign in with your second factor to continue" });
    await expect(client.connect({ token, center: "JKT01" })).rejects.toThrow("second factor required");
  });

  it("with the defaults on, requires it of superadmins and of roles that approve, manage centers or manage users", async () => {
    const strict = await buildApp({
      db: t.db,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: 1000,
      loginIpRateLimit: 100_000,
      twoFactor: { encryptionKey: TEST_TOTP_KEY, requireByDefault: true },
    });
    try {
      const signIn = (who: keyof typeof DEMO) => strict.inject({ method: "POST", url: "/api/auth/login", payload: DEMO[who] });
      expect((await signIn("superadmin")).json().data.second_step).toBe("enrol");
      expect((await signIn("manager")).json().data.second_step).toBe("enrol");
      expect((await signIn("editor")).json().data.token).toBeTruthy();
      // A session opened while the defaults were off does not pass where they are on.
      const res = await strict.inject({ method: "GET", url: "/api/a/verify/___ca", headers: bearer(superadmin) });
      expect(res.json().code).toBe(ERROR_CODES.secondFactorRequired);
    } finally {
      await strict.close();
    }
  });
});

describe("resetting a lost second factor", () => {
  it("is for superadmins only, never one's own", async () => {
    const user = await enrolled();
    const manager = await t.login(DEMO.manager.username, DEMO.manager.password);
    expect((await post(`/api/users/${user.id}/two-factor/reset`, undefined, manager)).statusCode).toBe(403);
    expect((await post(`/api/users/${user.id}/two-factor/reset`, undefined, user.token)).statusCode).toBe(403);
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'superadmin'");
    expect((await post(`/api/users/${rows[0]!.id}/two-factor/reset`, undefined, superadmin)).json().message).toBe(
      "Another superadmin must reset your own two-factor sign-in",
    );
  });

  it("removes every factor, ends the user's sessions, logs it and tells the user", async () => {
    const user = await enrolled();
    const res = await post(`/api/users/${user.id}/two-factor/reset`, undefined, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Two-factor sign-in reset");
    expect((await get("/api/a/verify/___ca", user.token)).statusCode).toBe(401);
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'two_factor_reset' AND entity_id = $1", [String(user.id)]);
    expect(audit.rows).toHaveLength(1);
    await t.app.notifications.whenIdle();
    const told = await t.db.query<{ title: string; link: string }>("SELECT title, link FROM notifications WHERE user_id = $1", [user.id]);
    expect(told.rows).toEqual([{ title: "Your two-factor sign-in was reset", link: "/app/two-factor" }]);
    // The password alone signs in again (the role requires nothing); a second reset has nothing to do.
    expect((await login(user.username, user.password)).json().data.token).toBeTruthy();
    expect((await post(`/api/users/${user.id}/two-factor/reset`, undefined, superadmin)).statusCode).toBe(409);
  });

  it("is never done by a password reset", async () => {
    const user = await enrolled();
    const res = await post(`/api/users/${user.id}/password`, { new_password: "Another#12345" }, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    const step = await login(user.username, "Another#12345");
    expect(step.json().data.second_step).toBe("verify");
  });
});

describe("turning it off", () => {
  it("takes a current code, where no role requires it", async () => {
    const user = await enrolled();
    expect((await post("/api/auth/two-factor/disable", { code: "000000" }, user.token)).statusCode).toBe(403);
    const res = await post("/api/auth/two-factor/disable", { code: code(user.secret) }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totp: false, recovery_codes_left: 0 });
    expect((await login(user.username, user.password)).json().data.token).toBeTruthy();
    nextStep();
  });
});
