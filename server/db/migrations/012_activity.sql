-- The activity log reads the audit rows: which sign-in session wrote each (its address and
-- browser are the session's), and indexes for its filters, newest first.
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS session_id text;
CREATE INDEX IF NOT EXISTS audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_entity_idx ON audit_log (entity, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_center_idx ON audit_log ((detail->>'center_code'), at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_recent_idx ON audit_log (at DESC, id DESC);
