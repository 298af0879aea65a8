import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Db } from "../db/client.js";
import { permissionsJson } from "../users/roleRepository.js";
import { globalPlugin } from "../lib/plugin.js";
import type { TokenClaims } from "../lib/tokens.js";
import { ALL_PERMISSIONS, allows, completePermissions, type Permission, type PermissionKey, type PermissionMode } from "../lib/permissions.js";
import { ERROR_CODES } from "../../protocol/twoFactor.js";
import { mustUseSecondFactorSql, usesSecondFactorSql } from "../twoFactor/policy.js";
import { forbidden, unauthorized } from "./errors.js";

export interface AuthUser {
  id: number;
  username: string;
  fullname: string;
  user_type: string;
  isSuperadmin: boolean;
  /** The sign-in session of the token this request carries. */
  sessionId: string;
  /** That session passed a second factor after the password. */
  secondFactor: boolean;
}

export interface CenterContext {
  id: number;
  center_code: string;
  center_web_name: string;
  /** The center's IANA zone, as stored (the session answers it checked). */
  time_zone: string;
  /** null for a superadmin, who reaches every center without an assignment. */
  assignment_id: number | null;
  role_id: number | null;
  role_name: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 without a valid token for an active user, 403 for a center not theirs. */
    authenticate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that run it. */
    user: AuthUser;
    center: CenterContext | null;
    permissions: Permission[];
  }
}

export const CENTER_HEADER = "x-center-code";
export const SUPERADMIN_ROLE_NAME = "Superadmin";
export const NOT_ASSIGNED = "You are not assigned to this center";
export const NO_PERMISSION = "You don't have permission to access this page";
export const SECOND_FACTOR_REQUIRED = "Sign in with your second factor to continue";

interface AuthRow {
  id: number;
  username: string;
  fullname: string;
  user_type: string;
  active: boolean;
  token_version: number;
  center_id: number | null;
  center_code: string | null;
  center_web_name: string | null;
  time_zone: string | null;
  assignment_id: number | null;
  role_id: number | null;
  role_name: string | null;
  permissions: Permission[];
  needs_second_factor: boolean;
}

// One round trip per request: the user, the named center, the user's assignment there and the
// role's permissions. PGlite runs one query at a time, so round trips are what costs.
const AUTH_QUERY = `
  SELECT u.id, u.username, u.fullname, u.user_type, u.active, u.token_version,
         c.id AS center_id, c.center_code, c.center_web_name, c.time_zone,
         a.id AS assignment_id, r.id AS role_id, r.name AS role_name,
         ${permissionsJson("r")} AS permissions,
         -- Only asked of a session without a second factor: for one with it, nothing more to read.
         CASE WHEN $5::boolean THEN false
              ELSE ${usesSecondFactorSql("u")} OR ${mustUseSecondFactorSql("u", "$4")} END AS needs_second_factor
  FROM users u
  LEFT JOIN centers c ON c.center_code = $2
  LEFT JOIN assignments a ON a.user_id = u.id AND a.center_id = c.id
  LEFT JOIN roles r ON r.id = a.role_id
  WHERE u.id = $1
    AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = $3 AND s.user_id = u.id AND s.ended_at IS NULL AND s.expires_at > now())`;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function centerHeader(request: FastifyRequest): string | null {
  const value = request.headers[CENTER_HEADER];
  const code = (Array.isArray(value) ? value[0] : value)?.trim();
  return code ? code : null;
}

/**
 * The routes anyone may call. Every other route under /api (and the push registration) needs a
 * signed-in user: a new route is closed until it is added here. The second step of a sign-in
 * carries its own proof of the password (a ticket, server/twoFactor/tickets.ts).
 */
const PUBLIC_ROUTES: readonly RegExp[] = [
  /^\/api\/auth\/login$/,
  /^\/api\/auth\/login\/(second-factor|passkey-options|passkey|enrol|enrol\/confirm)$/,
  /^\/api\/health$/,
  /^\/api\/ready$/,
  /^\/api\/public(\/|$)/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
];

export function needsSignIn(url: string): boolean {
  return (url.startsWith("/api/") || url.startsWith("/_firebase/")) && !PUBLIC_ROUTES.some((pattern) => pattern.test(url));
}

