-- The generic documents engine: every record of every content type (resources/*.ts with the
-- default engine) is one row here, its fields in `data`. A new content type needs no migration:
-- the server creates its expression indexes at start (server/definitions/indexes.ts).
-- Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

CREATE TABLE documents (
  id          bigserial PRIMARY KEY,
  -- The definition's name (posts, careers, ...).
  resource    text NOT NULL,
  -- NULL for a global resource.
  center_code text REFERENCES centers (center_code) ON UPDATE CASCADE,
  data        jsonb NOT NULL,
  -- The searchable fields as plain text, written by the server.
  search_text text NOT NULL DEFAULT '',
  search      tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
  status      text NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  created_by  integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by  integer REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- A deleted record stays (its history too) but no list or lookup shows it.
  deleted_at  timestamptz
);
-- The default list order, per center and across centers (superadmin). DESC index columns are
-- NULLS FIRST, matching `ORDER BY created_at DESC`; both columns are NOT NULL anyway.
CREATE INDEX documents_center_created_idx ON documents (resource, center_code, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX documents_created_idx ON documents (resource, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX documents_search_idx ON documents USING gin (search);

-- Every write appends one row: the full snapshot after the change, who made it and why.
CREATE TABLE document_versions (
  document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  version     integer NOT NULL,
  action      text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  data        jsonb NOT NULL,
  status      text NOT NULL,
  center_code text,
  actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
  -- Kept as it was at the time, so history reads right after a rename or a deleted user.
  actor_name  text,
  note        text,
  at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, version)
);

CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);

-- Live records per resource and center ('' for a global resource), kept by statement triggers
-- (bulk loads included), so an unfiltered list's total is one row instead of counting ~all rows
-- of a center on every page.
CREATE TABLE document_counts (
  resource    text NOT NULL,
  center_code text NOT NULL,
  n           bigint NOT NULL,
  PRIMARY KEY (resource, center_code)
);

CREATE FUNCTION document_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO document_counts AS c (resource, center_code, n)
    SELECT resource, COALESCE(center_code, ''), -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ON CONFLICT (resource, center_code) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO document_counts AS c (resource, center_code, n)
    SELECT resource, COALESCE(center_code, ''), count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ON CONFLICT (resource, center_code) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with transition tables takes one event each.
CREATE TRIGGER documents_count_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER documents_count_update AFTER UPDATE ON documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER documents_count_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_counts_apply();
