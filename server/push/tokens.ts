// Reads and writes of push_tokens: one row per user and browser token, with the sign-in session
// that registered it.
import type { Db } from "../db/client.js";

/**
 * Stores `token` for `userId` and the session registering it. A token names one browser profile:
 * another user's row for the same token (someone who used this browser before and never signed
 * out) is removed, so pushes meant for them stop reaching it.
 */
export async function registerToken(db: Db, userId: number, token: string, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("DELETE FROM push_tokens WHERE token_md5 = md5($1) AND user_id <> $2", [token, userId]);
    // A browser re-registers the same token on every visit: refresh it instead of failing.
    await tx.query(
      `INSERT INTO push_tokens (user_id, fcm_token, session_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, token_md5) DO UPDATE SET session_id = EXCLUDED.session_id, updated_at = now()`,
      [userId, token, sessionId],
    );
  });
}

/** Removes one of the user's own tokens; returns how many rows went (0 or 1). */
export async function unregisterToken(db: Db, userId: number, token: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "WITH gone AS (DELETE FROM push_tokens WHERE user_id = $1 AND token_md5 = md5($2) RETURNING 1) SELECT count(*)::int AS n FROM gone",
    [userId, token],
  );
  return rows[0]!.n;
}

/** Removes the tokens a session registered (its sign-out). */
export async function removeSessionTokens(db: Db, sessionId: string): Promise<void> {
  await db.query("DELETE FROM push_tokens WHERE session_id = $1", [sessionId]);
}

/** Removes tokens the push service no longer accepts, whoever holds them. */
export async function removeTokens(db: Db, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.query("DELETE FROM push_tokens WHERE token_md5 = ANY(ARRAY(SELECT md5(t) FROM unnest($1::text[]) AS t))", [tokens]);
}

/** The tokens of these users, by user. */
export async function tokensOf(db: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<{ user_id: number; fcm_token: string }>(
    "SELECT user_id, fcm_token FROM push_tokens WHERE user_id = ANY($1::int[]) ORDER BY user_id, updated_at DESC",
    [userIds],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(row.fcm_token);
    else byUser.set(row.user_id, [row.fcm_token]);
  }
  return byUser;
}
