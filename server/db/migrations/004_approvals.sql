-- Approvals: a record of an approval type has a live version (what the public read API serves,
-- the last approved one) and at most one open change request. Types without approval go live on
-- every save. Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

ALTER TABLE documents
  -- The approved snapshot; NULL until a first approval (or for a type without approval, never).
  ADD COLUMN live_data    jsonb,
  -- The document version at which live_data went live, and when.
  ADD COLUMN live_version integer,
  ADD COLUMN live_at      timestamptz,
  -- The record's latest change request (open or decided): its state shows on lists and forms.
  ADD COLUMN request_id   bigint;

CREATE TABLE change_requests (
  id                bigserial PRIMARY KEY,
  document_id       bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  -- The definition's name; its queue comes from the definition, so moving a type between queues
  -- needs no data change.
  resource          text NOT NULL,
  center_code       text,
  change            text NOT NULL CHECK (change IN ('create', 'update', 'delete')),
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  -- The record's title as proposed, for queues and their search.
  title             text NOT NULL DEFAULT '',
  search            tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED,
  proposed          jsonb NOT NULL,
  -- The document version that holds the proposal: a decision taken on an older one is stale.
  version           integer NOT NULL,
  note              text,
  submitted_by      integer REFERENCES users (id) ON DELETE SET NULL,
  submitted_by_name text,
  submitted_at      timestamptz NOT NULL DEFAULT now(),
  decided_by        integer REFERENCES users (id) ON DELETE SET NULL,
  decided_by_name   text,
  decided_at        timestamptz,
  -- Why a request was rejected (required then); an approval's optional comment.
  reason            text,
  comment           text
);
-- At most one open request per record: a second concurrent submission fails instead of forking.
CREATE UNIQUE INDEX change_requests_open_key ON change_requests (document_id) WHERE status = 'pending';
-- Queues: open requests of some resources at one center (or all), oldest or newest first.
CREATE INDEX change_requests_queue_idx ON change_requests (status, resource, center_code, submitted_at DESC, id DESC);
CREATE INDEX change_requests_document_idx ON change_requests (document_id, id DESC);
CREATE INDEX change_requests_search_idx ON change_requests USING gin (search);

-- History rows now also record decisions and restores, and which request they belong to.
ALTER TABLE document_versions DROP CONSTRAINT document_versions_action_check;
ALTER TABLE document_versions ADD CONSTRAINT document_versions_action_check
  CHECK (action IN ('create', 'update', 'delete', 'approve', 'reject', 'withdraw', 'restore'));
ALTER TABLE document_versions ADD COLUMN request_id bigint;
-- A center's history (every version of every link of one center), newest first.
CREATE INDEX document_versions_center_idx ON document_versions (center_code, at DESC);

-- The public read API: live records of a type at a center, newest first.
CREATE INDEX documents_live_idx ON documents (resource, center_code, live_at DESC, id DESC)
  WHERE live_data IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX documents_live_all_idx ON documents (resource, live_at DESC, id DESC)
  WHERE live_data IS NOT NULL AND deleted_at IS NULL;

-- Records written before approvals existed: published ones are live; pending ones get their
-- open request (a create, as none of them was ever approved).
UPDATE documents SET live_data = data, live_version = version, live_at = updated_at
  WHERE status = 'published' AND deleted_at IS NULL;
INSERT INTO change_requests (document_id, resource, center_code, change, title, proposed, version, submitted_by, submitted_by_name, submitted_at)
  SELECT d.id, d.resource, d.center_code, 'create', '', d.data, d.version, d.updated_by, u.fullname, d.updated_at
  FROM documents d LEFT JOIN users u ON u.id = d.updated_by
  WHERE d.status = 'pending' AND d.deleted_at IS NULL;
UPDATE documents d SET request_id = r.id FROM change_requests r WHERE r.document_id = d.id AND r.status = 'pending';
