// The chat's realtime side: visitors connect with their token and join their conversation's room;
// staff sockets say when they type and which conversation they have open.
import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io";
import { chatRooms } from "../../protocol/chat.js";
import { rooms } from "../../protocol/realtime.js";
import type { StaffSocketData, VisitorSocketData } from "../realtime/handshake.js";
import { BoundedMap } from "../realtime/socketLimits.js";
import { getConversation, type ChatScope } from "./repository.js";
import type { VisitorTokens } from "./visitorTokens.js";

/** Typing events from one socket, at most one a second. */
const TYPING_EVERY_MS = 1_000;
/** Conversations one socket remembers it may reach. */
const MAX_REMEMBERED = 200;
/** Conversations one socket may watch at once. */
const MAX_WATCHED = 10;

const validId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2 ** 53;

function throttled() {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < TYPING_EVERY_MS) return false;
    last = now;
    return true;
  };
}

export function registerChatSockets(app: FastifyInstance, tokens: VisitorTokens) {
  const io = app.live.io as unknown as import("socket.io").Server;
  const staffRooms = (centerCode: string) => [rooms.center(centerCode), rooms.superadmins];

  app.live.acceptVisitors({
    async authenticate(token) {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const conversation = await getConversation(app.db, 0, { kind: "all" }, claims.conversationId);
      if (!conversation || conversation.center_code !== claims.centerCode) return null;
      return { kind: "visitor", conversationId: conversation.id, centerCode: conversation.center_code, name: conversation.contact.name };
    },
    connected(socket: Socket, data: VisitorSocketData) {
      void socket.join(chatRooms.visitor(data.conversationId));
      const may = throttled();
      socket.on("chat:typing", () => {
        if (!may()) return;
        io.to(staffRooms(data.centerCode)).emit("chat:typing", { conversation_id: data.conversationId, from: "visitor", name: data.name, id: null });
      });
    },
  });

  app.live.onStaffSocket((socket: Socket, data: StaffSocketData) => {
    const { user, center } = data.identity;
    const scope: ChatScope = center ? { kind: "center", code: center.center_code } : { kind: "all" };
    // Which conversations this socket may reach, asked once each (the latest few hundred).
    const reachable = new BoundedMap<number, string | null>(MAX_REMEMBERED);
    const centerOf = async (id: unknown) => {
      if (!validId(id)) return null;
      if (!reachable.has(id)) reachable.set(id, (await getConversation(app.db, user.id, scope, id).catch(() => null))?.center_code ?? null);
      return reachable.get(id) ?? null;
    };
    const watching = new Set<number>();
    const may = throttled();

    socket.on("chat:typing", async (target: { conversation_id?: unknown } | undefined) => {
      if (!may()) return;
      const id = target?.conversation_id;
      const code = await centerOf(id);
      if (!code) return;
      // To the other staff (not back to the one typing) and to the visitor, by first name only.
      socket.to(staffRooms(code)).emit("chat:typing", { conversation_id: id, from: "staff", name: user.fullname, id: user.id });
      io.to(chatRooms.visitor(id as number)).emit("chat:typing", { name: user.fullname.split(" ")[0] });
    });
    socket.on("chat:watch", async (target: { conversation_id?: unknown } | undefined) => {
      const id = target?.conversation_id;
      if (!(await centerOf(id))) return;
      // An inbox watches the conversation it has open: a few at most.
      if (!watching.has(id as number) && watching.size >= MAX_WATCHED) return;
      watching.add(id as number);
      void socket.join(chatRooms.watching(id as number));
    });
    socket.on("chat:unwatch", (target: { conversation_id?: unknown } | undefined) => {
      const id = target?.conversation_id;
      if (!validId(id)) return;
      watching.delete(id);
      void socket.leave(chatRooms.watching(id));
    });
  });
}
