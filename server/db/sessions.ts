// Sign-in sessions (table `sessions`): opened at login, ended by sign-out, by a password change
// (every other one) or by an administrator (all of a user's).
import { randomBytes } from "node:crypto";
import type { Db } from "./client.js";

/** As long as a token lives (lib/tokens.ts TOKEN_LIFETIME). */
export const SESSION_HOURS = 12;

export interface Opened {
  id: string;
}

export async function openSession(db: Db, userId: number, from: { ip?: string; userAgent?: string } = {}): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await db.query(`INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`, [
    id,
    userId,
    SESSION_HOURS,
    from.ip ?? null,
    from.userAgent?.slice(0, 300) ?? null,
  ]);
  return id;
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.query("UPDATE sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL", [id]);
}

/** Ends every open session of a user (or every one but `keep`); returns how many ended. */
export async function endUserSessions(db: Db, userId: number, keep?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH ended AS (
       UPDATE sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL AND ($2::text IS NULL OR id <> $2) RETURNING 1
     ) SELECT count(*)::int AS n FROM ended`,
    [userId, keep ?? null],
  );
  return rows[0]!.n;
}
