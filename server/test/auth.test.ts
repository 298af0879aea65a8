import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { bearer, buildTestApp, DEMO, TEST_JWT_SECRET, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
const whoAmI = (token: string) => t.app.inject({ method: "GET", url: "/api/a/verify/___ca", headers: bearer(token) });
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function createUser(username: string, password: string, userType = "center_staff") {
  const { hashPassword } = await import("../lib/password.js");
  const { rows } = await t.db.query<{ id: number }>("INSERT INTO users (username, password_hash, fullname, user_type) VALUES ($1, $2, $3, $4) RETURNING id", [
    username,
    await hashPassword(password),
    `Test ${username}`,
    userType,
  ]);
  return rows[0]!.id;
}

describe("POST /api/auth/login", () => {
  it.each([
    ["superadmin", "Admin#12345", "Super Admin", "superadmin"],
    ["manager", "Manager#12345", "Demo Center Manager", "center_admin"],
    ["editor", "Editor#12345", "Demo Content Editor", "center_staff"],
  ])("signs in %s", async (username, password, fullname, userType) => {
    const res = await login(username, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: "Login success", data: { username, fullname, user_type: userType } });
    expect(body.data.id).toEqual(expect.any(Number));
    expect(body.data.token.split(".")).toHaveLength(3);
    if (userType === "superadmin") expect(body.data.role_name).toBe("Superadmin");
    else expect(body.data).not.toHaveProperty("role_name");
  });

  it("matches the username regardless of case", async () => {
    expect((await login("EDITOR", DEMO.editor.password)).statusCode).toBe(200);
  });

  it("answers a wrong username and a wrong password identically", async () => {
    const unknownUser = await login("nobody", "Admin#12345");
    const wrongPassword = await login("superadmin", "wrong password");
    expect(unknownUser.statusCode).toBe(403);
    expect(wrongPassword.statusCode).toBe(403);
    expect(unknownUser.json()).toEqual({ statusCode: 403, message: "Invalid username or password" });
    expect(wrongPassword.body).toBe(unknownUser.body);
  });

  it("refuses a disabled account with its own message, and its existing tokens", async () => {
    await createUser("disabled1", "Disabled#123");
    const token = await t.login("disabled1", "Disabled#123");
    expect((await whoAmI(token)).statusCode).toBe(200);

    await t.db.query("UPDATE users SET active = false WHERE username = 'disabled1'");
    const res = await login("disabled1", "Disabled#123");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: "This account is disabled" });
    expect((await whoAmI(token)).statusCode).toBe(401);
    // Without the password nobody learns the account is disabled.
    expect((await login("disabled1", "guess")).json().message).toBe("Invalid username or password");
  });

  it("lists every missing field", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: { username: "username is required", password: "password is required" },
    });
  });

  it("names the field that is too long", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "u".repeat(201), password: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: "must be at most 200 characters" });
  });

  it("answers 429 in the envelope after too many attempts for one username", async () => {
    const limited = await buildApp({ db: t.db, jwtSecret: TEST_JWT_SECRET, loginRateLimit: 2 });
    try {
      const attempt = (username: string) => limited.inject({ method: "POST", url: "/api/auth/login", payload: { username, password: "wrong" } });
      // Usernames no other test tries: with PostgreSQL the counters are shared by every app on the database.
      expect((await attempt("limited-one")).statusCode).toBe(403);
      expect((await attempt("limited-one")).statusCode).toBe(403);
      const blocked = await attempt("limited-one");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ statusCode: 429, message: expect.stringContaining("Too many login attempts") });
      // Another username from the same address is counted separately.
      expect((await attempt("limited-two")).statusCode).toBe(403);
    } finally {
      await limited.close();
    }
  });
});

