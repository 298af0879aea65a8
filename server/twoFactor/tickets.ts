// The proof that a password was right, for the second step of a sign-in only: a short-lived token
// signed with its own key (derived from the JWT secret, so a ticket is never taken as a session
// token, nor one for a ticket), naming the user and the step it allows. It opens no session; a
// second factor (or, for a user who must set one up, a confirmed authenticator) turns it into one,
// once: a used ticket is recorded in PostgreSQL and refused on every instance.
import { createHmac, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Db } from "../db/client.js";

export type TicketPurpose = "verify" | "enrol";

export interface Ticket {
  userId: number;
  tokenVersion: number;
  purpose: TicketPurpose;
  /** Its id: recorded when it is used. */
  id: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface TicketService {
  sign(ticket: Omit<Ticket, "id" | "expiresAt">): Promise<string>;
  verify(token: string): Promise<Ticket | null>;
}

/** Long enough to open an authenticator app (or set one up); short enough to be worthless when stolen later. */
export const TICKET_MINUTES = 10;
const AUDIENCE = "center-console:second-factor";

export function createTicketService(jwtSecret: string): TicketService {
  const key = createHmac("sha256", jwtSecret).update("second-factor ticket").digest();
  return {
    sign: ({ userId, tokenVersion, purpose }) =>
      new SignJWT({ tv: tokenVersion, pur: purpose })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setJti(randomBytes(16).toString("base64url"))
        .setIssuedAt()
        .setExpirationTime(`${TICKET_MINUTES}m`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], audience: AUDIENCE });
        const userId = Number(payload.sub);
        if (!/^\d+$/.test(payload.sub ?? "") || !Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
        if (typeof payload.tv !== "number" || !Number.isInteger(payload.tv)) return null;
        if (payload.pur !== "verify" && payload.pur !== "enrol") return null;
        if (typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
        return { userId, tokenVersion: payload.tv, purpose: payload.pur, id: payload.jti, expiresAt: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

/** Records the ticket as used; false when it already was (here or on another instance). */
export async function spendTicket(db: Db, ticket: Ticket): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO two_factor_nonces (nonce, user_id, purpose, expires_at) VALUES ($1, $2, 'ticket', to_timestamp($3))
     ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
    [`ticket:${ticket.id}`, ticket.userId, ticket.expiresAt],
  );
  // Now and then, forget what has expired.
  if (Math.random() < 0.02) await db.query("DELETE FROM two_factor_nonces WHERE expires_at < now()");
  return rows.length > 0;
}
