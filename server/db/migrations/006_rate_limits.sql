-- Rate-limit counters shared by every instance (PostgreSQL mode): one row per key and window.
-- UNLOGGED: counters need no crash safety, and skipping the WAL keeps each increment cheap.
CREATE UNLOGGED TABLE rate_limits (
  key        text PRIMARY KEY,
  count      integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
