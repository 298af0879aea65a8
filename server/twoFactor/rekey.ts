// After TOTP_ENCRYPTION_KEY is replaced (the old one kept as TOTP_ENCRYPTION_KEY_PREVIOUS), every
// authenticator secret the old key sealed is sealed anew with the current one, so the old key can
// then be dropped. Each row is replaced only if it still holds what was read, so instances starting
// together, or a code accepted meanwhile, never lose a secret; running it again changes nothing.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import type { SecretBox } from "./secretBox.js";

export interface Rekeyed {
  /** Secrets the previous key sealed, now sealed with the current one. */
  resealed: number;
  /** Secrets neither key opens: their holders need a superadmin's reset. */
  unreadable: number;
}

export async function resealSecrets(db: Db, box: SecretBox): Promise<Rekeyed> {
  const { rows } = await db.query<{ user_id: number; secret: string }>("SELECT user_id, secret FROM user_totp ORDER BY user_id");
  const result: Rekeyed = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    const resealed = box.reseal(row.user_id, row.secret);
    if (resealed !== null) {
      await db.query("UPDATE user_totp SET secret = $3 WHERE user_id = $1 AND secret = $2", [row.user_id, row.secret, resealed]);
      result.resealed += 1;
    } else if (box.open(row.user_id, row.secret) === null) {
      result.unreadable += 1;
    }
  }
  return result;
}

/**
 * At the start: reseals what the previous key sealed, and says what is left, so the operator knows
 * when TOTP_ENCRYPTION_KEY_PREVIOUS can go and whether a wrong key was configured. A failure is
 * logged, never fatal: the secrets are also resealed as their codes are accepted.
 */
export function rekeyOnStart(app: FastifyInstance): void {
  const box = app.twoFactor.box;
  if (!box) return;
  app.addHook("onReady", async () => {
    try {
      const { resealed, unreadable } = await resealSecrets(app.db, box);
      if (resealed > 0) app.log.info({ resealed }, "authenticator secrets sealed with the previous key are now sealed with TOTP_ENCRYPTION_KEY");
      if (unreadable > 0) {
        app.log.warn(
          { unreadable },
          "authenticator secrets that neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_KEY_PREVIOUS opens: was the key replaced without keeping the old one? Their holders need a superadmin's reset",
        );
      }
    } catch (err) {
      app.log.error({ err }, "could not reseal authenticator secrets at start; they are resealed as their codes are accepted");
    }
  });
}
