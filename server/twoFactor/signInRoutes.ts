// The second step of a sign-in, after a right password and before any session exists: a code
// from the authenticator app, a recovery code or a passkey (a `verify` ticket), or, for a user who
// must use a second factor and has none yet, setting up the authenticator (an `enrol` ticket).
// Every failure counts toward the same limits as a wrong password: the per-address limit, and the
// account's failure count (which a known address does not escape here).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { writeAudit } from "../db/audit.js";
import { errorResponses, ok } from "../http/schemas.js";
import { claimLoginTry, loginSucceeded } from "../lib/loginThrottle.js";
import { badRequest, conflict, forbidden, HttpError, unauthorized } from "../plugins/errors.js";
import { LoginData, openSignedInSession, type SigningIn } from "../routes/signedIn.js";
import { secretBoxOf } from "./context.js";
import { relyingParty, signInOptions, verifyPasskey } from "./passkeys.js";
import { recoveryCodesLeft, replaceRecoveryCodes, redeemRecoveryCode } from "./recoveryCodes.js";
import { EnrolledData, PasskeyOptions, PasskeySignInBody, SecondFactorBody, SecondFactorData, TicketBody, TicketCodeBody, TotpSetup } from "./schemas.js";
import { spendTicket, type Ticket, type TicketPurpose } from "./tickets.js";
import { acceptCode, startTotp, totpUri, type CodeCheck } from "./totp.js";

export const SIGN_IN_AGAIN = "This sign-in has expired: sign in again";
export const WRONG_CODE = "This code is not right";
export const USED_CODE = "This code has already been used: wait for the next one";
export const WRONG_RECOVERY_CODE = "This recovery code is not right, or was already used";
export const PASSKEY_REFUSED = "The passkey could not be verified";
export const ALREADY_SET_UP = "Two-factor sign-in is already set up: sign in again";

export interface SecondStepOptions extends Record<string, unknown> {
  /** The login route's per-address limit (server/routes/auth.ts). */
  ipLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  loginRateLimit: number;
}

interface TicketUser extends SigningIn {
  ticket: Ticket;
}

