// Two-factor sign-in: what the server and the console say about second factors (REST). Plain
// types and constants, importing only types (from api.ts): the sign-in screen may import it.
import type { LoginAnswer } from "./api";

/** Codes of an error answer the console acts on (ErrorBody's `code`). */
export const ERROR_CODES = {
  /**
   * The token passed no second factor and this user must use one (their role now requires it, or
   * they use one): the console signs out, and signing in again asks for it (or sets it up).
   */
  secondFactorRequired: "second_factor_required",
} as const;

/** An authenticator's code: 6 digits every 30 seconds (the spec's one-time-code input, 6 characters). */
export const CODE_LENGTH = 6;

export type SecondStepMethod = "totp" | "recovery" | "passkey";

/**
 * POST /api/auth/login's `data` when the password was right and a second step must follow before
 * any session exists: `verify` asks for a second factor, `enrol` sets one up first.
 */
export interface SecondStepAnswer {
  second_step: "verify" | "enrol";
  /** Proof that the password was right, for the second step only: short-lived, used once, no session. */
  ticket: string;
  methods: SecondStepMethod[];
  fullname: string;
}

export type LoginResult = LoginAnswer | SecondStepAnswer;

/** POST /api/auth/login/second-factor: one of the two. */
export interface SecondFactorBody {
  ticket: string;
  code?: string;
  recovery_code?: string;
}
/** Its answer (and a passkey's): the session, and what is left of the recovery codes when one was used. */
export interface SecondFactorAnswer extends LoginAnswer {
  recovery_codes_left?: number;
}

/** POST /api/auth/login/enrol and POST /api/auth/two-factor/totp: the secret to show, as text and as a QR code's URI. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** POST /api/auth/login/enrol/confirm's answer: the session, and the recovery codes, shown once. */
export interface EnrolledAnswer extends LoginAnswer {
  recovery_codes: string[];
}

/** POST /api/auth/two-factor/totp/confirm's answer: this session's new token, and the recovery codes. */
export interface TotpConfirmed {
  token: string;
  recovery_codes: string[];
}

/** POST /api/auth/two-factor/recovery-codes's answer: ten new codes, shown once. */
export interface RecoveryCodesAnswer {
  recovery_codes: string[];
}

export interface PasskeyInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/auth/two-factor: the signed-in user's second factors. */
export interface TwoFactorStatus {
  totp: boolean;
  /** Their role (or being a superadmin) requires a second factor: it cannot be turned off. */
  required: boolean;
  recovery_codes_left: number;
  passkeys: PasskeyInfo[];
}
