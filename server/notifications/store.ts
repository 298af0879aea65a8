// Reads and writes of the notifications table: a user's entries, newest first, and their unread count.
import type { NotificationItem, NotificationKind } from "../../protocol/realtime.js";
import type { Db } from "../db/client.js";
import type { Actor } from "../documents/repository.js";
import { isoOrNull } from "../lib/dates.js";

/** A notification to store for one user. */
export interface Draft {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  resource: string | null;
  recordId: number | null;
  centerCode: string | null;
  actor: Actor | null;
  /** The title and body in Indonesian, for recipients who use the console in it. */
  id?: { title: string; body: string };
}

export interface Stored {
  userId: number;
  item: NotificationItem;
  /** The user's unread count with this one. */
  unread: number;
}

/** Read notifications older than this go (with any older than a year, read or not). */
export const KEEP_READ_DAYS = 90;

const COLUMNS =
  "id::text AS id, user_id, kind, title, body, link, resource, record_id::text AS record_id, center_code, actor_id, actor_name, created_at, read_at";

function toItem(row: Record<string, any>): NotificationItem {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    resource: row.resource,
    record_id: row.record_id === null ? null : Number(row.record_id),
    center_code: row.center_code,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? "" },
    created_at: isoOrNull(row.created_at)!,
    read_at: isoOrNull(row.read_at),
  };
}

/**
 * Stores the drafts in one statement and answers each with its user's unread count. A recipient
 * deleted or disabled meanwhile gets nothing; an actor deleted meanwhile is kept by name only.
 */
export async function storeNotifications(db: Db, drafts: readonly Draft[]): Promise<Stored[]> {
  if (drafts.length === 0) return [];
  const rows = drafts.map((d) => ({
    user_id: d.userId,
    kind: d.kind,
    title: d.title.slice(0, 500),
    body: d.body.slice(0, 2000),
    title_id: d.id?.title.slice(0, 500) ?? null,
    body_id: d.id?.body.slice(0, 2000) ?? null,
    link: d.link,
    resource: d.resource,
    record_id: d.recordId,
    center_code: d.centerCode,
    actor_id: d.actor?.id ?? null,
    actor_name: d.actor?.name ?? null,
  }));
  // The count is read from the snapshot before the insert: each user gets one new entry, so +1.
  const { rows: stored } = await db.query(
    `WITH ins AS (
       INSERT INTO notifications (user_id, kind, title, body, link, resource, record_id, center_code, actor_id, actor_name)
       SELECT x.user_id, x.kind,
              -- In the language the recipient uses the console in.
              CASE WHEN u.locale = 'id' AND x.title_id IS NOT NULL THEN x.title_id ELSE x.title END,
              CASE WHEN u.locale = 'id' AND x.body_id IS NOT NULL THEN x.body_id ELSE x.body END,
              x.link, x.resource, x.record_id, x.center_code,
              (SELECT a.id FROM users a WHERE a.id = x.actor_id), x.actor_name
       FROM json_to_recordset($1::text::json) AS x(user_id int, kind text, title text, body text, title_id text, body_id text, link text, resource text,
                                                   record_id bigint, center_code text, actor_id int, actor_name text)
       JOIN users u ON u.id = x.user_id AND u.active
       RETURNING ${COLUMNS}
     )
     SELECT ins.*, (SELECT count(*)::int FROM notifications n WHERE n.user_id = ins.user_id AND n.read_at IS NULL) + 1 AS unread
     FROM ins ORDER BY ins.id::bigint`,
    [JSON.stringify(rows)],
  );
  return stored.map((row) => ({ userId: row.user_id, item: toItem(row), unread: row.unread }));
}

export interface NotificationPage {
  docs: NotificationItem[];
  totalDocs: number;
  unread: number;
}

/** One page of a user's notifications (or of their unread ones), newest first, with the counts. */
export async function listNotifications(db: Db, userId: number, page: number, limit: number, unreadOnly: boolean): Promise<NotificationPage> {
  // The counts row joins the page, so an empty page still answers them in the same round trip.
  const { rows } = await db.query(
    `WITH page AS (
       SELECT ${COLUMNS} FROM notifications
       WHERE user_id = $1 AND (NOT $2::boolean OR read_at IS NULL)
       ORDER BY notifications.id DESC LIMIT $3 OFFSET $4
     ), counts AS (
       SELECT (SELECT count(*)::int FROM notifications WHERE user_id = $1 AND (NOT $2::boolean OR read_at IS NULL)) AS total_docs,
              (SELECT count(*)::int FROM notifications WHERE user_id = $1 AND read_at IS NULL) AS unread
     )
     SELECT counts.total_docs, counts.unread, page.* FROM counts LEFT JOIN page ON true ORDER BY page.id::bigint DESC`,
    [userId, unreadOnly, limit, (page - 1) * limit],
  );
  const first = rows[0]!;
  return { docs: rows.filter((r) => r.id !== null).map(toItem), totalDocs: first.total_docs, unread: first.unread };
}

/** Marks one of the user's notifications read; their unread count after, or null when it is not theirs. */
export async function markRead(db: Db, userId: number, id: number): Promise<number | null> {
  const { rows } = await db.query<{ found: boolean; unread: number }>(
    `WITH target AS (
       SELECT id, read_at FROM notifications WHERE id = $1 AND user_id = $2
     ), upd AS (
       UPDATE notifications SET read_at = now() WHERE id IN (SELECT id FROM target WHERE read_at IS NULL) RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM target) AS found,
            (SELECT count(*)::int FROM notifications WHERE user_id = $2 AND read_at IS NULL) - (SELECT count(*)::int FROM upd) AS unread`,
    [id, userId],
  );
  const row = rows[0]!;
  if (!row.found) return null;
  await prune(db, userId);
  return row.unread;
}

/** Marks all the user's notifications read; their unread count after (0, unless one arrived meanwhile). */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  await db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL", [userId]);
  await prune(db, userId);
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL", [userId]);
  return rows[0]!.n;
}

/** Keeps a user's list bounded in time: run when they read, through their own index. */
async function prune(db: Db, userId: number): Promise<void> {
  await db.query(
    `DELETE FROM notifications WHERE user_id = $1
       AND (read_at < now() - make_interval(days => $2) OR created_at < now() - interval '1 year')`,
    [userId, KEEP_READ_DAYS],
  );
}
