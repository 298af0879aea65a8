// Password guessing at one account, from any number of addresses. Past FREE failures, each next
// try waits twice as long as the last (1 s, 2 s, 4 s, … up to MAX_WAIT), so a guesser gets a few
// dozen tries an hour instead of thousands. It is no lockout: the wait is short and bounded, and
// an address the account has signed in from before is not made to wait at all, so an attacker
// cannot keep staff out of their own account from elsewhere.
import type { Db } from "../db/client.js";

export const LOGIN_THROTTLE = {
  /** Failures before any wait. */
  free: 5,
  /** The longest wait, in seconds. */
  maxWaitSeconds: 600,
  /** How long an address the account signed in from counts as known. */
  knownAddressDays: 90,
  /** After this long without a failure the count starts again. */
  forgetHours: 24,
} as const;

/** Seconds a try must wait after `failures` failures. */
export function waitAfter(failures: number): number {
  if (failures < LOGIN_THROTTLE.free) return 0;
  return Math.min(LOGIN_THROTTLE.maxWaitSeconds, 2 ** (failures - LOGIN_THROTTLE.free));
}

export type LoginClaim = { allowed: true; failuresBefore: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims one try at `username` from `ip`, counted as a failure until `succeeded` says otherwise:
 * counted before the password is checked, so parallel guesses cannot all slip in before the first
 * failure is recorded. A second factor's code is guessed by someone who already has the password,
 * and a known address is no reason to let them go on: `exemptKnownAddress: false` makes it wait too.
 */
export async function claimLoginTry(db: Db, username: string, ip: string, { exemptKnownAddress = true } = {}): Promise<LoginClaim> {
  const key = username.toLowerCase();
  return db.transaction(async (tx) => {
    // One statement that inserts or locks the row: a separate insert and SELECT … FOR UPDATE finds
    // nothing when a sign-in that just succeeded deletes the row in between.
    const { rows } = await tx.query<{ failures: number; since: number; known: boolean }>(
      `WITH f AS (
         INSERT INTO login_failures AS f (username, failures, last_failed_at) VALUES ($1, 0, now())
         ON CONFLICT (username) DO UPDATE SET username = f.username
         RETURNING f.failures, f.last_failed_at)
       SELECT CASE WHEN f.last_failed_at < now() - make_interval(hours => $3) THEN 0 ELSE f.failures END AS failures,
              extract(epoch FROM now() - f.last_failed_at)::float8 AS since,
              EXISTS (SELECT 1 FROM users u JOIN sessions s ON s.user_id = u.id
                      WHERE lower(u.username) = $1 AND s.ip = $2 AND s.created_at > now() - make_interval(days => $4)) AS known
       FROM f`,
      [key, ip, LOGIN_THROTTLE.forgetHours, LOGIN_THROTTLE.knownAddressDays],
    );
    const { failures, since, known } = rows[0]!;
    const wait = waitAfter(failures) - since;
    if (!(known && exemptKnownAddress) && wait > 0) return { allowed: false as const, retryAfterSeconds: Math.ceil(wait) };
    await tx.query("UPDATE login_failures SET failures = $2, last_failed_at = now() WHERE username = $1", [key, failures + 1]);
    // Now and then, forget names nobody has failed at for a day.
    if (Math.random() < 0.01)
      await tx.query("DELETE FROM login_failures WHERE last_failed_at < now() - make_interval(hours => $1)", [LOGIN_THROTTLE.forgetHours]);
    return { allowed: true as const, failuresBefore: failures };
  });
}

/** The try succeeded: the account's count starts again. */
export async function loginSucceeded(db: Db, username: string): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE username = $1", [username.toLowerCase()]);
}
