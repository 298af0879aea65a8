-- Reports (server/reports/): facts written in the transaction of the event they record (a
-- conversation started, its first staff reply, a resolution, an approval decision), rolled up per
-- center-local day by a job that claims the days to roll (any instance, each day once per change).
-- Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

-- Each center's business hours, in its own time zone: response and resolution times count only
-- the time the center is open (a question on Friday evening answered on Monday at 08:05 waited
-- five minutes). ISO weekdays, 1 = Monday.
ALTER TABLE centers
  ADD COLUMN IF NOT EXISTS business_days   smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  ADD COLUMN IF NOT EXISTS business_opens  time NOT NULL DEFAULT '08:00',
  ADD COLUMN IF NOT EXISTS business_closes time NOT NULL DEFAULT '17:00';
ALTER TABLE centers ADD CONSTRAINT centers_business_hours_check
  CHECK (business_closes > business_opens AND business_days <@ '{1,2,3,4,5,6,7}'::smallint[]);

CREATE TABLE report_facts (
  id               bigserial PRIMARY KEY,
  center_code      text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('conversation', 'first_reply', 'resolution', 'decision')),
  -- The center-local day of `at`, in the center's zone when it happened: a conversation started
  -- at 23:50 WITA stays on that WITA day whatever the server's or the reader's zone.
  day              date NOT NULL,
  at               timestamptz NOT NULL,
  -- What the time is measured from: the conversation's start, the request's submission.
  started_at       timestamptz NOT NULL,
  conversation_id  bigint,
  request_id       bigint,
  -- Who replied, resolved or decided (kept when the user is deleted: the figure stays theirs).
  user_id          integer,
  user_name        text,
  outcome          text CHECK (outcome IN ('approved', 'rejected')),
  resource         text,
  -- started_at to at within the center's business hours; set by the rollup.
  business_seconds integer
);
-- One start and one first reply per conversation, one decision per request, however often the
-- code that writes them runs; resolutions are events (a conversation reopened and resolved again
-- counts twice there, once among resolved conversations).
CREATE UNIQUE INDEX report_facts_conversation_key ON report_facts (conversation_id) WHERE kind = 'conversation';
CREATE UNIQUE INDEX report_facts_first_reply_key ON report_facts (conversation_id) WHERE kind = 'first_reply';
CREATE UNIQUE INDEX report_facts_decision_key ON report_facts (request_id) WHERE kind = 'decision';
CREATE INDEX report_facts_day_idx ON report_facts (center_code, day, kind);

-- The days whose facts changed since they were last rolled up. The rollup claims rows here
-- (FOR UPDATE SKIP LOCKED, deleted as it rolls them): an instance never rolls a day another is
-- rolling, and a fact written meanwhile marks its day again.
CREATE TABLE report_pending_days (
  center_code text NOT NULL,
  day         date NOT NULL,
  PRIMARY KEY (center_code, day)
);

CREATE FUNCTION report_facts_mark_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_pending_days (center_code, day)
  SELECT DISTINCT center_code, day FROM new_rows ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER report_facts_mark_day AFTER INSERT ON report_facts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_facts_mark_day();

-- Per center, day and staff member (user_id 0: the whole center). Medians and 90th percentiles
-- are in business seconds; null when the day has nothing to measure.
CREATE TABLE report_days (
  center_code            text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE ON DELETE CASCADE,
  day                    date NOT NULL,
  user_id                integer NOT NULL,
  user_name              text,
  conversations          integer NOT NULL DEFAULT 0,
  first_replies          integer NOT NULL DEFAULT 0,
  first_reply_median     integer,
  first_reply_p90        integer,
  resolutions            integer NOT NULL DEFAULT 0,
  resolved_conversations integer NOT NULL DEFAULT 0,
  resolution_median      integer,
  resolution_p90         integer,
  decisions              integer NOT NULL DEFAULT 0,
  approved               integer NOT NULL DEFAULT 0,
  rejected               integer NOT NULL DEFAULT 0,
  decision_median        integer,
  decision_p90           integer,
  rolled_at              timestamptz NOT NULL,
  PRIMARY KEY (center_code, day, user_id)
);

-- Seconds from a to b that fall within the business hours (days, opens–closes) of zone: each
-- local day of the span, cut to its opening hours. Local midnight-to-midnight days in the zone,
-- so a zone with daylight saving gets its real hours too.
CREATE FUNCTION report_business_seconds(a timestamptz, b timestamptz, zone text, days smallint[], opens time, closes time)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(GREATEST(0, extract(epoch FROM
           LEAST(b, (g.d::date + closes) AT TIME ZONE zone) - GREATEST(a, (g.d::date + opens) AT TIME ZONE zone)))), 0)::integer
  FROM generate_series((a AT TIME ZONE zone)::date::timestamp, (b AT TIME ZONE zone)::date::timestamp, interval '1 day') AS g(d)
  WHERE b > a AND extract(isodow FROM g.d)::smallint = ANY (days)
$$;

-- Facts for what happened before this migration (and for the demo data, which the seed writes
-- directly): conversations, their first staff reply, the current resolution of resolved ones
-- (its time is the conversation's last activity: resolving writes the last line), and decided
-- requests. Safe to run again: what is there already is left.
CREATE FUNCTION report_backfill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_facts (center_code, kind, day, at, started_at, conversation_id)
  SELECT c.center_code, 'conversation', (c.created_at AT TIME ZONE z.time_zone)::date, c.created_at, c.created_at, c.id
  FROM chat_conversations c JOIN centers z ON z.center_code = c.center_code
  ON CONFLICT DO NOTHING;

  INSERT INTO report_facts (center_code, kind, day, at, started_at, conversation_id, user_id, user_name)
  SELECT c.center_code, 'first_reply', (m.created_at AT TIME ZONE z.time_zone)::date, m.created_at, c.created_at, c.id, m.author_id, m.author_name
  FROM chat_conversations c JOIN centers z ON z.center_code = c.center_code
  CROSS JOIN LATERAL (
    SELECT created_at, author_id, author_name FROM chat_messages
    WHERE conversation_id = c.id AND kind = 'staff' ORDER BY id LIMIT 1) m
  ON CONFLICT DO NOTHING;

  INSERT INTO report_facts (center_code, kind, day, at, started_at, conversation_id, user_id, user_name)
  SELECT c.center_code, 'resolution', (c.last_activity_at AT TIME ZONE z.time_zone)::date, c.last_activity_at, c.created_at, c.id, c.assignee_id, u.fullname
  FROM chat_conversations c JOIN centers z ON z.center_code = c.center_code LEFT JOIN users u ON u.id = c.assignee_id
  WHERE c.status = 'resolved'
    AND NOT EXISTS (SELECT 1 FROM report_facts f WHERE f.kind = 'resolution' AND f.conversation_id = c.id);

  INSERT INTO report_facts (center_code, kind, day, at, started_at, request_id, user_id, user_name, outcome, resource)
  SELECT r.center_code, 'decision', (r.decided_at AT TIME ZONE z.time_zone)::date, r.decided_at, r.submitted_at, r.id,
         r.decided_by, r.decided_by_name, r.status, r.resource
  FROM change_requests r JOIN centers z ON z.center_code = r.center_code
  WHERE r.status IN ('approved', 'rejected') AND r.decided_at IS NOT NULL
  ON CONFLICT DO NOTHING;
$$;

SELECT report_backfill();
