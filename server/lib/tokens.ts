import { SignJWT, jwtVerify } from "jose";

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The sign-in session the token belongs to: ending it ends the token. */
  sessionId: string;
  /** The session passed a second factor after the password (carried as RFC 8176 `amr`). */
  secondFactor: boolean;
}

export interface TokenService {
  /** `secondFactor` left out: a password alone. */
  sign(claims: Omit<TokenClaims, "secondFactor"> & { secondFactor?: boolean }): Promise<string>;
  /** Returns null for any token that must not be accepted; the reason only matters to logs. */
  verify(token: string): Promise<TokenClaims | null>;
}

export const TOKEN_LIFETIME = "12h";

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, tokenVersion, sessionId, secondFactor }) =>
      new SignJWT({ tv: tokenVersion, sid: sessionId, amr: secondFactor ? ["pwd", "mfa"] : ["pwd"] })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),

    async verify(token) {
      try {
        // The allow-list refuses `alg: none` and asymmetric algorithms a forger could pick.
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!/^\d+$/.test(payload.sub ?? "") || !Number.isSafeInteger(userId)) return null;
        if (typeof tokenVersion !== "number" || !Number.isInteger(tokenVersion)) return null;
        if (typeof payload.exp !== "number") return null;
        if (typeof payload.sid !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(payload.sid)) return null;
        // A token from before second factors existed carries no `amr`: a password alone.
        const secondFactor = Array.isArray(payload.amr) && payload.amr.includes("mfa");
        return { userId, tokenVersion, sessionId: payload.sid, secondFactor };
      } catch {
        return null;
      }
    },
  };
}