const secondStepRoutes: FastifyPluginAsyncTypebox<SecondStepOptions> = async (app, opts) => {
  const limited = {
    onRequest: opts.ipLimit,
    config: {
      rateLimit: {
        max: opts.loginRateLimit,
        timeWindow: "1 minute",
        keyGenerator: (request: FastifyRequest) => `second-step|${request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
          new HttpError(429, `Too many login attempts, retry in ${context.after}`),
      },
    },
  };

  /** The user a ticket of `purpose` names, as long as it holds (same password, still active); 401 otherwise. */
  async function ticketUser(token: string, purpose: TicketPurpose): Promise<TicketUser> {
    const ticket = await app.twoFactor.tickets.verify(token);
    if (!ticket || ticket.purpose !== purpose) throw unauthorized(SIGN_IN_AGAIN);
    const { rows } = await app.db.query<SigningIn & { active: boolean }>(
      "SELECT id, username, fullname, user_type, token_version, locale, active FROM users WHERE id = $1",
      [ticket.userId],
    );
    const user = rows[0];
    if (!user || !user.active || user.token_version !== ticket.tokenVersion) throw unauthorized(SIGN_IN_AGAIN);
    return { ...user, ticket };
  }

  /** One more try at this account, as a password is one; 429 while it must wait. */
  async function claimTry(user: TicketUser, request: FastifyRequest, reply: FastifyReply) {
    const claim = await claimLoginTry(app.db, user.username, request.ip, { exemptKnownAddress: false });
    if (!claim.allowed) {
      reply.header("retry-after", String(claim.retryAfterSeconds));
      throw new HttpError(429, `Too many failed sign-ins for this account, retry in ${claim.retryAfterSeconds} seconds`);
    }
    return claim.failuresBefore;
  }

  async function failed(user: TicketUser, request: FastifyRequest, failuresBefore: number, message: string): Promise<never> {
    await app.db.query("INSERT INTO audit_log (actor_id, action, entity, entity_id, detail) VALUES (NULL, 'login_failed', 'users', $1, $2)", [
      String(user.id),
      JSON.stringify({ ip: request.ip, failures: failuresBefore + 1, second_factor: true }),
    ]);
    throw forbidden(message);
  }

  /** The second factor held: the ticket is used up and the session opens. */
  async function signedIn(user: TicketUser, request: FastifyRequest) {
    if (!(await spendTicket(app.db, user.ticket))) throw unauthorized(SIGN_IN_AGAIN);
    await loginSucceeded(app.db, user.username);
    return openSignedInSession(app, request, user, true);
  }

  const codeMessage = (check: CodeCheck) => (check === "used" ? USED_CODE : WRONG_CODE);

  app.post(
    "/api/auth/login/second-factor",
    {
      ...limited,
      schema: {
        summary: "The second step of a sign-in: a code from the authenticator app, or a recovery code",
        body: SecondFactorBody,
        response: { 200: ok(SecondFactorData), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { ticket, code, recovery_code } = request.body;
      if (code === undefined && recovery_code === undefined) throw badRequest({ code: "code is required" });
      const user = await ticketUser(ticket, "verify");
      const failures = await claimTry(user, request, reply);
      if (recovery_code !== undefined && code === undefined) {
        if (!(await redeemRecoveryCode(app.db, user.id, recovery_code))) await failed(user, request, failures, WRONG_RECOVERY_CODE);
        const data = await signedIn(user, request);
        const left = await recoveryCodesLeft(app.db, user.id);
        await writeAudit(app.db, { actorId: user.id, action: "recovery_code_used", entity: "users", entityId: user.id, detail: { left } });
        // Said where the console shows a sign-in's message (its 'Success' toast): the codes are running out.
        return { statusCode: 200 as const, message: `Signed in with a recovery code: ${left} left`, data: { ...data, recovery_codes_left: left } };
      }
      const check = await acceptCode(app.db, secretBoxOf(app), user.id, code ?? "", true);
      if (check !== "accepted") await failed(user, request, failures, codeMessage(check));
      return { statusCode: 200 as const, message: "Login success", data: await signedIn(user, request) };
    },
  );

  app.post(
    "/api/auth/login/passkey-options",
    {
      ...limited,
      schema: { summary: "The second step with a passkey: the challenge to sign", body: TicketBody, response: { 200: ok(PasskeyOptions), ...errorResponses } },
    },
    async (request) => {
      const user = await ticketUser(request.body.ticket, "verify");
      const options = await signInOptions(app.db, relyingParty(request, app.twoFactor.consoleUrl), user.id);
      if (!options) throw conflict("No passkey is set up for this account");
      return { statusCode: 200 as const, data: { options: options as unknown as Record<string, unknown> } };
    },
  );

  app.post(
    "/api/auth/login/passkey",
    {
      ...limited,
      schema: { summary: "The second step with a passkey: its signed answer", body: PasskeySignInBody, response: { 200: ok(LoginData), ...errorResponses } },
    },
    async (request, reply) => {
      const user = await ticketUser(request.body.ticket, "verify");
      const failures = await claimTry(user, request, reply);
      const rp = relyingParty(request, app.twoFactor.consoleUrl);
      if (!(await verifyPasskey(app.db, rp, user.id, request.body.credential as never))) await failed(user, request, failures, PASSKEY_REFUSED);
      return { statusCode: 200 as const, message: "Login success", data: await signedIn(user, request) };
    },
  );

  app.post(
    "/api/auth/login/enrol",
    {
      ...limited,
      schema: {
        summary: "Sets up the authenticator of a user who must use a second factor, right after the password",
        body: TicketBody,
        response: { 200: ok(TotpSetup), ...errorResponses },
      },
    },
    async (request) => {
      const user = await ticketUser(request.body.ticket, "enrol");
      const secret = await startTotp(app.db, secretBoxOf(app), user.id);
      if (!secret) throw conflict(ALREADY_SET_UP);
      return { statusCode: 200 as const, data: { secret, uri: totpUri(user.username, secret) } };
    },
  );

  app.post(
    "/api/auth/login/enrol/confirm",
    {
      ...limited,
      schema: {
        summary: "Confirms the new authenticator with a first code: the session opens, with ten recovery codes shown once",
        body: TicketCodeBody,
        response: { 200: ok(EnrolledData), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await ticketUser(request.body.ticket, "enrol");
      const failures = await claimTry(user, request, reply);
      const check = await acceptCode(app.db, secretBoxOf(app), user.id, request.body.code, false);
      if (check !== "accepted") await failed(user, request, failures, codeMessage(check));
      const recovery_codes = await replaceRecoveryCodes(app.db, user.id);
      const data = await signedIn(user, request);
      await writeAudit(app.db, { actorId: user.id, action: "two_factor_enrol", entity: "users", entityId: user.id });
      return { statusCode: 200 as const, message: "Two-factor sign-in is on", data: { ...data, recovery_codes } };
    },
  );
};

export default secondStepRoutes;
