-- The inbox list without counting conversations on every page: its tabs' counts and the caller's
-- unread total come from counters kept by triggers, in the transaction that changes what they
-- count, so they stay exact. At 100,000 conversations, counting a center's 28,000 resolved ones
-- (a tab count) and its 5,000 open ones against the caller's read marks (the unread total) cost
-- more than the rest of the list together (`npm run bench`).

-- Writes wait until this migration commits: the counters start from a count that no write can
-- slip past before the triggers exist (other instances may be running while one migrates).
LOCK TABLE chat_conversations, chat_reads IN SHARE ROW EXCLUSIVE MODE;

-- How many conversations each center has per status and assignee (0: nobody), and how many of
-- them the visitor wrote in (visitor_messages > 0: the ones that can be unread).
-- No foreign key to centers: a renamed center moves its rows through the triggers (the
-- conversations' own ON UPDATE CASCADE), and a cascade here too would move them twice.
CREATE TABLE chat_conversation_counts (
  center_code   text NOT NULL,
  status        text NOT NULL,
  assignee_id   integer NOT NULL,
  conversations integer NOT NULL,
  written       integer NOT NULL,
  PRIMARY KEY (center_code, status, assignee_id)
);

-- Per staff member and center: the conversations not resolved that the visitor wrote in and that
-- this member has read to the end (chat_reads.read_count >= visitor_messages). Their unread total
-- is the center's written conversations not resolved less this. No foreign keys, for the same
-- reason (a deleted user's row stays, unread by anyone).
CREATE TABLE chat_caught_up (
  user_id       integer NOT NULL,
  center_code   text NOT NULL,
  conversations integer NOT NULL,
  PRIMARY KEY (user_id, center_code)
);

INSERT INTO chat_conversation_counts (center_code, status, assignee_id, conversations, written)
SELECT center_code, status, COALESCE(assignee_id, 0), count(*), count(*) FILTER (WHERE visitor_messages > 0)
FROM chat_conversations GROUP BY 1, 2, 3;

INSERT INTO chat_caught_up (user_id, center_code, conversations)
SELECT r.user_id, c.center_code, count(*) FROM chat_reads r JOIN chat_conversations c ON c.id = r.conversation_id
WHERE c.status <> 'resolved' AND c.visitor_messages > 0 AND r.read_count >= c.visitor_messages
GROUP BY 1, 2;

-- Statement triggers (a bulk load is one upsert per key). Old rows count -1 and new rows +1,
-- netted per key: the UPDATE that every message makes (activity, preview) nets to nothing and
-- writes no counter; and the keys are written in one order, so two transactions do not lock the
-- same counters in opposite orders.
CREATE FUNCTION chat_conversation_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new conversation has no read marks yet.
    INSERT INTO chat_conversation_counts AS k (center_code, status, assignee_id, conversations, written)
    SELECT center_code, status, COALESCE(assignee_id, 0), count(*), count(*) FILTER (WHERE visitor_messages > 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (center_code, status, assignee_id) DO UPDATE
      SET conversations = k.conversations + EXCLUDED.conversations, written = k.written + EXCLUDED.written;
  ELSIF TG_OP = 'DELETE' THEN
    -- Their read marks were counted off before (chat_conversations_uncount_reads).
    UPDATE chat_conversation_counts k SET conversations = k.conversations - d.n, written = k.written - d.w
    FROM (SELECT center_code, status, COALESCE(assignee_id, 0) AS assignee_id, count(*) AS n, count(*) FILTER (WHERE visitor_messages > 0) AS w
          FROM old_rows GROUP BY 1, 2, 3) d
    WHERE (k.center_code, k.status, k.assignee_id) = (d.center_code, d.status, d.assignee_id);
  ELSE
    INSERT INTO chat_conversation_counts AS k (center_code, status, assignee_id, conversations, written)
    SELECT center_code, status, assignee_id, sum(n), sum(w) FROM (
      SELECT center_code, status, COALESCE(assignee_id, 0) AS assignee_id, 1 AS n, (visitor_messages > 0)::int AS w FROM new_rows
      UNION ALL
      SELECT center_code, status, COALESCE(assignee_id, 0), -1, -(visitor_messages > 0)::int FROM old_rows
    ) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(w) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (center_code, status, assignee_id) DO UPDATE
      SET conversations = k.conversations + EXCLUDED.conversations, written = k.written + EXCLUDED.written;
    -- A visitor's message, a status to or from resolved, a move to another center: whoever had
    -- read to the end is counted again.
    INSERT INTO chat_caught_up AS k (user_id, center_code, conversations)
    SELECT r.user_id, d.center_code, sum(d.n) FROM (
      SELECT id, center_code, visitor_messages, 1 AS n FROM new_rows WHERE status <> 'resolved' AND visitor_messages > 0
      UNION ALL
      SELECT id, center_code, visitor_messages, -1 FROM old_rows WHERE status <> 'resolved' AND visitor_messages > 0
    ) d JOIN chat_reads r ON r.conversation_id = d.id AND r.read_count >= d.visitor_messages
    GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (user_id, center_code) DO UPDATE SET conversations = k.conversations + EXCLUDED.conversations;
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with transition tables takes one event each.
CREATE TRIGGER chat_conversations_count_insert AFTER INSERT ON chat_conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_conversation_counts_apply();
CREATE TRIGGER chat_conversations_count_update AFTER UPDATE ON chat_conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_conversation_counts_apply();
CREATE TRIGGER chat_conversations_count_delete AFTER DELETE ON chat_conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_conversation_counts_apply();

-- A deleted conversation's read marks go by cascade, after which neither side can tell what they
-- counted: they are counted off before, while both are there.
CREATE FUNCTION chat_conversations_uncount_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'resolved' AND OLD.visitor_messages > 0 THEN
    UPDATE chat_caught_up k SET conversations = k.conversations - 1
    FROM chat_reads r
    WHERE r.conversation_id = OLD.id AND r.read_count >= OLD.visitor_messages AND k.user_id = r.user_id AND k.center_code = OLD.center_code;
  END IF;
  RETURN OLD;
END
$$;
CREATE TRIGGER chat_conversations_uncount_reads BEFORE DELETE ON chat_conversations
  FOR EACH ROW EXECUTE FUNCTION chat_conversations_uncount_reads();

-- A read mark set, moved or removed. The conversation is locked (FOR SHARE) before its counters
-- are read: a visitor's message committed meanwhile would otherwise be counted against the old
-- mark by its own trigger and the new mark measured against the old message count by this one.
CREATE FUNCTION chat_reads_caught_up_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM chat_conversations WHERE id IN (SELECT conversation_id FROM new_rows) ORDER BY id FOR SHARE;
    INSERT INTO chat_caught_up AS k (user_id, center_code, conversations)
    SELECT d.user_id, c.center_code, count(*) FROM new_rows d JOIN chat_conversations c ON c.id = d.conversation_id
    WHERE c.status <> 'resolved' AND c.visitor_messages > 0 AND d.read_count >= c.visitor_messages
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, center_code) DO UPDATE SET conversations = k.conversations + EXCLUDED.conversations;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM chat_conversations WHERE id IN (SELECT conversation_id FROM old_rows) ORDER BY id FOR SHARE;
    UPDATE chat_caught_up k SET conversations = k.conversations - d.n
    FROM (SELECT d.user_id, c.center_code, count(*) AS n FROM old_rows d JOIN chat_conversations c ON c.id = d.conversation_id
          WHERE c.status <> 'resolved' AND c.visitor_messages > 0 AND d.read_count >= c.visitor_messages GROUP BY 1, 2) d
    WHERE k.user_id = d.user_id AND k.center_code = d.center_code;
  ELSE
    PERFORM 1 FROM chat_conversations WHERE id IN (SELECT conversation_id FROM new_rows UNION SELECT conversation_id FROM old_rows) ORDER BY id FOR SHARE;
    INSERT INTO chat_caught_up AS k (user_id, center_code, conversations)
    SELECT d.user_id, c.center_code, sum(d.n) FROM (
      SELECT user_id, conversation_id, read_count, 1 AS n FROM new_rows
      UNION ALL
      SELECT user_id, conversation_id, read_count, -1 FROM old_rows
    ) d JOIN chat_conversations c ON c.id = d.conversation_id
    WHERE c.status <> 'resolved' AND c.visitor_messages > 0 AND d.read_count >= c.visitor_messages
    GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
    ON CONFLICT (user_id, center_code) DO UPDATE SET conversations = k.conversations + EXCLUDED.conversations;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER chat_reads_count_insert AFTER INSERT ON chat_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_reads_caught_up_apply();
CREATE TRIGGER chat_reads_count_update AFTER UPDATE ON chat_reads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_reads_caught_up_apply();
CREATE TRIGGER chat_reads_count_delete AFTER DELETE ON chat_reads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_reads_caught_up_apply();

-- Only the unread total read it, by visiting every conversation not resolved.
DROP INDEX IF EXISTS chat_conversations_active_idx;
