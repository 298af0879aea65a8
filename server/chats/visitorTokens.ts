// A website visitor's token: it names one conversation and is signed with a key of its own, so it
// can never pass for a staff token (nor a staff token for it).
import { SignJWT, jwtVerify } from "jose";
import { createHash } from "node:crypto";

export interface VisitorClaims {
  conversationId: number;
  centerCode: string;
}

/** Long enough for a family to come back to its question next month. */
export const VISITOR_TOKEN_LIFETIME = "90d";

export function visitorTokens(secret: string) {
  const key = createHash("sha256").update(`chat-visitor:${secret}`).digest();
  return {
    sign: ({ conversationId, centerCode }: VisitorClaims) =>
      new SignJWT({ cc: centerCode, typ: "visitor" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(conversationId))
        .setIssuedAt()
        .setExpirationTime(VISITOR_TOKEN_LIFETIME)
        .sign(key),
    async verify(token: string): Promise<VisitorClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const id = Number(payload.sub);
        if (payload.typ !== "visitor" || !/^\d+$/.test(payload.sub ?? "") || !Number.isSafeInteger(id) || typeof payload.cc !== "string") return null;
        return { conversationId: id, centerCode: payload.cc };
      } catch {
        return null;
      }
    },
  };
}

export type VisitorTokens = ReturnType<typeof visitorTokens>;
