-- Customer chats: the website's visitors (contacts) talk to a center's staff in conversations.
CREATE TABLE chat_contacts (
  id           bigserial PRIMARY KEY,
  center_code  text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE,
  name         text NOT NULL,
  email        text,
  phone        text,
  language     text,
  first_page   text,
  referrer     text,
  last_seen_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_contacts_center_idx ON chat_contacts (center_code, lower(email)) WHERE email IS NOT NULL;

-- The next conversation number of each center (#1, #2, … per center), taken under a row lock.
CREATE TABLE chat_counters (
  center_code text PRIMARY KEY REFERENCES centers (center_code) ON UPDATE CASCADE,
  last_number integer NOT NULL DEFAULT 0
);

CREATE TABLE chat_conversations (
  id                 bigserial PRIMARY KEY,
  center_code        text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE,
  number             integer NOT NULL,
  contact_id         bigint NOT NULL REFERENCES chat_contacts (id) ON DELETE CASCADE,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'snoozed', 'resolved')),
  assignee_id        integer REFERENCES users (id) ON DELETE SET NULL,
  snoozed_until      timestamptz,
  -- Since when the visitor waits for an answer; null once staff replied after their last message.
  waiting_since      timestamptz,
  first_reply_at     timestamptz,
  last_activity_at   timestamptz NOT NULL DEFAULT now(),
  -- How many messages the visitor wrote: a staff member's unread count is this less the count
  -- when they last read (chat_reads), so no list counts messages one by one.
  visitor_messages   integer NOT NULL DEFAULT 0,
  -- The last message the visitor could see, shortened, for the list.
  preview            text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (center_code, number)
);
-- The inbox's lists: a center's conversations of one status, newest activity first, whole or by assignee.
CREATE INDEX chat_conversations_inbox_idx ON chat_conversations (center_code, status, last_activity_at DESC, id DESC);
CREATE INDEX chat_conversations_assignee_idx ON chat_conversations (center_code, status, assignee_id, last_activity_at DESC, id DESC);
CREATE INDEX chat_conversations_contact_idx ON chat_conversations (contact_id, created_at DESC);
-- The unread total: a center's conversations not resolved (few, beside the resolved ones).
CREATE INDEX chat_conversations_active_idx ON chat_conversations (center_code) INCLUDE (id, visitor_messages) WHERE status <> 'resolved';
CREATE INDEX chat_conversations_snoozed_idx ON chat_conversations (snoozed_until) WHERE status = 'snoozed';

CREATE TABLE chat_messages (
  id              bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('visitor', 'staff', 'note', 'activity')),
  body            text NOT NULL,
  attachment      text,
  author_id       integer REFERENCES users (id) ON DELETE SET NULL,
  author_name     text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
-- A thread, paged backwards from a message.
CREATE INDEX chat_messages_thread_idx ON chat_messages (conversation_id, id DESC);

-- How far each staff member has read each conversation: its visitor_messages when they last read it.
CREATE TABLE chat_reads (
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  read_count      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, conversation_id)
);
CREATE INDEX chat_reads_conversation_idx ON chat_reads (conversation_id);

CREATE TABLE chat_canned_replies (
  id          serial PRIMARY KEY,
  center_code text NOT NULL REFERENCES centers (center_code) ON UPDATE CASCADE,
  short_code  text NOT NULL,
  body        text NOT NULL,
  created_by  integer REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_canned_replies_code_idx ON chat_canned_replies (center_code, lower(short_code));

