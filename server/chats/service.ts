// The inbox's operations: each runs in one transaction (the conversation locked first), leaves an
// activity line where a person would want one ("Assigned to Rina"), and is heard live after it commits.
import { toInstant } from "../lib/dates.js";
import { ACTIVITY_WORDS, type ConversationStatus, type ConversationSummary } from "../../protocol/chat.js";
import type { Db } from "../db/client.js";
import { badRequest, forbidden, notFound } from "../plugins/errors.js";
import { recordFact } from "../reports/facts.js";
import { getConversation, insertMessage, type ChatScope } from "./repository.js";

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const NOT_YOURS_TO_REASSIGN = "Only the assignee or a center manager can reassign this conversation";
export const NOT_A_COLLEAGUE = "Choose someone who works at this center";
export const EMPTY_MESSAGE = "Write a message or attach an image";
export const SNOOZE_IN_FUTURE = "Choose a time in the future";

export interface StaffActor {
  id: number;
  name: string;
  /** May reassign a conversation someone else holds. */
  mayReassign: boolean;
}

async function locked(tx: Db, actor: StaffActor, scope: ChatScope, id: number): Promise<ConversationSummary> {
  const conversation = await getConversation(tx, actor.id, scope, id, true);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

const reread = async (tx: Db, actor: StaffActor, scope: ChatScope, id: number) => (await getConversation(tx, actor.id, scope, id))!;

export async function sendStaffMessage(
  tx: Db,
  actor: StaffActor,
  scope: ChatScope,
  id: number,
  input: { text?: string; kind?: "reply" | "note"; attachment?: string | null },
  /** The app's clock: when the reply happened, for the reports. */
  now = Date.now(),
) {
  const text = (input.text ?? "").trim();
  if (!text && !input.attachment) throw badRequest({ text: EMPTY_MESSAGE });
  if (input.attachment) {
    const name = input.attachment.slice("/uploads/".length);
    const { rows } = await tx.query("SELECT 1 FROM uploads WHERE name = $1", [name]);
    if (rows.length === 0) throw badRequest({ attachment: "must be an image uploaded here" });
  }
  const before = await locked(tx, actor, scope, id);
  const kind = input.kind === "note" ? "note" : "staff";
  // Whoever answers an unassigned conversation takes it, as in most inboxes. The line saying so
  // is written first: a thread reads in the order of its ids, and the take comes with the reply.
  let activity = null;
  if (kind === "staff" && before.assignee === null) {
    await tx.query("UPDATE chat_conversations SET assignee_id = $2 WHERE id = $1", [id, actor.id]);
    activity = await insertMessage(tx, {
      conversationId: id,
      kind: "activity",
      text: `${actor.name} ${ACTIVITY_WORDS.took}`,
      author: { id: actor.id, name: actor.name },
    });
  }
  const message = await insertMessage(tx, { conversationId: id, kind, text, attachment: input.attachment ?? null, author: { id: actor.id, name: actor.name } });
  if (kind === "staff" && before.first_reply_at === null) {
    await recordFact(tx, { kind: "first_reply", centerCode: before.center_code, at: now, conversationId: id, user: { id: actor.id, name: actor.name } });
  }
  return { message, activity, conversation: await reread(tx, actor, scope, id) };
}

export async function assign(tx: Db, actor: StaffActor, scope: ChatScope, id: number, assigneeId: number | null) {
  const current = await locked(tx, actor, scope, id);
  const heldByOther = current.assignee !== null && current.assignee.id !== actor.id;
  if (heldByOther && !actor.mayReassign) throw forbidden(NOT_YOURS_TO_REASSIGN);
  if (current.assignee?.id === (assigneeId ?? undefined) || (current.assignee === null && assigneeId === null)) {
    return { conversation: current, activity: null };
  }
  let name: string | null = null;
  if (assigneeId !== null) {
    // A colleague: active, and assigned at the conversation's center (or a superadmin).
    const { rows } = await tx.query<{ fullname: string }>(
      `SELECT u.fullname FROM users u WHERE u.id = $1 AND u.active
         AND (u.user_type = 'superadmin' OR EXISTS (SELECT 1 FROM assignments a JOIN centers c ON c.id = a.center_id WHERE a.user_id = u.id AND c.center_code = $2))`,
      [assigneeId, current.center_code],
    );
    if (!rows[0]) throw badRequest({ assignee_id: NOT_A_COLLEAGUE });
    name = rows[0].fullname;
  }
  await tx.query("UPDATE chat_conversations SET assignee_id = $2 WHERE id = $1", [id, assigneeId]);
  const text =
    assigneeId === null
      ? `${actor.name} ${ACTIVITY_WORDS.unassigned}`
      : assigneeId === actor.id
        ? `${actor.name} ${ACTIVITY_WORDS.took}`
        : `${actor.name} ${ACTIVITY_WORDS.assignedTo}${name}`;
  const activity = await insertMessage(tx, { conversationId: id, kind: "activity", text, author: { id: actor.id, name: actor.name } });
  return { conversation: await reread(tx, actor, scope, id), activity };
}

export async function setStatus(
  tx: Db,
  actor: StaffActor,
  scope: ChatScope,
  id: number,
  status: ConversationStatus,
  snoozedUntil: string | null,
  /** The app's clock: when a resolution happened, for the reports. */
  now = Date.now(),
) {
  const current = await locked(tx, actor, scope, id);
  if (status === "snoozed") {
    if (!snoozedUntil) throw badRequest({ snoozed_until: "Choose until when" });
    if (new Date(snoozedUntil).getTime() <= Date.now()) throw badRequest({ snoozed_until: SNOOZE_IN_FUTURE });
  }
  // Checked by the route's schema ("date-time"), so toInstant reads it.
  const until = status === "snoozed" && snoozedUntil ? toInstant(snoozedUntil) : null;
  if (current.status === status && current.snoozed_until === until) return { conversation: current, activity: null };
  await tx.query("UPDATE chat_conversations SET status = $2, snoozed_until = $3 WHERE id = $1", [id, status, until]);
  // Every resolution is an event (reopened and resolved again: two); reports also count them by conversation.
  if (status === "resolved" && current.status !== "resolved") {
    await recordFact(tx, { kind: "resolution", centerCode: current.center_code, at: now, conversationId: id, user: { id: actor.id, name: actor.name } });
  }
  const when = until ? `${ACTIVITY_WORDS.until}${new Date(until).toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
  const activity = await insertMessage(tx, {
    conversationId: id,
    kind: "activity",
    text: `${actor.name} ${ACTIVITY_WORDS[status]}${when}`,
    author: { id: actor.id, name: actor.name },
  });
  return { conversation: await reread(tx, actor, scope, id), activity };
}
