-- Users and roles edited from the console: a version per record for optimistic locking (a save
-- carries the version it read; a stale one is refused), and role names unique regardless of case.

ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE UNIQUE INDEX roles_name_lower_key ON roles (lower(name));

-- The last-superadmin guard counts these on every demotion, disable and delete.
CREATE INDEX users_active_superadmin_idx ON users (id) WHERE user_type = 'superadmin' AND active;
