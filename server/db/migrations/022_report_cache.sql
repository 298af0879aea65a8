-- A report's range figures (its totals and per-staff rows, with medians and 90th percentiles) are
-- read from every fact in the range: at a busy center, tens of thousands of rows a call. They
-- change only when the rollup rolls one of the center's days (a pending day's facts are left out
-- until then), so they are kept, per range, until the center's next roll.
-- report_rolls.generation counts the center's rolls; a kept answer names the generation it was
-- read at and is served only while that is still the center's.
CREATE TABLE report_rolls (
  center_code text PRIMARY KEY REFERENCES centers (center_code) ON UPDATE CASCADE ON DELETE CASCADE,
  generation bigint NOT NULL DEFAULT 0
);

CREATE TABLE report_range_cache (
  center_code text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE ON DELETE CASCADE,
  from_day date NOT NULL,
  to_day date NOT NULL,
  generation bigint NOT NULL,
  figures jsonb NOT NULL,
  PRIMARY KEY (center_code, from_day, to_day)
);
