-- Failed sign-ins per account name (lower-cased, whether or not such an account exists, so the
-- answer says nothing about which do), counted across every address and every instance: past a
-- few, each next try must wait longer. A success removes the row; a day without failures forgets it.
CREATE TABLE IF NOT EXISTS login_failures (
  username       text PRIMARY KEY,
  failures       integer NOT NULL DEFAULT 0,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_failures_age_idx ON login_failures (last_failed_at);
