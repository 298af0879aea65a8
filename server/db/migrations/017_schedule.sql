-- A publishing calendar (server/schedule/): an approved change may wait for its go-live time, and
-- a record may come down at a take-down time. The public read API applies both windows itself, at
-- the instant it answers; a periodic sweep then makes each transition's side effects happen once.
-- Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- Writes wait until this commits: the live counters below start from a count that no write can
-- slip past before the new trigger exists (other instances may be running while one migrates).
LOCK TABLE documents IN SHARE ROW EXCLUSIVE MODE;

ALTER TABLE documents
  -- An approved version waiting for its time: it goes live at go_live_at, the live one (if any)
  -- is served until then. Both set or both null.
  ADD COLUMN IF NOT EXISTS go_live_at   timestamptz,
  ADD COLUMN IF NOT EXISTS next_data    jsonb,
  ADD COLUMN IF NOT EXISTS next_version integer,
  -- The record comes down (whatever version is live) at this time.
  ADD COLUMN IF NOT EXISTS take_down_at timestamptz;
ALTER TABLE documents ADD CONSTRAINT documents_next_check CHECK ((go_live_at IS NULL) = (next_data IS NULL));
ALTER TABLE documents ADD CONSTRAINT documents_window_check CHECK (go_live_at IS NULL OR take_down_at IS NULL OR take_down_at > go_live_at);

-- The schedule a change proposes, approved with it.
ALTER TABLE change_requests
  ADD COLUMN IF NOT EXISTS go_live_at   timestamptz,
  ADD COLUMN IF NOT EXISTS take_down_at timestamptz;

-- When each version was on the website: from when it went live until it was replaced, taken down
-- or deleted (null while it still is).
ALTER TABLE document_versions
  ADD COLUMN IF NOT EXISTS live_from  timestamptz,
  ADD COLUMN IF NOT EXISTS live_until timestamptz;
-- Versions written before: each approval of a create or an edit went live when it was decided, and
-- each save of a type without approval when it was made; each stayed until the next version went
-- live or the record was deleted.
UPDATE document_versions SET live_from = at
  WHERE status = 'published' AND action IN ('approve', 'create', 'update', 'restore');
UPDATE document_versions v SET live_until = (
    SELECT min(n.at) FROM document_versions n
    WHERE n.document_id = v.document_id AND n.version > v.version AND (n.live_from IS NOT NULL OR n.status = 'deleted'))
  WHERE v.live_from IS NOT NULL;
-- The calendar's past: what went live and what came down at a center in a range of days.
CREATE INDEX IF NOT EXISTS document_versions_live_from_idx ON document_versions (center_code, live_from) WHERE live_from IS NOT NULL;
CREATE INDEX IF NOT EXISTS document_versions_live_until_idx ON document_versions (center_code, live_until) WHERE live_until IS NOT NULL;

-- The sweep finds due transitions in these (few rows: only records with a schedule waiting).
CREATE INDEX IF NOT EXISTS documents_go_live_idx ON documents (go_live_at) WHERE go_live_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_take_down_idx ON documents (take_down_at) WHERE take_down_at IS NOT NULL AND deleted_at IS NULL;

-- The public list: live records in order, their schedule columns in the index, so its window is
-- applied to index entries alone (an index-only scan; the few a past-due go-live or take-down
-- takes out are skipped there). Records whose go-live is due come from documents_go_live_idx.
DROP INDEX IF EXISTS documents_live_idx;
DROP INDEX IF EXISTS documents_live_all_idx;
CREATE INDEX IF NOT EXISTS documents_live_window_idx ON documents (resource, center_code, live_at DESC, id DESC)
  INCLUDE (go_live_at, take_down_at) WHERE live_data IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS documents_live_window_all_idx ON documents (resource, live_at DESC, id DESC)
  INCLUDE (go_live_at, take_down_at) WHERE live_data IS NOT NULL AND deleted_at IS NULL;

-- Records with a live version per resource and center, beside the count of every record: the
-- public list's total without counting ~all of a center's live rows on every call (it corrects
-- this by the few records whose go-live or take-down is past due).
ALTER TABLE document_counts ADD COLUMN IF NOT EXISTS live bigint NOT NULL DEFAULT 0;
INSERT INTO document_counts AS c (resource, center_code, n, live)
SELECT resource, COALESCE(center_code, ''), count(*), count(*) FILTER (WHERE live_data IS NOT NULL)
FROM documents WHERE deleted_at IS NULL GROUP BY 1, 2
ON CONFLICT (resource, center_code) DO UPDATE SET n = EXCLUDED.n, live = EXCLUDED.live;

-- Old rows count -1 and new rows +1, netted per key: an edit that changes neither count writes no
-- counter (before, every write updated its center's row twice), and keys are written in one order.
CREATE OR REPLACE FUNCTION document_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO document_counts AS c (resource, center_code, n, live)
    SELECT resource, COALESCE(center_code, ''), count(*),
           count(*) FILTER (WHERE live_data IS NOT NULL)
    FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (resource, center_code) DO UPDATE SET n = c.n + EXCLUDED.n, live = c.live + EXCLUDED.live;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO document_counts AS c (resource, center_code, n, live)
    SELECT resource, COALESCE(center_code, ''), -count(*),
           -count(*) FILTER (WHERE live_data IS NOT NULL)
    FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (resource, center_code) DO UPDATE SET n = c.n + EXCLUDED.n, live = c.live + EXCLUDED.live;
  ELSE
    INSERT INTO document_counts AS c (resource, center_code, n, live)
    SELECT resource, center_code, sum(n), sum(live) FROM (
      SELECT resource, COALESCE(center_code, '') AS center_code, 1 AS n,
             (live_data IS NOT NULL)::int AS live
      FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT resource, COALESCE(center_code, ''), -1, -(live_data IS NOT NULL)::int
      FROM old_rows WHERE deleted_at IS NULL
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(live) <> 0 ORDER BY 1, 2
    ON CONFLICT (resource, center_code) DO UPDATE SET n = c.n + EXCLUDED.n, live = c.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END
$$;
