// What the two-factor routes and the auth plugin share: whether the defaults require a second
// factor, the ticket service, the key that seals authenticator secrets, and the console's address.
import type { FastifyInstance } from "fastify";
import { HttpError } from "../plugins/errors.js";
import { createSecretBox, type SecretBox } from "./secretBox.js";
import { createTicketService, type TicketService } from "./tickets.js";

export interface TwoFactorOptions {
  /** TOTP_ENCRYPTION_KEY (or the key generated into the data folder). Without it no authenticator can be set up or checked. */
  encryptionKey?: string;
  /** TOTP_ENCRYPTION_KEY_PREVIOUS: the key being replaced, which still opens what it sealed. */
  previousEncryptionKey?: string;
  /** TWO_FACTOR_DEFAULTS: superadmins and roles that approve, manage centers or manage users must use a second factor. */
  requireByDefault?: boolean;
  /** CONSOLE_URL: passkeys are bound to its host. */
  consoleUrl?: string;
}

export interface TwoFactorContext {
  requireByDefault: boolean;
  tickets: TicketService;
  box: SecretBox | null;
  consoleUrl: string | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    twoFactor: TwoFactorContext;
  }
}

export function createTwoFactorContext(jwtSecret: string, opts: TwoFactorOptions = {}): TwoFactorContext {
  return {
    requireByDefault: opts.requireByDefault ?? false,
    tickets: createTicketService(jwtSecret),
    box: opts.encryptionKey ? createSecretBox(opts.encryptionKey, opts.previousEncryptionKey) : null,
    consoleUrl: opts.consoleUrl,
  };
}

export const NOT_CONFIGURED = "Two-factor sign-in is not set up on this server";

export function secretBoxOf(app: FastifyInstance): SecretBox {
  if (!app.twoFactor.box) throw new HttpError(503, NOT_CONFIGURED);
  return app.twoFactor.box;
}