describe("bearer tokens", () => {
  let editorId: number;
  let editorToken: string;
  beforeAll(async () => {
    editorToken = await t.login(DEMO.editor.username, DEMO.editor.password);
    editorId = (await whoAmI(editorToken)).json().data.user.id;
  });

  it("are required", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/a/verify/___ca" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: "Unauthorized" });
    const notBearer = await t.app.inject({ method: "GET", url: "/api/a/verify/___ca", headers: { authorization: `Basic ${editorToken}` } });
    expect(notBearer.statusCode).toBe(401);
  });

  it("are refused when malformed", async () => {
    expect((await whoAmI("not.a.token")).statusCode).toBe(401);
    expect((await whoAmI("garbage")).statusCode).toBe(401);
  });

  it("are refused with a tampered signature or payload", async () => {
    const [header, payload, signature] = editorToken.split(".");
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    expect((await whoAmI(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    const otherUser = b64url({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "1" });
    expect((await whoAmI(`${header}.${otherUser}.${signature}`)).statusCode).toBe(401);
  });

  it("are refused when signed with another secret", async () => {
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(editorId))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await whoAmI(forged)).statusCode).toBe(401);
  });

  it("are refused once expired", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(editorId))
      .setIssuedAt(now - 13 * 3600)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await whoAmI(expired)).statusCode).toBe(401);
  });

  it("are refused with alg none", async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: String(editorId), tv: 0, iat: now, exp: now + 3600 })}.`;
    expect((await whoAmI(unsigned)).statusCode).toBe(401);
  });

  it("are refused for a user that no longer exists", async () => {
    const ghost = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("999999")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await whoAmI(ghost)).statusCode).toBe(401);
  });
});

describe("PUT /api/auth/password", () => {
  const change = (token: string, body: object) => t.app.inject({ method: "PUT", url: "/api/auth/password", headers: bearer(token), payload: body });

  it("needs a token", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/auth/password", payload: { current_password: "x", new_password: "yyyyyyyy" } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a wrong current password", async () => {
    await createUser("pw-wrong", "Original#1");
    const token = await t.login("pw-wrong", "Original#1");
    const res = await change(token, { current_password: "not it", new_password: "Another#123" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: "Current password is incorrect" });
  });

  it("refuses a new password equal to the current one, and keeps the sessions", async () => {
    await createUser("samepw", "Original#1");
    const token = await t.login("samepw", "Original#1");
    const res = await change(token, { current_password: "Original#1", new_password: "Original#1" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: { new_password: "The new password must be different from the current one" },
    });
    const still = await t.app.inject({ method: "GET", url: "/api/a/verify/___ca", headers: bearer(token) });
    expect(still.statusCode).toBe(200);
  });

  it("refuses a new password under 8 characters", async () => {
    await createUser("pw-short", "Original#1");
    const token = await t.login("pw-short", "Original#1");
    const res = await change(token, { current_password: "Original#1", new_password: "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: { new_password: "must be at least 8 characters" },
    });
  });

  it("changes it, signs out other sessions and returns a working token", async () => {
    await createUser("pw-change", "Original#1");
    const oldToken = await t.login("pw-change", "Original#1");
    const otherSession = await t.login("pw-change", "Original#1");

    const res = await change(oldToken, { current_password: "Original#1", new_password: "Changed#123" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: "Password changed", data: { token: expect.any(String) } });

    expect((await whoAmI(oldToken)).statusCode).toBe(401);
    expect((await whoAmI(otherSession)).statusCode).toBe(401);
    expect((await whoAmI(body.data.token)).statusCode).toBe(200);
    expect((await login("pw-change", "Original#1")).statusCode).toBe(403);
    expect((await login("pw-change", "Changed#123")).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/a/verify/___ca", headers: bearer(token) });
  const logout = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });

  it("sign-out ends the token on the server at once, and only that one", async () => {
    await createUser("session-user", "Session#12345");
    const first = (await login("session-user", "Session#12345")).json().data.token;
    const second = (await login("session-user", "Session#12345")).json().data.token;
    const res = await logout(first);
    expect(res.json()).toEqual({ statusCode: 200 });
    expect((await me(first)).statusCode).toBe(401);
    expect((await logout(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it("refuses a validly signed token that names no session, or another user's", async () => {
    const id = await createUser("no-session", "Session#12345");
    const token = (await login("no-session", "Session#12345")).json().data.token;
    const stranger = await t.app.tokens.sign({ userId: id, tokenVersion: 0, sessionId: "never-opened-session-id" });
    expect((await me(stranger)).statusCode).toBe(401);
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [id]);
    const borrowed = await t.app.tokens.sign({ userId: 1, tokenVersion: 0, sessionId: rows[0]!.id });
    expect((await me(borrowed)).statusCode).toBe(401);
    const unsigned = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me(unsigned)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("an administrator signs a user out everywhere", async () => {
    const id = await createUser("ended-by-admin", "Session#12345");
    const a = (await login("ended-by-admin", "Session#12345")).json().data.token;
    const b = (await login("ended-by-admin", "Session#12345")).json().data.token;
    const admin = (await login(DEMO.superadmin.username, DEMO.superadmin.password)).json().data.token;
    const res = await t.app.inject({ method: "POST", url: `/api/users/${id}/sessions/end`, headers: bearer(admin) });
    expect(res.json()).toMatchObject({ statusCode: 200, message: "2 sessions ended" });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    // Signing in again works.
    expect((await me((await login("ended-by-admin", "Session#12345")).json().data.token)).statusCode).toBe(200);
    const audit = await t.db.query("SELECT detail FROM audit_log WHERE action = 'sessions_end' AND entity_id = $1", [String(id)]);
    expect(audit.rows).toEqual([{ detail: { ended: 2 } }]);
  });

  it("someone without user_management cannot end another's sessions", async () => {
    const id = await createUser("protected-sessions", "Session#12345");
    const token = (await login("protected-sessions", "Session#12345")).json().data.token;
    const editor = (await login(DEMO.editor.username, DEMO.editor.password)).json().data.token;
    expect((await t.app.inject({ method: "POST", url: `/api/users/${id}/sessions/end`, headers: bearer(editor, "JKT01") })).statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe("PUT /api/auth/locale", () => {
  const setLocale = (token: string | undefined, locale: unknown) =>
    t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: token ? bearer(token) : {}, payload: { locale } });

  it("remembers the language a user chose, and answers it at the next sign-in", async () => {
    await createUser("polyglot", "Polyglot#123");
    expect((await login("polyglot", "Polyglot#123")).json().data.locale).toBeNull();
    const token = await t.login("polyglot", "Polyglot#123");
    const res = await setLocale(token, "id");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { locale: "id" } });
    expect((await login("polyglot", "Polyglot#123")).json().data.locale).toBe("id");
    // Another user's choice is theirs alone.
    expect((await login("editor", DEMO.editor.password)).json().data.locale).toBeNull();
  });

  it("refuses an unknown language with a field message, and a caller without a token", async () => {
    const token = await t.login("editor", DEMO.editor.password);
    const bad = await setLocale(token, "fr");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("locale");
    expect((await setLocale(undefined, "id")).statusCode).toBe(401);
    expect((await login("editor", DEMO.editor.password)).json().data.locale).toBeNull();
  });
});
