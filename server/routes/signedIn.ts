// What a complete sign-in gives: a session, its token and who signed in (POST /api/auth/login,
// and the second step of a sign-in with a second factor, server/twoFactor/signInRoutes.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Locale } from "../../resources/types.js";
import { openSession } from "../db/sessions.js";
import { SUPERADMIN_ROLE_NAME } from "../plugins/auth.js";

// The console's languages (resources/types.ts LOCALES).
export const LocaleSchema = Type.Union([Type.Literal("en"), Type.Literal("id")]);

export const LoginData = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  fullname: Type.String(),
  username: Type.String(),
  user_type: Type.String(),
  role_name: Type.Optional(Type.String()),
  /** The console language the user chose, or null: the console keeps the browser's. */
  locale: Type.Union([LocaleSchema, Type.Null()]),
});

/** The user's row as signing in reads it. */
export interface SigningIn {
  id: number;
  username: string;
  fullname: string;
  user_type: string;
  token_version: number;
  locale: Locale | null;
}

/**
 * Opens the session of a sign-in that is complete (a password, and a second factor where one is
 * used): the token, and who signed in, as the console stores it.
 */
export async function openSignedInSession(app: FastifyInstance, request: FastifyRequest, user: SigningIn, secondFactor: boolean) {
  const sessionId = await openSession(app.db, user.id, { ip: request.ip, userAgent: request.headers["user-agent"] });
  const token = await app.tokens.sign({ userId: user.id, tokenVersion: user.token_version, sessionId, secondFactor });
  await app.db.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, session_id, detail) VALUES ($1, 'login', 'users', $2, $3, $4)", [
    user.id,
    String(user.id),
    sessionId,
    secondFactor ? JSON.stringify({ second_factor: true }) : null,
  ]);
  return {
    id: user.id,
    token,
    fullname: user.fullname,
    username: user.username,
    user_type: user.user_type,
    locale: user.locale,
    ...(user.user_type === "superadmin" ? { role_name: SUPERADMIN_ROLE_NAME } : {}),
  };
}
