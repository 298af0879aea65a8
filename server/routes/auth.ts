import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { secondFactorState } from "../twoFactor/policy.js";
import secondStepRoutes from "../twoFactor/signInRoutes.js";
import { SecondStepData } from "../twoFactor/schemas.js";
import { LocaleSchema, LoginData, openSignedInSession } from "./signedIn.js";
import { endSession, endUserSessions } from "../db/sessions.js";
import { claimLoginTry, loginSucceeded } from "../lib/loginThrottle.js";
import { hashPassword, verifyPassword } from "../lib/password.js";
import { removeSessionTokens } from "../push/tokens.js";
import { badRequest, forbidden, HttpError } from "../plugins/errors.js";
import { ErrorBody, errorResponses, ok } from "../http/schemas.js";
import type { Locale } from "../../resources/types.js";

export { LoginData };

export interface AuthRoutesOptions {
  /** Login attempts per minute for one IP and username. */
  loginRateLimit: number;
  /** Login attempts per minute from one IP, over all usernames (one client trying many accounts). */
  loginIpRateLimit: number;
}

/** Password changes per 15 minutes for one user: each is a guess at the current password. */
export const PASSWORD_CHANGE_LIMIT = 10;

export const INVALID_LOGIN = "Invalid username or password";

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const LocaleBody = Type.Object({ locale: LocaleSchema });

