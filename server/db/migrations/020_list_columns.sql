-- The columns each user has hidden in each list of the console, so a laptop's tables keep the
-- same room on every browser the user signs in on. `list` is the list's console path.
CREATE TABLE IF NOT EXISTS user_list_columns (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list       text NOT NULL,
  hidden     jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, list)
);
