-- Second factors at sign-in: an authenticator app (TOTP), single-use recovery codes and passkeys
-- (WebAuthn), and whether a role requires one. Plain SQL that PostgreSQL 15 and PGlite both accept.

-- A role may require its holders to use a second factor (server/twoFactor/policy.ts adds the
-- defaults: superadmins and roles that approve, manage centers or manage users).
ALTER TABLE roles ADD COLUMN IF NOT EXISTS mfa_required boolean NOT NULL DEFAULT false;

-- One authenticator per user. The secret is encrypted (AES-256-GCM, server/twoFactor/secretBox.ts);
-- confirmed_at stays null until the user has typed a first code from it. last_step is the time
-- step of the last code accepted: a code is taken only for a later step, so one code is used
-- once, whichever instance receives it.
CREATE TABLE IF NOT EXISTS user_totp (
  user_id      integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret       text NOT NULL,
  confirmed_at timestamptz,
  last_step    bigint,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Ten per user, shown once. A code is a public selector (to find its row) and a secret part
-- hashed like a password; used_at set means used.
CREATE TABLE IF NOT EXISTS user_recovery_codes (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  selector   text NOT NULL,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, selector)
);

CREATE TABLE IF NOT EXISTS user_passkeys (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- base64url, as WebAuthn names a credential.
  credential_id text NOT NULL UNIQUE,
  -- The COSE public key, base64url.
  public_key    text NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  -- What the browser said the authenticator speaks (usb, internal, hybrid…), comma-separated.
  transports    text,
  name          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX IF NOT EXISTS user_passkeys_user_idx ON user_passkeys (user_id);

-- Things usable once, across instances: a passkey ceremony's challenge (deleted when answered)
-- and a sign-in ticket that has been used (kept until it would have expired anyway).
CREATE TABLE IF NOT EXISTS two_factor_nonces (
  nonce      text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS two_factor_nonces_expiry_idx ON two_factor_nonces (expires_at);
CREATE INDEX IF NOT EXISTS two_factor_nonces_user_idx ON two_factor_nonces (user_id);
