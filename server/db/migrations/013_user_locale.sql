-- The console's language each user chose (null: not chosen; the browser's language applies).
ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text CHECK (locale IN ('en', 'id'));
