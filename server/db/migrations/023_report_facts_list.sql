-- A drill-down's page of facts (one center, one kind, a range of days, oldest first) read in
-- index order, stopping at the page's end, and counted from the index alone. A fact's day is the
-- center-local day of its instant, so day then instant is the order of instants.
CREATE INDEX report_facts_list_idx ON report_facts (center_code, kind, day, at, id);
