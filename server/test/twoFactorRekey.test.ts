// Replacing TOTP_ENCRYPTION_KEY: with the old key kept as TOTP_ENCRYPTION_KEY_PREVIOUS, a start
// reseals every authenticator secret with the new key, codes go on working throughout, and a
// secret neither key opens is reported at the start rather than found at someone's sign-in.
import { Writable } from "node:stream";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { hashPassword } from "../lib/password.js";
import { resealSecrets } from "../twoFactor/rekey.js";
import { createSecretBox } from "../twoFactor/secretBox.js";
import { createTestDb, TEST_JWT_SECRET, TEST_TOTP_KEY, type TestDb } from "./helpers.js";

const OLD_KEY = TEST_TOTP_KEY;
const NEW_KEY = `${TEST_TOTP_KEY}-replacement`;
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.close();
});

let n = 0;
/** A user whose authenticator (SECRET) was set up under `key`. */
async function userWithAuthenticator(key: string) {
  n += 1;
  const username = `rekey-${n}`;
  const password = "Rekey#12345";
  const { rows } = await testDb.db.query<{ id: number }>(
    "INSERT INTO users (username, password_hash, fullname, user_type) VALUES ($1, $2, $3, 'superadmin') RETURNING id",
    [username, await hashPassword(password), `Rekey ${n}`],
  );
  const id = rows[0]!.id;
  await testDb.db.query("INSERT INTO user_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now())", [id, createSecretBox(key).seal(id, SECRET)]);
  return { id, username, password };
}

const sealedOf = async (userId: number) =>
  (await testDb.db.query<{ secret: string }>("SELECT secret FROM user_totp WHERE user_id = $1", [userId])).rows[0]!.secret;

async function appWith(twoFactor: { encryptionKey: string; previousEncryptionKey?: string }) {
  const lines: { level: number; msg: string; resealed?: number; unreadable?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = await buildApp({ db: testDb.db, jwtSecret: TEST_JWT_SECRET, loginRateLimit: 1000, logger: { level: "info", stream }, twoFactor });
  await app.ready();
  return { app, lines };
}

// Each user signs in once, so the current code is never one already taken.
const currentCode = () => new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate();

async function signIn(app: Awaited<ReturnType<typeof appWith>>["app"], user: { username: string; password: string }) {
  const first = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: user.username, password: user.password } });
  expect(first.statusCode, first.body).toBe(200);
  const ticket = first.json().data.ticket as string;
  return app.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: { ticket, code: currentCode() } });
}

describe("replacing the key that seals authenticator secrets", () => {
  it("reseals at the start what the previous key sealed; codes work, and the old key opens nothing", async () => {
    const user = await userWithAuthenticator(OLD_KEY);
    const before = await sealedOf(user.id);
    const { app, lines } = await appWith({ encryptionKey: NEW_KEY, previousEncryptionKey: OLD_KEY });
    try {
      const after = await sealedOf(user.id);
      expect(after).not.toBe(before);
      expect(createSecretBox(NEW_KEY).open(user.id, after)).toBe(SECRET);
      expect(createSecretBox(OLD_KEY).open(user.id, after)).toBeNull();
      expect(lines.find((l) => l.resealed !== undefined)).toMatchObject({ level: 30, resealed: 1 });
      expect(lines.some((l) => l.unreadable !== undefined)).toBe(false);

      const signedIn = await signIn(app, user);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await app.close();
    }

    // Started again, with the old key dropped: nothing left to reseal or to warn about.
    const again = await appWith({ encryptionKey: NEW_KEY });
    try {
      expect(again.lines.filter((l) => l.resealed !== undefined || l.unreadable !== undefined)).toEqual([]);
    } finally {
      await again.app.close();
    }
  });

  it("reseals a secret as its code is accepted (one an instance still on the old key sealed after the start)", async () => {
    const { app } = await appWith({ encryptionKey: NEW_KEY, previousEncryptionKey: OLD_KEY });
    try {
      const user = await userWithAuthenticator(OLD_KEY);
      expect(createSecretBox(NEW_KEY).open(user.id, await sealedOf(user.id))).toBeNull();
      const signedIn = await signIn(app, user);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(createSecretBox(NEW_KEY).open(user.id, await sealedOf(user.id))).toBe(SECRET);
    } finally {
      await app.close();
    }
  });

  it("in a rolling change, instances given the new key as the previous one read what the others reseal", async () => {
    // First every instance learns the new key (as the previous one), then the two are swapped.
    const learned = await appWith({ encryptionKey: OLD_KEY, previousEncryptionKey: NEW_KEY });
    const swapped = await appWith({ encryptionKey: NEW_KEY, previousEncryptionKey: OLD_KEY });
    try {
      const user = await userWithAuthenticator(OLD_KEY);
      const onSwapped = await signIn(swapped.app, user);
      expect(onSwapped.statusCode, onSwapped.body).toBe(200);
      expect(createSecretBox(NEW_KEY).open(user.id, await sealedOf(user.id))).toBe(SECRET);
      const other = await userWithAuthenticator(NEW_KEY);
      const onLearned = await signIn(learned.app, other);
      expect(onLearned.statusCode, onLearned.body).toBe(200);
    } finally {
      await learned.app.close();
      await swapped.app.close();
    }
  });

  it("says at the start how many secrets neither key opens, and refuses their codes as wrong", async () => {
    const lost = await userWithAuthenticator(`${TEST_TOTP_KEY}-lost-for-good`);
    const { app, lines } = await appWith({ encryptionKey: NEW_KEY });
    try {
      const warning = lines.find((l) => l.unreadable !== undefined);
      expect(warning).toMatchObject({ level: 40 });
      expect(warning!.unreadable).toBeGreaterThanOrEqual(1);
      expect(warning!.msg).toMatch(/superadmin's reset/);
      const refused = await signIn(app, lost);
      expect(refused.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it("changes nothing when run twice, and never replaces a secret changed since it was read", async () => {
    const user = await userWithAuthenticator(OLD_KEY);
    const box = createSecretBox(NEW_KEY, OLD_KEY);
    const first = await resealSecrets(testDb.db, box);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    const sealed = await sealedOf(user.id);
    expect(await resealSecrets(testDb.db, box)).toMatchObject({ resealed: 0 });
    expect(await sealedOf(user.id)).toBe(sealed);
  });
});
