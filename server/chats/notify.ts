// Who hears of a visitor's words when not looking: the conversation's assignee, or, while nobody
// holds it, every active staff member of its center; never whoever has it open in the inbox.
import type { ConversationSummary } from "../../protocol/chat.js";
import type { Db } from "../db/client.js";
import type { Draft } from "../notifications/store.js";
import type { ChatEvents } from "./events.js";

const MAX_RECIPIENTS = 300;
export const INBOX = "/app/customer-chats";
export const conversationLink = (id: number) => `${INBOX}?conversation=${id}`;

async function centerStaff(db: Db, centerCode: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT u.id FROM users u JOIN assignments a ON a.user_id = u.id JOIN centers c ON c.id = a.center_id
     WHERE c.center_code = $1 AND u.active ORDER BY u.id LIMIT ${MAX_RECIPIENTS}`,
    [centerCode],
  );
  return rows.map((r) => r.id);
}

export interface ChatNotifier {
  visitorWrote(conversation: ConversationSummary, text: string, isNew: boolean): void;
  assigned(conversation: ConversationSummary, by: { id: number; name: string }): void;
}

export function chatNotifier(db: Db, events: ChatEvents, send: (compose: () => Promise<Draft[]>) => Promise<void>): ChatNotifier {
  const draft = (userId: number, c: ConversationSummary, title: string, body: string, actor: Draft["actor"], id: Draft["id"]): Draft => ({
    userId,
    kind: "chat",
    title,
    body,
    id,
    link: conversationLink(c.id),
    resource: "customer-chats",
    recordId: c.id,
    centerCode: c.center_code,
    actor,
  });
  return {
    visitorWrote(c, text, isNew) {
      void send(async () => {
        const recipients = c.assignee ? [c.assignee.id] : await centerStaff(db, c.center_code);
        const watching = await events.watching(c.id);
        const title = isNew ? `New conversation from ${c.contact.name}` : `${c.contact.name} wrote`;
        const judul = isNew ? `Percakapan baru dari ${c.contact.name}` : `${c.contact.name} menulis pesan`;
        const body = text.length > 200 ? `${text.slice(0, 199)}…` : text;
        return recipients.filter((id) => !watching.has(id)).map((id) => draft(id, c, title, body, null, { title: judul, body }));
      });
    },
    assigned(c, by) {
      const assignee = c.assignee;
      if (!assignee) return;
      void send(async () => [
        draft(assignee.id, c, `${by.name} assigned you a conversation`, `#${c.number} with ${c.contact.name}`, by, {
          title: `${by.name} menugaskan percakapan kepada Anda`,
          body: `#${c.number} dengan ${c.contact.name}`,
        }),
      ]);
    },
  };
}
