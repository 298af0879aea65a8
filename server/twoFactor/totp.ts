// The authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator
// app reads a QR code by default). A code is accepted for the step before, the current one or the
// one after (clocks drift), and only for a step later than the last accepted: so one code signs
// in once, even when two instances receive it at the same moment (one UPDATE decides).
import { Secret, TOTP } from "otpauth";
import { CODE_LENGTH } from "../../protocol/twoFactor.js";
import type { Db } from "../db/client.js";
import type { SecretBox } from "./secretBox.js";

export const ISSUER = "Center Console";
export const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  // 160 bits, as RFC 4226 recommends.
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(username: string, secret: string): string {
  return totp(secret, username).toString();
}

function totp(secret: string, label = "") {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: CODE_LENGTH, period: PERIOD_SECONDS, algorithm: "SHA1" });
}

/** Six digits, spaces allowed (apps show "123 456"). */
export const normalizeCode = (code: string) => code.replace(/\s+/g, "");

/** The time step the code belongs to, or null when it is no current code of this secret. */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const token = normalizeCode(code);
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(token)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

export type CodeCheck = "accepted" | "wrong" | "used";

/**
 * Checks a code against the user's authenticator (`confirmed`: the one in use; else the one being
 * set up) and, when right, takes its step so it cannot be used again.
 */
export async function acceptCode(db: Db, box: SecretBox, userId: number, code: string, confirmed: boolean): Promise<CodeCheck> {
  const { rows } = await db.query<{ secret: string }>(`SELECT secret FROM user_totp WHERE user_id = $1 AND (confirmed_at IS NOT NULL) = $2`, [
    userId,
    confirmed,
  ]);
  const sealed = rows[0]?.secret;
  const secret = sealed === undefined ? null : box.open(userId, sealed);
  if (secret === null) return "wrong";
  const step = codeStep(secret, code);
  if (step === null) return "wrong";
  // A secret still sealed with the key being retired is sealed with the current one as it is used.
  const taken = await db.query(
    `UPDATE user_totp SET last_step = $2, confirmed_at = COALESCE(confirmed_at, now()), secret = $4
     WHERE user_id = $1 AND secret = $3 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
    [userId, step, sealed, box.reseal(userId, sealed) ?? sealed],
  );
  return taken.rows.length > 0 ? "accepted" : "used";
}

/** Starts setting up an authenticator: a new secret, not yet in use (any earlier unconfirmed one is replaced). */
export async function startTotp(db: Db, box: SecretBox, userId: number): Promise<string | null> {
  const secret = newTotpSecret();
  const { rows } = await db.query(
    `INSERT INTO user_totp (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
       WHERE user_totp.confirmed_at IS NULL
     RETURNING 1`,
    [userId, box.seal(userId, secret)],
  );
  // No row: an authenticator is already in use (turn it off first).
  return rows.length > 0 ? secret : null;
}
