// Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server. Each ceremony's
// challenge is kept in PostgreSQL until it is answered (once, on whichever instance) or expires.
// The passkey stands in for the authenticator's code after the password: user presence is
// enough, verification (a PIN, a fingerprint) is welcome but not required.
import type { FastifyRequest } from "fastify";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Db } from "../db/client.js";
import { ISSUER } from "./totp.js";

const CHALLENGE_MINUTES = 5;
type Ceremony = "passkey-register" | "passkey-sign-in";

export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * Who the passkeys belong to: the console's configured address (CONSOLE_URL), else the address the
 * request was made to, as the browser's Origin names it (the browser binds every passkey to it).
 */
export function relyingParty(request: FastifyRequest, consoleUrl: string | undefined): RelyingParty {
  if (consoleUrl) {
    const url = new URL(consoleUrl);
    return { id: url.hostname, origin: url.origin };
  }
  const own = `${request.protocol}://${request.host}`;
  const origin = typeof request.headers.origin === "string" ? request.headers.origin : own;
  try {
    const url = new URL(origin);
    if (url.host === request.host) return { id: url.hostname, origin: url.origin };
  } catch {
    // Not a URL: fall back to the request's own address.
  }
  return { id: request.hostname, origin: own };
}

async function keepChallenge(db: Db, userId: number, ceremony: Ceremony, challenge: string) {
  await db.query(`INSERT INTO two_factor_nonces (nonce, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
    `passkey:${challenge}`,
    userId,
    ceremony,
    CHALLENGE_MINUTES,
  ]);
}

/** Takes a challenge this user was given for this ceremony: true once. */
async function takeChallenge(db: Db, userId: number, ceremony: Ceremony, challenge: string): Promise<boolean> {
  const { rows } = await db.query("DELETE FROM two_factor_nonces WHERE nonce = $1 AND user_id = $2 AND purpose = $3 AND expires_at > now() RETURNING 1", [
    `passkey:${challenge}`,
    userId,
    ceremony,
  ]);
  return rows.length > 0;
}

interface PasskeyRow {
  id: number;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string | null;
}

async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>("SELECT id, credential_id, public_key, counter, transports FROM user_passkeys WHERE user_id = $1 ORDER BY id", [
    userId,
  ]);
  return rows;
}

const transportsOf = (row: PasskeyRow) => (row.transports ? row.transports.split(",") : undefined);

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; username: string; fullname: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.fullname,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    // The same authenticator twice would be one factor counted twice.
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  await keepChallenge(db, user.id, "passkey-register", options.challenge);
  return options;
}

/** Checks a new passkey and stores it; false when the answer does not hold up. */
export async function registerPasskey(db: Db, rp: RelyingParty, userId: number, response: RegistrationResponseJSON, name: string): Promise<boolean> {
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, userId, "passkey-register", challenge),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  const { credential } = verified.registrationInfo;
  const { rows } = await db.query(
    `INSERT INTO user_passkeys (user_id, credential_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
    [userId, credential.id, Buffer.from(credential.publicKey).toString("base64url"), credential.counter, credential.transports?.join(",") ?? null, name],
  );
  return rows.length > 0;
}

export async function signInOptions(db: Db, rp: RelyingParty, userId: number): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const existing = await passkeysOf(db, userId);
  if (existing.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    userVerification: "preferred",
  });
  await keepChallenge(db, userId, "passkey-sign-in", options.challenge);
  return options;
}

/** Checks an assertion by one of the user's passkeys; true once per challenge. */
export async function verifyPasskey(db: Db, rp: RelyingParty, userId: number, response: AuthenticationResponseJSON): Promise<boolean> {
  const passkey = (await passkeysOf(db, userId)).find((p) => p.credential_id === response.id);
  if (!passkey) return false;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, userId, "passkey-sign-in", challenge),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey) as never,
      },
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  await db.query("UPDATE user_passkeys SET counter = $2, last_used_at = now() WHERE id = $1", [passkey.id, verified.authenticationInfo.newCounter]);
  return true;
}
