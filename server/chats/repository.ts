// The SQL of customer chats. Every function takes the database (or a transaction) first.
import type {
  ChatMessage,
  ConversationDetail,
  ConversationStatus,
  ConversationSummary,
  InboxTab,
  MessageKind,
  TabCounts,
  VisitorMessage,
} from "../../protocol/chat.js";
import type { Db } from "../db/client.js";
import { isoOrNull } from "../lib/dates.js";

const PREVIEW_LENGTH = 140;
export const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text);

/** Which conversations a caller reaches: one center, or every center (a superadmin), maybe filtered. */
export type ChatScope = { kind: "center"; code: string } | { kind: "all"; filter?: string };

const scopeSql = (scope: ChatScope, param: number, alias = "c") =>
  scope.kind === "center" || scope.filter ? `${alias}.center_code = $${param}` : `$${param}::text IS NULL`;
const scopeValue = (scope: ChatScope) => (scope.kind === "center" ? scope.code : (scope.filter ?? null));

// The list's columns; $1 is always the caller's user id (for their unread mark).
const SUMMARY = `c.id::int AS id, c.number, c.center_code, c.status, c.snoozed_until, c.waiting_since, c.first_reply_at,
  c.last_activity_at, c.preview, c.created_at,
  ct.id::int AS contact_id, ct.name AS contact_name, ct.email AS contact_email, ct.phone AS contact_phone,
  u.id AS assignee_id, u.fullname AS assignee_name,
  GREATEST(c.visitor_messages - COALESCE(r.read_count, 0), 0) AS unread`;
// The same for a list page, with the assignee's name and the read mark as subqueries (see inboxPage).
const PAGE_SUMMARY = `c.id::int AS id, c.number, c.center_code, c.status, c.snoozed_until, c.waiting_since, c.first_reply_at,
  c.last_activity_at, c.preview, c.created_at,
  ct.id::int AS contact_id, ct.name AS contact_name, ct.email AS contact_email, ct.phone AS contact_phone,
  c.assignee_id, (SELECT u.fullname FROM users u WHERE u.id = c.assignee_id) AS assignee_name,
  GREATEST(c.visitor_messages - COALESCE((SELECT r.read_count FROM chat_reads r WHERE r.conversation_id = c.id AND r.user_id = $1), 0), 0) AS unread`;
const FROM = `FROM chat_conversations c
  JOIN chat_contacts ct ON ct.id = c.contact_id
  LEFT JOIN users u ON u.id = c.assignee_id
  LEFT JOIN chat_reads r ON r.conversation_id = c.id AND r.user_id = $1`;

function toSummary(row: Record<string, any>): ConversationSummary {
  return {
    id: Number(row.id),
    number: row.number,
    center_code: row.center_code,
    status: row.status,
    contact: { id: Number(row.contact_id), name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name },
    snoozed_until: isoOrNull(row.snoozed_until),
    waiting_since: isoOrNull(row.waiting_since),
    first_reply_at: isoOrNull(row.first_reply_at),
    last_activity_at: isoOrNull(row.last_activity_at)!,
    preview: row.preview,
    unread: Number(row.unread ?? 0),
    created_at: isoOrNull(row.created_at)!,
  };
}

export function toMessage(row: Record<string, any>): ChatMessage {
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    kind: row.kind,
    text: row.body,
    attachment: row.attachment,
    author:
      row.author_id === null || row.author_id === undefined
        ? row.author_name
          ? { id: 0, name: row.author_name }
          : null
        : { id: row.author_id, name: row.author_name },
    created_at: isoOrNull(row.created_at)!,
  };
}

/** What a visitor may see of a message (callers never pass a note or an activity). */
export function toVisitorMessage(m: ChatMessage): VisitorMessage {
  return {
    id: m.id,
    kind: m.kind === "visitor" ? "visitor" : "staff",
    text: m.text,
    attachment: m.attachment,
    author_name: m.kind === "visitor" ? null : (m.author?.name ?? null),
    created_at: m.created_at,
  };
}

