// Recovery codes: ten per user, shown once, each usable once, for when the authenticator is lost.
// A code is 12 characters of Crockford's base32 (60 bits), written XXXX-XXXX-XXXX: the first four
// are a selector that finds its row, the other eight (40 bits) are hashed like a password
// (scrypt, server/lib/password.ts), so one attempt costs one hash and a copy of the database
// gives nothing away.
import { randomInt } from "node:crypto";
import type { Db } from "../db/client.js";
import { hashPassword, verifyPassword } from "../lib/password.js";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SELECTOR_LENGTH = 4;
const CODE_LENGTH = 12;

function randomCode(): string {
  let out = "";
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

const grouped = (code: string) => code.match(/.{4}/g)!.join("-");

/** As typed: any case, dashes and spaces; the letters people confuse with digits read as those digits. */
export function normalizeRecoveryCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** Ten new codes (the old ones stop working), returned once for the user to keep. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes: string[] = [];
  const selectors = new Set<string>();
  while (codes.length < RECOVERY_CODE_COUNT) {
    const code = randomCode();
    const selector = code.slice(0, SELECTOR_LENGTH);
    if (selectors.has(selector)) continue;
    selectors.add(selector);
    codes.push(code);
  }
  // Hashed in parallel (libuv's pool), before the writes: PGlite runs one transaction at a time.
  const hashes = await Promise.all(codes.map((code) => hashPassword(code.slice(SELECTOR_LENGTH))));
  await db.transaction(async (tx) => {
    await tx.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
    for (const [i, code] of codes.entries()) {
      await tx.query("INSERT INTO user_recovery_codes (user_id, selector, code_hash) VALUES ($1, $2, $3)", [userId, code.slice(0, SELECTOR_LENGTH), hashes[i]]);
    }
  });
  return codes.map(grouped);
}

/** Uses a code: true once per code (the first of two racing requests wins). */
export async function redeemRecoveryCode(db: Db, userId: number, typed: string): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!code) return false;
  const { rows } = await db.query<{ id: number; code_hash: string }>(
    "SELECT id, code_hash FROM user_recovery_codes WHERE user_id = $1 AND selector = $2 AND used_at IS NULL",
    [userId, code.slice(0, SELECTOR_LENGTH)],
  );
  const row = rows[0];
  // A hash either way: the time taken says nothing about which selectors exist.
  if (!(await verifyPassword(code.slice(SELECTOR_LENGTH), row?.code_hash ?? null)) || !row) return false;
  const used = await db.query("UPDATE user_recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING 1", [row.id]);
  return used.rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL", [userId]);
  return rows[0]!.n;
}
