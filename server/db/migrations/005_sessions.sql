-- Sign-in sessions: every token names its session, and a session can end before its token
-- expires (sign-out, an administrator ending a user's sessions). A token whose session has ended
-- stops working at once, on every instance.
CREATE TABLE sessions (
  id         text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at   timestamptz,
  -- Where it was opened from, for an administrator looking at a user's sessions.
  ip         text,
  user_agent text
);
CREATE INDEX sessions_user_open_idx ON sessions (user_id) WHERE ended_at IS NULL;