export default globalPlugin("auth", async (app) => {
  // Authenticated by default: the check runs first, before a route's own hooks and its validation,
  // so a caller without a valid token learns nothing about the route.
  app.addHook("onRoute", (route) => {
    if (!needsSignIn(route.url)) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [app.authenticate, ...own];
  });

  app.decorateRequest("user", null as unknown as AuthUser);
  app.decorateRequest("center", null);
  app.decorateRequest("permissions", null as unknown as Permission[]);

  app.decorate("authenticate", async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await app.tokens.verify(token);
    if (!claims) {
      // A sign-in that is waiting for its second step (or for an authenticator to be set up)
      // reaches nothing else, and the console hears why.
      if (await app.twoFactor.tickets.verify(token)) throw unauthorized(SECOND_FACTOR_REQUIRED, ERROR_CODES.secondFactorRequired);
      throw unauthorized();
    }
    const identity = await resolveIdentity(app.db, claims, centerHeader(request), app.twoFactor.requireByDefault);
    request.user = identity.user;
    request.center = identity.center;
    request.permissions = identity.permissions;
  });
});

export interface Identity {
  user: AuthUser;
  center: CenterContext | null;
  permissions: Permission[];
}

/**
 * Who a verified token belongs to, at center `code`: 401 for a user who is gone, disabled, signed
 * out or holds an old token version, or whose session passed no second factor when they use one
 * or must (`requireByDefault`: the defaults of server/twoFactor/policy.ts); 403 for a center that
 * is not theirs. REST requests and realtime handshakes both go through here, so they accept
 * exactly the same tokens.
 */
export async function resolveIdentity(db: Db, claims: TokenClaims, code: string | null, requireByDefault: boolean): Promise<Identity> {
  // Ids beyond int4 cannot exist and would make PostgreSQL raise instead of returning no row.
  if (claims.userId > 2_147_483_647) throw unauthorized();
  // No row: an unknown user, or a session that was ended (sign-out) or has expired.
  // Asked on every request: prepared once per connection.
  const { rows } = await db.query<AuthRow>(AUTH_QUERY, [claims.userId, code, claims.sessionId, requireByDefault, claims.secondFactor], {
    name: "auth_identity",
  });
  const row = rows[0];
  if (!row || !row.active || row.token_version !== claims.tokenVersion) throw unauthorized();
  if (row.needs_second_factor) throw unauthorized(SECOND_FACTOR_REQUIRED, ERROR_CODES.secondFactorRequired);

  const isSuperadmin = row.user_type === "superadmin";
  const user: AuthUser = {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    user_type: row.user_type,
    isSuperadmin,
    sessionId: claims.sessionId,
    secondFactor: claims.secondFactor,
  };

  if (isSuperadmin) {
    if (code === null) return { user, center: null, permissions: ALL_PERMISSIONS };
    if (row.center_id === null) throw forbidden("Center not found");
    const center = {
      id: row.center_id,
      center_code: row.center_code!,
      center_web_name: row.center_web_name!,
      time_zone: row.time_zone!,
      assignment_id: null,
      role_id: null,
      role_name: SUPERADMIN_ROLE_NAME,
    };
    return { user, center, permissions: ALL_PERMISSIONS };
  }

  if (code === null) return { user, center: null, permissions: [] };
  if (row.assignment_id === null) throw forbidden(NOT_ASSIGNED);
  const center = {
    id: row.center_id!,
    center_code: row.center_code!,
    center_web_name: row.center_web_name!,
    time_zone: row.time_zone!,
    assignment_id: row.assignment_id,
    role_id: row.role_id,
    role_name: row.role_name!,
  };
  return { user, center, permissions: completePermissions(row.permissions.map(toNumbers)) };
}

// smallint arrives as a number from json_agg on both drivers; Number() keeps that a guarantee.
function toNumbers(p: Permission): Permission {
  return {
    permission_key: p.permission_key,
    allow_read: Number(p.allow_read),
    allow_create: Number(p.allow_create),
    allow_update: Number(p.allow_update),
    allow_delete: Number(p.allow_delete),
  };
}

/** preHandler to put after `app.authenticate` on routes that need one permission. */
export function requirePermission(key: PermissionKey, mode: PermissionMode) {
  return async function checkPermission(request: FastifyRequest, _reply: FastifyReply) {
    if (!allows(request.permissions ?? [], key, mode)) throw forbidden(NO_PERMISSION);
  };
}
