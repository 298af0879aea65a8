-- Uploaded images live in the database, so every API instance behind a load balancer serves the
-- same files and a backup of the database is a backup of everything. Names are server-chosen and
-- immutable: a changed picture is a new upload.
CREATE TABLE uploads (
  name         text PRIMARY KEY,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  size         integer NOT NULL,
  created_by   integer REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
