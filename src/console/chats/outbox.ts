// Messages this browser sent that the server has not confirmed yet: shown at once (sending), kept
// with "Not sent" and a Retry when the server refused or could not be reached.
import type { ChatMessage } from "../../../protocol/chat";

export interface Pending {
  /** A local key ("local-3"), never a server id. */
  key: string;
  conversation_id: number;
  kind: "staff" | "note";
  text: string;
  attachment: string | null;
  created_at: string;
  status: "sending" | "failed";
  error?: string;
}

export type OutboxAction =
  | { type: "add"; pending: Pending }
  /** The server stored it (its answer arrived). */
  | { type: "sent"; key: string }
  | { type: "failed"; key: string; error: string }
  | { type: "retry"; key: string }
  | { type: "discard"; key: string }
  /** A message arrived over the socket: if it is one of ours still sending, it is no longer pending. */
  | { type: "echo"; message: ChatMessage; me: number };

/** The pending message the server's `message` confirms, if any (the oldest one alike). */
export function matchEcho(outbox: readonly Pending[], message: ChatMessage, me: number): Pending | undefined {
  if (message.author?.id !== me || (message.kind !== "staff" && message.kind !== "note")) return undefined;
  return outbox.find(
    (p) =>
      p.status === "sending" &&
      p.conversation_id === message.conversation_id &&
      p.kind === message.kind &&
      p.text === message.text &&
      (p.attachment ?? null) === (message.attachment ?? null),
  );
}

export function outboxReducer(state: Pending[], action: OutboxAction): Pending[] {
  switch (action.type) {
    case "add":
      return [...state, action.pending];
    case "sent":
    case "discard":
      return state.filter((p) => p.key !== action.key);
    case "failed":
      return state.map((p) => (p.key === action.key ? { ...p, status: "failed", error: action.error } : p));
    case "retry":
      return state.map((p) => (p.key === action.key ? { ...p, status: "sending", error: undefined } : p));
    case "echo": {
      const confirmed = matchEcho(state, action.message, action.me);
      return confirmed ? state.filter((p) => p !== confirmed) : state;
    }
  }
}

let counter = 0;
/** A new pending message, as the composer hands it over (text trimmed, as the server stores it). */
export function pendingMessage(conversationId: number, kind: "staff" | "note", text: string, attachment: string | null = null, now = new Date()): Pending {
  counter += 1;
  return { key: `local-${counter}`, conversation_id: conversationId, kind, text: text.trim(), attachment, created_at: now.toISOString(), status: "sending" };
}
