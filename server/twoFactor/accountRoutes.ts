// A signed-in user's own second factors (the console's Two-factor sign-in page): set up the
// authenticator app, new recovery codes, passkeys, turning it off where no role requires it.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { writeAudit } from "../db/audit.js";
import type { Db } from "../db/client.js";
import { endUserSessions } from "../db/sessions.js";
import { errorResponses, Id, ok } from "../http/schemas.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../plugins/errors.js";
import { secretBoxOf } from "./context.js";
import { registerPasskey, registrationOptions, relyingParty } from "./passkeys.js";
import { secondFactorState } from "./policy.js";
import { replaceRecoveryCodes } from "./recoveryCodes.js";
import { CodeBody, EmptyBody, PasskeyBody, PasskeyOptions, RecoveryCodes, TotpConfirmed, TotpSetup, TwoFactorStatus } from "./schemas.js";
import { WRONG_CODE, USED_CODE } from "./signInRoutes.js";
import { acceptCode, startTotp, totpUri } from "./totp.js";

export const ALREADY_ON = "An authenticator is already set up";
export const SET_UP_FIRST = "Set up an authenticator app first";
export const REQUIRED_BY_ROLE = "Your role requires two-factor sign-in: it cannot be turned off";

/** Changes to second factors, per user per 15 minutes: each asks for a code, so each is a guess. */
const CHANGES_PER_15_MINUTES = 10;

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limit = {
    rateLimit: {
      max: CHANGES_PER_15_MINUTES,
      timeWindow: "15 minutes",
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => `two-factor|${request.user?.id ?? request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => new HttpError(429, `Too many changes, retry in ${context.after}`),
    },
  };

  async function status(userId: number) {
    const state = await secondFactorState(app.db, userId, app.twoFactor.requireByDefault);
    const { rows } = await app.db.query<{ id: number; name: string; created_at: string; last_used_at: string | null }>(
      "SELECT id, name, created_at, last_used_at FROM user_passkeys WHERE user_id = $1 ORDER BY id",
      [userId],
    );
    return {
      totp: state.enrolled,
      required: state.required,
      recovery_codes_left: state.recoveryCodesLeft,
      passkeys: rows.map((p) => ({
        id: p.id,
        name: p.name,
        created_at: new Date(p.created_at).toISOString(),
        last_used_at: p.last_used_at === null ? null : new Date(p.last_used_at).toISOString(),
      })),
    };
  }

  /** A code from the authenticator in use, asked again before a change that shows or removes secrets. */
  async function confirmCode(userId: number, code: string) {
    const check = await acceptCode(app.db, secretBoxOf(app), userId, code, true);
    if (check !== "accepted") throw forbidden(check === "used" ? USED_CODE : WRONG_CODE);
  }

  app.get(
    "/api/auth/two-factor",
    { schema: { summary: "The signed-in user's second factors", response: { 200: ok(TwoFactorStatus), ...errorResponses } } },
    async (request) => ({ statusCode: 200 as const, data: await status(request.user.id) }),
  );

  app.post(
    "/api/auth/two-factor/totp",
    {
      config: limit,
      schema: {
        summary: "Starts setting up the authenticator app: its secret, for a QR code and as text",
        body: EmptyBody,
        response: { 200: ok(TotpSetup), ...errorResponses },
      },
    },
    async (request) => {
      const secret = await startTotp(app.db, secretBoxOf(app), request.user.id);
      if (!secret) throw conflict(ALREADY_ON);
      return { statusCode: 200 as const, data: { secret, uri: totpUri(request.user.username, secret) } };
    },
  );

  app.post(
    "/api/auth/two-factor/totp/confirm",
    {
      config: limit,
      schema: {
        summary: "Confirms the authenticator app with a first code: ten recovery codes (shown once), and a new token for this session",
        body: CodeBody,
        response: { 200: ok(TotpConfirmed), ...errorResponses },
      },
    },
    async (request) => {
      const { id: userId, sessionId } = request.user;
      const check = await acceptCode(app.db, secretBoxOf(app), userId, request.body.code, false);
      if (check !== "accepted") throw forbidden(check === "used" ? USED_CODE : WRONG_CODE);
      const recovery_codes = await replaceRecoveryCodes(app.db, userId);
      // Sessions opened with the password alone end; this one has just shown the second factor.
      const { rows } = await app.db.query<{ token_version: number }>("SELECT token_version FROM users WHERE id = $1", [userId]);
      const tokenVersion = rows[0]!.token_version;
      await endUserSessions(app.db, userId, sessionId);
      await writeAudit(app.db, { actorId: userId, sessionId, action: "two_factor_enrol", entity: "users", entityId: userId });
      const token = await app.tokens.sign({ userId, tokenVersion, sessionId, secondFactor: true });
      app.changes.publish("access", { userId, keep: { sessionId, tokenVersion, secondFactor: true } });
      return { statusCode: 200 as const, message: "Two-factor sign-in is on", data: { token, recovery_codes } };
    },
  );

  app.post(
    "/api/auth/two-factor/recovery-codes",
    {
      config: limit,
      schema: {
        summary: "Ten new recovery codes (shown once; the old ones stop working), after a code from the authenticator",
        body: CodeBody,
        response: { 200: ok(RecoveryCodes), ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      if (!(await secondFactorState(app.db, userId, false)).enrolled) throw conflict(SET_UP_FIRST);
      await confirmCode(userId, request.body.code);
      const recovery_codes = await replaceRecoveryCodes(app.db, userId);
      await writeAudit(app.db, { actorId: userId, sessionId: request.user.sessionId, action: "recovery_codes_new", entity: "users", entityId: userId });
      return { statusCode: 200 as const, message: "New recovery codes made", data: { recovery_codes } };
    },
  );

  app.post(
    "/api/auth/two-factor/passkeys/options",
    {
      config: limit,
      schema: { summary: "Starts adding a passkey: the options for the browser", body: EmptyBody, response: { 200: ok(PasskeyOptions), ...errorResponses } },
    },
    async (request) => {
      const { id, username, fullname } = request.user;
      if (!(await secondFactorState(app.db, id, false)).enrolled) throw conflict(SET_UP_FIRST);
      const options = await registrationOptions(app.db, relyingParty(request, app.twoFactor.consoleUrl), { id, username, fullname });
      return { statusCode: 200 as const, data: { options: options as unknown as Record<string, unknown> } };
    },
  );

  app.post(
    "/api/auth/two-factor/passkeys",
    {
      config: limit,
      schema: {
        summary: "Adds a passkey: the browser's answer and a name for it",
        body: PasskeyBody,
        response: { 200: ok(TwoFactorStatus), ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const name = request.body.name.trim();
      if (!name) throw badRequest({ name: "must not be empty" });
      const rp = relyingParty(request, app.twoFactor.consoleUrl);
      if (!(await registerPasskey(app.db, rp, userId, request.body.credential as never, name))) {
        throw badRequest({ credential: "could not be verified" }, "The passkey could not be added");
      }
      await writeAudit(app.db, {
        actorId: userId,
        sessionId: request.user.sessionId,
        action: "passkey_add",
        entity: "users",
        entityId: userId,
        detail: { name },
      });
      return { statusCode: 200 as const, message: "Passkey added", data: await status(userId) };
    },
  );

  app.delete(
    "/api/auth/two-factor/passkeys/:id",
    {
      config: limit,
      schema: { summary: "Removes one of the user's passkeys", params: Type.Object({ id: Id }), response: { 200: ok(TwoFactorStatus), ...errorResponses } },
    },
    async (request) => {
      const userId = request.user.id;
      const { rows } = await app.db.query<{ name: string }>("DELETE FROM user_passkeys WHERE id = $1 AND user_id = $2 RETURNING name", [
        request.params.id,
        userId,
      ]);
      if (rows.length === 0) throw notFound("Passkey not found");
      await writeAudit(app.db, {
        actorId: userId,
        sessionId: request.user.sessionId,
        action: "passkey_remove",
        entity: "users",
        entityId: userId,
        detail: { name: rows[0]!.name },
      });
      return { statusCode: 200 as const, message: "Passkey removed", data: await status(userId) };
    },
  );

  app.post(
    "/api/auth/two-factor/disable",
    {
      config: limit,
      schema: {
        summary: "Turns two-factor sign-in off (not where a role requires it), after a code from the authenticator",
        body: CodeBody,
        response: { 200: ok(TwoFactorStatus), ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const state = await secondFactorState(app.db, userId, app.twoFactor.requireByDefault);
      if (!state.enrolled) throw conflict(SET_UP_FIRST);
      if (state.required) throw forbidden(REQUIRED_BY_ROLE);
      await confirmCode(userId, request.body.code);
      await removeSecondFactors(app.db, userId);
      await writeAudit(app.db, { actorId: userId, sessionId: request.user.sessionId, action: "two_factor_off", entity: "users", entityId: userId });
      return { statusCode: 200 as const, message: "Two-factor sign-in is off", data: await status(userId) };
    },
  );
};

/**
 * Every second factor of a user: the authenticator (one being set up too), the recovery codes, the
 * passkeys and their open ceremonies. Returns how many were in use (authenticator and passkeys).
 */
export async function removeSecondFactors(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH t AS (DELETE FROM user_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL RETURNING 1),
          u AS (DELETE FROM user_totp WHERE user_id = $1 AND confirmed_at IS NULL RETURNING 1),
          c AS (DELETE FROM user_recovery_codes WHERE user_id = $1 RETURNING 1),
          p AS (DELETE FROM user_passkeys WHERE user_id = $1 RETURNING 1),
          n AS (DELETE FROM two_factor_nonces WHERE user_id = $1 AND purpose <> 'ticket' RETURNING 1)
     SELECT ((SELECT count(*) FROM t) + (SELECT count(*) FROM p))::int AS n`,
    [userId],
  );
  return rows[0]!.n;
}

export default accountRoutes;
