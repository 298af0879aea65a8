import { SignJWT, jwtVerify } from "jose";

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The sign-in session the token belongs to: ending it ends the token. */
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns null for any token that must not be accepted; the reason only matters to logs. */
  verify(token: string): Promise<TokenClaims | null>;
}

export const TOKEN_LIFETIME = "12h";

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, tokenVersion, sessionId }) =>
      new SignJWT({ tv: tokenVersion, sid: sessionId })
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
        return { userId, tokenVersion, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
