-- Each center's IANA time zone: Indonesia spans WIB (Asia/Jakarta), WITA (Asia/Makassar) and WIT
-- (Asia/Jayapura). Times are stored as instants; this says how a center's people read them.
ALTER TABLE centers ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT 'Asia/Jakarta';
