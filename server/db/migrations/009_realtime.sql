-- socket.io's PostgreSQL adapter fans events out between API instances with NOTIFY; a packet over
-- NOTIFY's 8,000-byte limit travels through this table instead (the adapter deletes old rows).
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
