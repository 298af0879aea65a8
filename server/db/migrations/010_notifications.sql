-- The notification centre: what a user was told (a decision on their change, a change to review,
-- someone else's edit of their record), read or not. Kept per user, newest first; the server
-- removes a user's read ones after 90 days. Plain SQL that PostgreSQL 15 and PGlite both accept.
CREATE TABLE IF NOT EXISTS notifications (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- protocol/realtime.ts's NotificationKind is the one list of kinds (a new source adds its own).
  kind        text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  -- The console path it opens (/app/posts/history/12).
  link        text NOT NULL,
  resource    text,
  record_id   bigint,
  center_code text,
  actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
  -- Kept as it was, so the entry reads right after a rename or a deleted user.
  actor_name  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
-- A user's page, newest first, and their unread count (a small partial index: read ones leave it).
CREATE INDEX IF NOT EXISTS notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
-- actor_id is a foreign key: deleting a user would otherwise scan the table.
CREATE INDEX IF NOT EXISTS notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;

-- The sign-in session that registered a push token: a sign-out removes that browser's token, so the
-- next person on it gets nothing of the last one's.
ALTER TABLE push_tokens ADD COLUMN IF NOT EXISTS session_id text;
CREATE INDEX IF NOT EXISTS push_tokens_session_idx ON push_tokens (session_id) WHERE session_id IS NOT NULL;
-- A token the push service calls unregistered is removed whoever holds it.
CREATE INDEX IF NOT EXISTS push_tokens_token_idx ON push_tokens (token_md5);