export const PasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 200 }),
  new_password: Type.String({ minLength: 8, maxLength: 200 }),
});

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, opts) => {
  const perIp = app.createRateLimit({ max: opts.loginIpRateLimit, timeWindow: 60_000, keyGenerator: (request) => `login-ip|${request.ip}` });
  // A second limit beside the route's own (IP and username): applied by hand, because the plugin
  // runs only the first limiter it meets on a request. The second step counts in the same one.
  const ipLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await perIp(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header("retry-after", String(limit.ttlInSeconds));
    throw new HttpError(429, `Too many login attempts from this address, retry in ${limit.ttlInSeconds} seconds`);
  };

  app.post(
    "/api/auth/login",
    {
      onRequest: ipLimit,
      schema: {
        body: LoginBody,
        description:
          "A user with a second factor (or whose role requires one) gets no session yet: the answer's `second_step` and `ticket` lead to /api/auth/login/second-factor (or /api/auth/login/enrol).",
        response: {
          200: ok(Type.Union([LoginData, SecondStepData])),
          403: { ...ErrorBody, description: "Wrong username or password, or a disabled account" },
          ...errorResponses,
        },
      },
      config: {
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: "1 minute",
          // After parsing, so the key can include the username: one attacker cannot lock
          // everybody out of one IP, and one account cannot be guessed from many tries.
          hook: "preHandler",
          keyGenerator: (request) => `${request.ip}|${String((request.body as { username?: unknown })?.username ?? "").toLowerCase()}`,
          errorResponseBuilder: (_request, context) => new HttpError(429, `Too many login attempts, retry in ${context.after}`),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const { rows } = await app.db.query<{
        id: number;
        username: string;
        password_hash: string;
        fullname: string;
        user_type: string;
        active: boolean;
        token_version: number;
        locale: Locale | null;
      }>(
        `SELECT id, username, password_hash, fullname, user_type, active, token_version, locale
         FROM users WHERE lower(username) = lower($1)`,
        [username],
      );
      const user = rows[0];
      // Guesses at one account from many addresses: each past the first few waits longer.
      const claim = await claimLoginTry(app.db, username, request.ip);
      if (!claim.allowed) {
        reply.header("retry-after", String(claim.retryAfterSeconds));
        throw new HttpError(429, `Too many failed sign-ins for this account, retry in ${claim.retryAfterSeconds} seconds`);
      }
      const valid = await verifyPassword(password, user?.password_hash ?? null);
      if (!user || !valid) {
        if (user) {
          await app.db.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, detail) VALUES (NULL, 'login_failed', 'users', $1, $2)", [
            String(user.id),
            JSON.stringify({ ip: request.ip, failures: claim.failuresBefore + 1 }),
          ]);
        }
        throw forbidden(INVALID_LOGIN);
      }
      const secondFactor = await secondFactorState(app.db, user.id, app.twoFactor.requireByDefault);
      // With a second factor in use, the account's failure count starts again only once that too
      // has passed: a guesser who has the password cannot reset it between guesses at the code.
      if (!secondFactor.enrolled) await loginSucceeded(app.db, username);
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (!user.active) throw forbidden("This account is disabled");

      if (secondFactor.enrolled || secondFactor.required) {
        const purpose = secondFactor.enrolled ? ("verify" as const) : ("enrol" as const);
        const ticket = await app.twoFactor.tickets.sign({ userId: user.id, tokenVersion: user.token_version, purpose });
        const methods = [
          "totp" as const,
          ...(secondFactor.recoveryCodesLeft > 0 ? ["recovery" as const] : []),
          ...(secondFactor.passkeys > 0 ? ["passkey" as const] : []),
        ];
        // No message: nobody has signed in yet.
        return { statusCode: 200 as const, data: { second_step: purpose, ticket, methods: purpose === "verify" ? methods : [], fullname: user.fullname } };
      }
      return { statusCode: 200 as const, message: "Login success", data: await openSignedInSession(app, request, user, false) };
    },
  );

  app.put(
    "/api/auth/password",
    {
      config: {
        rateLimit: {
          max: PASSWORD_CHANGE_LIMIT,
          timeWindow: "15 minutes",
          hook: "preHandler",
          keyGenerator: (request) => `password|${request.user?.id ?? request.ip}`,
          errorResponseBuilder: (_request, context) => new HttpError(429, `Too many password changes, retry in ${context.after}`),
        },
      },
      schema: { body: PasswordBody, response: { 200: ok(Type.Object({ token: Type.String() })), ...errorResponses } },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      const userId = request.user.id;
      const { rows } = await app.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [userId]);
      if (!(await verifyPassword(current_password, rows[0]?.password_hash ?? null))) {
        throw forbidden("Current password is incorrect");
      }
      // A "change" to the same password changes nothing, and would sign out every other session.
      if (new_password === current_password) {
        throw badRequest({ new_password: "The new password must be different from the current one" });
      }
      const hash = await hashPassword(new_password);
      // Bumping token_version signs out every other session holding a token of this user.
      const updated = await app.db.transaction(async (tx) => {
        const r = await tx.query<{ token_version: number }>(
          `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now()
           WHERE id = $1 RETURNING token_version`,
          [userId, hash],
        );
        await tx.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, session_id) VALUES ($1, 'password_change', 'users', $2, $3)", [
          userId,
          String(userId),
          request.user.sessionId,
        ]);
        return r.rows[0]!;
      });
      // Every other session ends with the old password; this one goes on with a fresh token.
      await endUserSessions(app.db, userId, request.user.sessionId);
      const token = await app.tokens.sign({
        userId,
        tokenVersion: updated.token_version,
        sessionId: request.user.sessionId,
        secondFactor: request.user.secondFactor,
      });
      // This session's sockets take the new token version; every other session's are dropped.
      app.changes.publish("access", { userId, keep: { sessionId: request.user.sessionId, tokenVersion: updated.token_version } });
      return { statusCode: 200 as const, message: "Password changed", data: { token } };
    },
  );

  app.put(
    "/api/auth/locale",
    {
      schema: {
        summary: "Remember the console language the signed-in user chose",
        body: LocaleBody,
        response: { 200: ok(Type.Object({ locale: LocaleSchema })), ...errorResponses },
      },
    },
    async (request) => {
      const { locale } = request.body;
      await app.db.query("UPDATE users SET locale = $2 WHERE id = $1", [request.user.id, locale]);
      // No message: the console would show it as a toast, and it loads anew in the new language.
      return { statusCode: 200 as const, data: { locale } };
    },
  );

  app.post(
    "/api/auth/logout",
    {
      // No message: the console shows a write's message as a 'Success' toast, and a sign-out needs none.
      schema: { summary: "Sign out: the token stops working at once", response: { 200: Type.Object({ statusCode: Type.Literal(200) }), ...errorResponses } },
    },
    async (request) => {
      const { sessionId } = request.user;
      // With the session go the push tokens its browser registered: the next person signing in on
      // it gets nothing meant for this one.
      await app.db.transaction(async (tx) => {
        await endSession(tx, sessionId);
        await removeSessionTokens(tx, sessionId);
      });
      app.changes.publish("access", { userId: request.user.id });
      return { statusCode: 200 as const };
    },
  );

  await app.register(secondStepRoutes, { ipLimit, loginRateLimit: opts.loginRateLimit });
};

export default authRoutes;
