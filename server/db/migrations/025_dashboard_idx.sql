-- What the welcome page and the calendar read, each found by an index instead of by reading
-- every waiting change or every open conversation at a busy center.

-- A range's scheduled transitions counted from the index alone: it carries what the count and its
-- scope need (the sweep finds due records through them as before).
CREATE INDEX IF NOT EXISTS documents_go_live_cover_idx ON documents (go_live_at) INCLUDE (resource, center_code, id)
  WHERE go_live_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_take_down_cover_idx ON documents (take_down_at) INCLUDE (resource, center_code, id)
  WHERE take_down_at IS NOT NULL AND deleted_at IS NULL;
DROP INDEX IF EXISTS documents_go_live_idx;
DROP INDEX IF EXISTS documents_take_down_idx;

-- Changes waiting for approval that propose a go-live or take-down time, by that time.
CREATE INDEX IF NOT EXISTS change_requests_pending_go_live_idx ON change_requests (go_live_at) WHERE status = 'pending' AND go_live_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS change_requests_pending_take_down_idx ON change_requests (take_down_at) WHERE status = 'pending' AND take_down_at IS NOT NULL;

-- A person's own changes still waiting or rejected.
CREATE INDEX IF NOT EXISTS change_requests_submitter_idx ON change_requests (submitted_by, center_code) WHERE status IN ('pending', 'rejected');

-- The open conversation waiting longest for a reply at a center.
CREATE INDEX IF NOT EXISTS chat_conversations_waiting_idx ON chat_conversations (center_code, waiting_since, id) WHERE status = 'open' AND waiting_since IS NOT NULL;
