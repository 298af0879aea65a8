// What the inbox and the widget hear, sent after each chat write commits: the center's staff get
// conversations and messages (notes included); the visitor's room gets only what a visitor may see.
import type { FastifyInstance } from "fastify";
import { chatRooms, type ChatMessage, type ConversationStatus, type ConversationSummary } from "../../protocol/chat.js";
import { rooms } from "../../protocol/realtime.js";
import { toVisitorMessage } from "./repository.js";

const staffOf = (centerCode: string) => [rooms.center(centerCode), rooms.superadmins];

export function chatEvents(app: FastifyInstance) {
  const io = app.live.io as unknown as import("socket.io").Server;
  return {
    conversation(summary: ConversationSummary) {
      // `unread` is each reader's own: a listener refetches its counts rather than trust this one.
      io.to(staffOf(summary.center_code)).emit("chat:conversation", { ...summary, unread: 0 });
    },
    message(centerCode: string, message: ChatMessage) {
      io.to(staffOf(centerCode)).emit("chat:message", message);
      if (message.kind === "visitor" || message.kind === "staff")
        io.to(chatRooms.visitor(message.conversation_id)).emit("chat:message", toVisitorMessage(message));
    },
    status(conversationId: number, status: ConversationStatus) {
      io.to(chatRooms.visitor(conversationId)).emit("chat:status", { status });
    },
    /** The users whose inbox has this conversation open, on any instance. */
    async watching(conversationId: number): Promise<Set<number>> {
      const sockets = await io.in(chatRooms.watching(conversationId)).fetchSockets();
      return new Set(sockets.flatMap((s) => (s.data?.kind === "staff" ? [s.data.identity.user.id as number] : [])));
    },
  };
}

export type ChatEvents = ReturnType<typeof chatEvents>;
