-- Centers, roles with per-key permissions, users, their center assignments, push tokens, audit.
-- Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

CREATE TABLE centers (
  id              serial PRIMARY KEY,
  center_code     text NOT NULL UNIQUE,
  center_web_name text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id         serial PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_permissions (
  role_id        integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission_key text NOT NULL CHECK (permission_key IN (
    'approval_management', 'center_management', 'content_management',
    'career_management', 'user_management')),
  allow_read     smallint NOT NULL DEFAULT 0 CHECK (allow_read IN (0, 1)),
  allow_create   smallint NOT NULL DEFAULT 0 CHECK (allow_create IN (0, 1)),
  allow_update   smallint NOT NULL DEFAULT 0 CHECK (allow_update IN (0, 1)),
  allow_delete   smallint NOT NULL DEFAULT 0 CHECK (allow_delete IN (0, 1)),
  PRIMARY KEY (role_id, permission_key)
);

CREATE TABLE users (
  id            serial PRIMARY KEY,
  -- Kept as typed; uniqueness (and login lookup) ignores case through the index below.
  username      text NOT NULL,
  password_hash text NOT NULL,
  fullname      text NOT NULL,
  email         text,
  user_type     text NOT NULL CHECK (user_type = 'superadmin' OR user_type LIKE 'center\_%'),
  active        boolean NOT NULL DEFAULT true,
  -- Bumped on password change or disable: every token carrying an older value stops working.
  token_version integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));

CREATE TABLE assignments (
  id        serial PRIMARY KEY,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  center_id integer NOT NULL REFERENCES centers (id),
  role_id   integer NOT NULL REFERENCES roles (id),
  UNIQUE (user_id, center_id)
);
-- Foreign keys are not indexed by PostgreSQL itself; deleting a center or role scans without these.
CREATE INDEX assignments_center_id_idx ON assignments (center_id);
CREATE INDEX assignments_role_id_idx ON assignments (role_id);

CREATE TABLE push_tokens (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  fcm_token  text NOT NULL,
  -- A B-tree entry holds at most ~2.7 kB, less than the 4096 characters a token may have:
  -- the key uses a digest of the token instead of the token.
  token_md5  text GENERATED ALWAYS AS (md5(fcm_token)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, token_md5)
);

CREATE TABLE audit_log (
  id        bigserial PRIMARY KEY,
  actor_id  integer,
  action    text NOT NULL,
  entity    text,
  entity_id text,
  at        timestamptz NOT NULL DEFAULT now(),
  detail    jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
