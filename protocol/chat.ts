// Customer chats: what the staff inbox, the website's widget and the server say to each other.
// REST answers use the API's envelope ({statusCode, data}); socket events are below.
import type { Page } from "./api.js";
import type { Person } from "./person.js";

export type ConversationStatus = "open" | "pending" | "snoozed" | "resolved";
export const CONVERSATION_STATUSES: readonly ConversationStatus[] = ["open", "pending", "snoozed", "resolved"];
export type InboxTab = "mine" | "unassigned" | "all";
/** visitor: from the website; staff: a reply the visitor sees; note: staff only; activity: "assigned to Rina". */
export type MessageKind = "visitor" | "staff" | "note" | "activity";

export const MESSAGE_MAX = 4_000;

/**
 * The words of an activity line after its actor's name ("Rina took this conversation"). Stored
 * in English as the thread's record; the console reads them back by these words and shows them
 * in its own language.
 */
export const ACTIVITY_WORDS = {
  took: "took this conversation",
  unassigned: "unassigned this conversation",
  assignedTo: "assigned this conversation to ",
  open: "reopened this conversation",
  pending: "marked this conversation as pending",
  snoozed: "snoozed this conversation",
  resolved: "resolved this conversation",
  /** Follows `snoozed`, with the time as "YYYY-MM-DD HH:mm UTC". */
  until: " until ",
} as const;
export const NAME_MAX = 120;

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  language: string | null;
  first_page: string | null;
  referrer: string | null;
  last_seen_at: string | null;
  created_at: string;
}

/** A conversation as the inbox lists it. */
export interface ConversationSummary {
  id: number;
  /** Numbered per center: #12 at JKT01. */
  number: number;
  center_code: string;
  status: ConversationStatus;
  contact: Pick<Contact, "id" | "name" | "email" | "phone">;
  assignee: Person | null;
  snoozed_until: string | null;
  /** Since when the visitor waits for an answer (null when the last word was staff's). */
  waiting_since: string | null;
  first_reply_at: string | null;
  last_activity_at: string;
  /** The last message the visitor could see, shortened. */
  preview: string;
  /** Messages from the visitor this staff member has not read. */
  unread: number;
  created_at: string;
}

/** One conversation with its contact in full and the contact's other conversations. */
export interface ConversationDetail extends ConversationSummary {
  contact: Contact;
  past: Pick<ConversationSummary, "id" | "number" | "status" | "created_at" | "preview">[];
}

export interface ChatMessage {
  id: number;
  conversation_id: number;
  kind: MessageKind;
  text: string;
  /** An uploaded image's path (/uploads/…), or null. */
  attachment: string | null;
  author: Person | null;
  created_at: string;
}

/** What a visitor sees of a message: never a note, never a staff member's id. */
export interface VisitorMessage {
  id: number;
  kind: "visitor" | "staff";
  text: string;
  attachment: string | null;
  /** The staff member's name on a reply. */
  author_name: string | null;
  created_at: string;
}

export interface CannedReply {
  id: number;
  center_code: string;
  /** Typed after "/" in the composer. */
  short_code: string;
  text: string;
  updated_at: string;
}

/** The list's counts per tab, for the selected status. */
export type TabCounts = Record<InboxTab, number>;

/** GET /api/chats/conversations: one page, the tabs' counts and the caller's unread total. */
export interface ConversationPage extends Page<ConversationSummary> {
  counts: TabCounts;
  unread_total: number;
}

/** GET /api/chats/conversations/<id>/messages: the latest messages, or those before `before`. */
export interface ThreadPage {
  docs: ChatMessage[];
  /** Older messages exist before docs[0]. */
  has_more: boolean;
}

/** What the widget shows before a conversation starts (GET /api/public/chat/<center>). */
export interface WidgetCenter {
  center_code: string;
  center_name: string;
  opening_hours: string | null;
}

/** Sent in a visitor's socket handshake instead of a staff token. */
export interface VisitorHandshake {
  visitor: string;
}

export interface ChatServerToStaff {
  /** A conversation was created or changed (status, assignee, last message). */
  "chat:conversation": (conversation: ConversationSummary) => void;
  "chat:message": (message: ChatMessage) => void;
  "chat:typing": (typing: { conversation_id: number; from: "visitor" | "staff"; name: string; id: number | null }) => void;
}

export interface ChatStaffToServer {
  "chat:typing": (target: { conversation_id: number }) => void;
  /** The inbox has this conversation open (it is not notified of its messages). */
  "chat:watch": (target: { conversation_id: number }) => void;
  "chat:unwatch": (target: { conversation_id: number }) => void;
}

export interface ChatServerToVisitor {
  "chat:message": (message: VisitorMessage) => void;
  "chat:typing": (typing: { name: string }) => void;
  "chat:status": (status: { status: ConversationStatus }) => void;
}

export interface ChatVisitorToServer {
  "chat:typing": () => void;
}

export const chatRooms = {
  visitor: (conversationId: number) => `visitor:${conversationId}`,
  watching: (conversationId: number) => `chat:${conversationId}`,
} as const;
