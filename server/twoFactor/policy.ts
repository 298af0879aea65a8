// Who must use a second factor: a user holding a role marked `mfa_required` at any center; and,
// with the defaults on (TWO_FACTOR_DEFAULTS, on with PostgreSQL), every superadmin and every
// holder of a role that can approve, manage centers or manage users (any of create, update or
// delete on those keys). Read on every request that lacks a second factor, so a role changed to
// require one takes effect on its holders' next call.
import type { Db } from "../db/client.js";

/** The keys whose writes change what the website shows or who may do what. */
export const GUARDED_KEYS = ["approval_management", "center_management", "user_management"] as const;

/**
 * SQL: whether the user aliased `u` must use a second factor; `defaults` is the placeholder of a
 * boolean parameter (whether the defaults are on).
 */
export const mustUseSecondFactorSql = (u: string, defaults: string) => `(
  (${u}.user_type = 'superadmin' AND ${defaults}::boolean)
  OR EXISTS (
    SELECT 1 FROM assignments fa JOIN roles fr ON fr.id = fa.role_id
    WHERE fa.user_id = ${u}.id
      AND (fr.mfa_required OR (${defaults}::boolean AND EXISTS (
        SELECT 1 FROM role_permissions frp
        WHERE frp.role_id = fr.id
          AND frp.permission_key IN (${GUARDED_KEYS.map((k) => `'${k}'`).join(", ")})
          AND (frp.allow_create = 1 OR frp.allow_update = 1 OR frp.allow_delete = 1))))))`;

/** SQL: whether the user aliased `u` has set up an authenticator (and so signs in with a second step). */
export const usesSecondFactorSql = (u: string) => `EXISTS (SELECT 1 FROM user_totp ft WHERE ft.user_id = ${u}.id AND ft.confirmed_at IS NOT NULL)`;

export interface SecondFactorState {
  /** An authenticator is set up: every sign-in takes a second step. */
  enrolled: boolean;
  /** Their roles require one. */
  required: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function secondFactorState(db: Db, userId: number, requireByDefault: boolean): Promise<SecondFactorState> {
  const { rows } = await db.query<{ enrolled: boolean; required: boolean; passkeys: number; recovery: number }>(
    `SELECT ${usesSecondFactorSql("u")} AS enrolled, ${mustUseSecondFactorSql("u", "$2")} AS required,
            (SELECT count(*)::int FROM user_passkeys p WHERE p.user_id = u.id) AS passkeys,
            (SELECT count(*)::int FROM user_recovery_codes c WHERE c.user_id = u.id AND c.used_at IS NULL) AS recovery
     FROM users u WHERE u.id = $1`,
    [userId, requireByDefault],
  );
  const row = rows[0];
  return {
    enrolled: !!row?.enrolled,
    required: !!row?.required,
    passkeys: row?.passkeys ?? 0,
    recoveryCodesLeft: row?.recovery ?? 0,
  };
}
