-- A record's latest change request (documents.request_id) looked up from the request's side: a
-- person's own changes that are still their records' latest (the welcome page) are found without
-- reading every record.
CREATE INDEX IF NOT EXISTS documents_request_idx ON documents (request_id) WHERE request_id IS NOT NULL;
