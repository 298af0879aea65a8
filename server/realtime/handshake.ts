import type { IncomingMessage } from "node:http";
import { decodeJwt } from "jose";
import type { Socket } from "socket.io";
import { REFUSAL, type HandshakeAuth } from "../../protocol/realtime.js";
import { ERROR_CODES } from "../../protocol/twoFactor.js";
import type { Db } from "../db/client.js";
import type { TokenService } from "../lib/tokens.js";
import { HttpError } from "../plugins/errors.js";
import { resolveIdentity, type Identity } from "../plugins/auth.js";

/** What a staff member's socket carries from its handshake (socket.data). */
export interface StaffSocketData {
  kind: "staff";
  identity: Identity;
  token: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  tokenVersion: number;
  presence: Set<string>;
}

/** A website visitor's socket (the chat widget): it reaches its one conversation and nothing else. */
export interface VisitorSocketData {
  kind: "visitor";
  conversationId: number;
  centerCode: string;
  name: string;
}

export type SocketData = StaffSocketData | VisitorSocketData;

/**
 * A browser's WebSocket and polling requests are not bound by CORS, so the Origin is checked here:
 * the console's own origin (the Host it called) or one of `allowed`. A request without an Origin
 * is not a browser page's; it still needs a valid token.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(message: string): Error {
  return new Error(message);
}

/**
 * Checks a handshake as a REST request is checked (`requireByDefault`: the second-factor defaults);
 * resolves the socket's identity or refuses it.
 */
export async function authenticateSocket(db: Db, tokens: TokenService, socket: Socket, requireByDefault: boolean): Promise<StaffSocketData> {
  const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
  const token = typeof auth.token === "string" ? auth.token : "";
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) throw refuse(REFUSAL.unauthorized);
  const code = typeof auth.center === "string" && auth.center.trim() ? auth.center.trim() : null;
  let identity: Identity;
  try {
    identity = await resolveIdentity(db, claims, code, requireByDefault);
  } catch (err) {
    if (err instanceof HttpError && err.code === ERROR_CODES.secondFactorRequired) throw refuse(REFUSAL.secondFactor);
    if (err instanceof HttpError) throw refuse(err.statusCode === 403 ? REFUSAL.notAssigned : REFUSAL.unauthorized);
    throw err;
  }
  // Center staff work inside their selected center; only a superadmin listens to every center.
  if (!identity.user.isSuperadmin && !identity.center) throw refuse(REFUSAL.notAssigned);
  const exp = decodeJwt(token).exp ?? 0;
  return { kind: "staff", identity, token, expiresAt: exp * 1000, tokenVersion: claims.tokenVersion, presence: new Set() };
}