/** Snoozed conversations whose time has come are open again (checked whenever an inbox lists). */
export async function wakeSnoozed(db: Db): Promise<void> {
  await db.query("UPDATE chat_conversations SET status = 'open', snoozed_until = NULL WHERE status = 'snoozed' AND snoozed_until <= now()");
}

export interface ListFilter {
  scope: ChatScope;
  status: ConversationStatus;
  tab: InboxTab;
  q?: string;
}

function filterSql(filter: ListFilter, params: unknown[]): string {
  const where = [scopeSql(filter.scope, params.push(scopeValue(filter.scope))), `c.status = $${params.push(filter.status)}`];
  if (filter.tab === "mine") where.push("c.assignee_id = $1");
  if (filter.tab === "unassigned") where.push("c.assignee_id IS NULL");
  if (filter.q) {
    const p = params.push(`%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    where.push(`(ct.name ILIKE $${p} OR ct.email ILIKE $${p} OR ct.phone ILIKE $${p}
      OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.kind IN ('visitor', 'staff', 'note') AND m.body ILIKE $${p}))`);
  }
  return where.join(" AND ");
}

/** The tabs' counts for a status: from the kept counters (migration 014) unless a search narrows them. */
function countsSql(filter: ListFilter, params: unknown[]): string {
  if (!filter.q) {
    const scope = scopeSql(filter.scope, params.push(scopeValue(filter.scope)), "k");
    return `SELECT COALESCE(sum(k.conversations) FILTER (WHERE k.assignee_id = $1), 0)::int AS tab_mine,
              COALESCE(sum(k.conversations) FILTER (WHERE k.assignee_id = 0), 0)::int AS tab_unassigned,
              COALESCE(sum(k.conversations), 0)::int AS tab_all
       FROM chat_conversation_counts k WHERE ${scope} AND k.status = $${params.push(filter.status)}`;
  }
  return `SELECT count(*) FILTER (WHERE c.assignee_id = $1)::int AS tab_mine, count(*) FILTER (WHERE c.assignee_id IS NULL)::int AS tab_unassigned,
            count(*)::int AS tab_all
     FROM chat_conversations c JOIN chat_contacts ct ON ct.id = c.contact_id WHERE ${filterSql({ ...filter, tab: "all" }, params)}`;
}

/**
 * Conversations not resolved with messages this user has not read: the sidebar's and the tab
 * title's count. The ones the visitor wrote in less the ones this user read to the end, both kept
 * by triggers (migration 014), so no conversation is visited. $1 is the user; `param` the scope.
 */
const unreadSql = (scope: ChatScope, param: number) =>
  `SELECT ((SELECT COALESCE(sum(k.written), 0) FROM chat_conversation_counts k WHERE ${scopeSql(scope, param, "k")} AND k.status <> 'resolved')
    - (SELECT COALESCE(sum(u.conversations), 0) FROM chat_caught_up u WHERE u.user_id = $1 AND ${scopeSql(scope, param, "u")}))::int AS unread_total`;

/**
 * What an inbox list shows, in one round trip: a page of conversations, the tabs' counts for its
 * status and search, and the caller's unread total.
 */
export async function inboxPage(db: Db, userId: number, filter: ListFilter, page: number, limit: number) {
  const params: unknown[] = [userId];
  const pageWhere = filterSql(filter, params);
  const contacts = filter.q ? "JOIN chat_contacts ct ON ct.id = c.contact_id" : "";
  // The page's ids come from the index alone (a deep page skips index entries, not rows); the
  // assignee's name and the caller's read mark are subqueries of the 25 rows rather than joins,
  // which PostgreSQL plans in two thirds of the time: planning is most of what this statement costs.
  const { rows } = await db.query(
    `WITH page AS (
       SELECT c.id, c.last_activity_at FROM chat_conversations c ${contacts}
       WHERE ${pageWhere} ORDER BY c.last_activity_at DESC, c.id DESC LIMIT $${params.push(limit)} OFFSET $${params.push((page - 1) * limit)}
     )
     SELECT counts.*, unread.*, rows.* FROM (${countsSql(filter, params)}) counts
     CROSS JOIN (${unreadSql(filter.scope, params.push(scopeValue(filter.scope)))}) unread
     LEFT JOIN (
       SELECT ${PAGE_SUMMARY}, p.last_activity_at AS sort_at FROM page p JOIN chat_conversations c ON c.id = p.id
         JOIN chat_contacts ct ON ct.id = c.contact_id
     ) rows ON true
     ORDER BY rows.sort_at DESC NULLS LAST, rows.id DESC`,
    params,
  );
  const first = rows[0] ?? { tab_mine: 0, tab_unassigned: 0, tab_all: 0, unread_total: 0 };
  return {
    docs: rows.filter((r) => r.id !== null && r.id !== undefined).map(toSummary),
    counts: { mine: first.tab_mine, unassigned: first.tab_unassigned, all: first.tab_all } as TabCounts,
    unreadTotal: first.unread_total as number,
  };
}

export async function unreadTotal(db: Db, userId: number, scope: ChatScope): Promise<number> {
  const { rows } = await db.query<{ unread_total: number }>(unreadSql(scope, 2), [userId, scopeValue(scope)]);
  return rows[0]?.unread_total ?? 0;
}

export async function getConversation(db: Db, userId: number, scope: ChatScope, id: number, lock = false): Promise<ConversationSummary | null> {
  if (lock) {
    // Locked alone (FOR UPDATE cannot lock the outer-joined side): writes to one conversation queue.
    const locked = await db.query("SELECT 1 FROM chat_conversations WHERE id = $1 FOR UPDATE", [id]);
    if (locked.rows.length === 0) return null;
  }
  const { rows } = await db.query(`SELECT ${SUMMARY} ${FROM} WHERE c.id = $2 AND ${scopeSql(scope, 3)}`, [userId, id, scopeValue(scope)]);
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function conversationDetail(db: Db, summary: ConversationSummary): Promise<ConversationDetail> {
  const [contact, past] = await Promise.all([
    db.query(`SELECT id::int AS id, name, email, phone, language, first_page, referrer, last_seen_at, created_at FROM chat_contacts WHERE id = $1`, [
      summary.contact.id,
    ]),
    db.query(
      `SELECT id::int AS id, number, status, created_at, preview FROM chat_conversations WHERE contact_id = $1 AND id <> $2 ORDER BY created_at DESC LIMIT 20`,
      [summary.contact.id, summary.id],
    ),
  ]);
  const c = contact.rows[0]!;
  return {
    ...summary,
    contact: { ...c, id: Number(c.id), last_seen_at: isoOrNull(c.last_seen_at), created_at: isoOrNull(c.created_at)! },
    past: past.rows.map((p) => ({ id: Number(p.id), number: p.number, status: p.status, created_at: isoOrNull(p.created_at)!, preview: p.preview })),
  };
}

/** A page of a thread, oldest first, ending before message `before` (or at the newest). */
export async function messagesPage(db: Db, conversationId: number, opts: { before?: number; limit: number; visitor?: boolean }) {
  const kinds = opts.visitor ? ["visitor", "staff"] : ["visitor", "staff", "note", "activity"];
  const { rows } = await db.query(
    `SELECT id::int AS id, conversation_id::int AS conversation_id, kind, body, attachment, author_id, author_name, created_at
     FROM chat_messages WHERE conversation_id = $1 AND kind = ANY($2) AND ($3::bigint IS NULL OR id < $3)
     ORDER BY id DESC LIMIT $4`,
    [conversationId, kinds, opts.before ?? null, opts.limit + 1],
  );
  const hasMore = rows.length > opts.limit;
  return { messages: rows.slice(0, opts.limit).reverse().map(toMessage), hasMore };
}

export interface NewMessage {
  conversationId: number;
  kind: MessageKind;
  text: string;
  attachment?: string | null;
  author?: { id: number; name: string } | null;
  /** A visitor's name, on their messages. */
  authorName?: string | null;
}

/** Adds a message and moves the conversation on (activity, preview, waiting, first reply, unread mark). */
export async function insertMessage(tx: Db, m: NewMessage): Promise<ChatMessage> {
  const { rows } = await tx.query(
    `INSERT INTO chat_messages (conversation_id, kind, body, attachment, author_id, author_name)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id::int AS id, conversation_id::int AS conversation_id, kind, body, attachment, author_id, author_name, created_at`,
    [m.conversationId, m.kind, m.text, m.attachment ?? null, m.author?.id ?? null, m.author?.name ?? m.authorName ?? null],
  );
  const message = toMessage(rows[0]!);
  const shown = m.text || (m.attachment ? "📷" : "");
  if (m.kind === "visitor") {
    await tx.query(
      `UPDATE chat_conversations SET last_activity_at = now(), preview = $2, visitor_messages = visitor_messages + 1,
         waiting_since = COALESCE(waiting_since, now()),
         status = CASE WHEN status = 'pending' THEN 'pending' ELSE 'open' END, snoozed_until = NULL
       WHERE id = $1`,
      [m.conversationId, preview(shown)],
    );
  } else if (m.kind === "staff") {
    await tx.query(
      `UPDATE chat_conversations SET last_activity_at = now(), preview = $2, waiting_since = NULL, first_reply_at = COALESCE(first_reply_at, now())
       WHERE id = $1`,
      [m.conversationId, preview(shown)],
    );
  } else {
    await tx.query("UPDATE chat_conversations SET last_activity_at = now() WHERE id = $1", [m.conversationId]);
  }
  return message;
}

export async function nextNumber(tx: Db, centerCode: string): Promise<number> {
  const { rows } = await tx.query<{ last_number: number }>(
    `INSERT INTO chat_counters (center_code, last_number) VALUES ($1, 1)
     ON CONFLICT (center_code) DO UPDATE SET last_number = chat_counters.last_number + 1 RETURNING last_number`,
    [centerCode],
  );
  return rows[0]!.last_number;
}

export async function markRead(db: Db, userId: number, conversationId: number): Promise<void> {
  await db.query(
    `INSERT INTO chat_reads (user_id, conversation_id, read_count)
     SELECT $1, id, visitor_messages FROM chat_conversations WHERE id = $2
     ON CONFLICT (user_id, conversation_id) DO UPDATE SET read_count = GREATEST(chat_reads.read_count, EXCLUDED.read_count)`,
    [userId, conversationId],
  );
}

/** An inbox's tab counts for one status (the kept counters, as the list's tabs read them). */
export async function tabCounts(db: Db, userId: number, scope: ChatScope, status: ConversationStatus): Promise<TabCounts> {
  const params: unknown[] = [userId];
  const { rows } = await db.query<{ tab_mine: number; tab_unassigned: number; tab_all: number }>(countsSql({ scope, status, tab: "all" }, params), params);
  const row = rows[0] ?? { tab_mine: 0, tab_unassigned: 0, tab_all: 0 };
  return { mine: row.tab_mine, unassigned: row.tab_unassigned, all: row.tab_all };
}

/** The open conversation whose visitor has waited longest for a reply, or null. */
export async function longestWaiting(db: Db, userId: number, scope: ChatScope): Promise<ConversationSummary | null> {
  const { rows } = await db.query(
    `SELECT ${SUMMARY} ${FROM} WHERE ${scopeSql(scope, 2)} AND c.status = 'open' AND c.waiting_since IS NOT NULL
     ORDER BY c.waiting_since, c.id LIMIT 1`,
    [userId, scopeValue(scope)],
  );
  return rows[0] ? toSummary(rows[0]) : null;
}
