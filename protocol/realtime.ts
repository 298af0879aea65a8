// What the server and the console say to each other over socket.io. Both sides import this file,
// so an event's name or shape cannot drift between them. Payloads carry ids and small fields only:
// a client re-reads a record through the REST API, which checks its permissions again.

import type { ChatServerToStaff, ChatStaffToServer } from "./chat.js";
import type { Person } from "./person.js";

export type { Person };

/** socket.io's path, on the API's own port and origin. */
export const SOCKET_PATH = "/socket.io";

/** Sent in the handshake (`io(url, { auth })`): the same token and center the REST calls carry. */
export interface HandshakeAuth {
  token: string;
  /** The selected center's code; a superadmin may leave it out to hear every center. */
  center?: string | null;
}

/** Why a handshake was refused (`connect_error`'s message) or a socket dropped (`session:ended`). */
export const REFUSAL = {
  unauthorized: "unauthorized",
  notAssigned: "not assigned to this center",
  origin: "origin not allowed",
  /** The session passed no second factor and this user must use one: sign in again. */
  secondFactor: "second factor required",
} as const;

/** A record changed. Channel `resources/<name>`, as Refine's live provider names them. */
export interface ResourceEvent {
  channel: string;
  type: "created" | "updated" | "deleted";
  payload: {
    ids: number[];
    /** The record's version after the change (updates), so an open form knows whether it is behind. */
    version?: number;
    center_code?: string | null;
    by?: Person;
    /** A scheduled transition the server carried out (no person did): the record went live, or came down. */
    transition?: "live" | "down";
  };
  /** ISO time of the commit. */
  date: string;
}

/** An approval request was opened, replaced, withdrawn or decided in a queue. */
export interface ApprovalEvent {
  queue: string;
  type: "opened" | "decided" | "withdrawn";
  request_id: number | null;
  record_id: number;
  resource: string;
  center_code: string | null;
  date: string;
}

/**
 * approved/rejected: a decision on your change; request: a change to review; changed: someone edited
 * your record; chat: a website visitor wrote or a conversation was assigned to you; live/expired: a
 * record you wrote or approved went live, or came down, at its scheduled time; security: your
 * second factor was reset.
 */
export type NotificationKind = "approved" | "rejected" | "request" | "changed" | "chat" | "live" | "expired" | "security";

/** One entry of the notification centre (GET /api/notifications). */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The console path it opens, e.g. /app/posts/history/12. */
  link: string;
  resource: string | null;
  record_id: number | null;
  center_code: string | null;
  actor: Person | null;
  created_at: string;
  read_at: string | null;
}

/** Who has one record open, sent to everyone looking at it whenever it changes. */
export interface PresenceState {
  resource: string;
  id: number;
  viewers: Person[];
}

export interface PresenceTarget {
  resource: string;
  id: number;
}

/** Events the server emits to staff (the inbox's chat events included). */
export interface ServerToClient extends ChatServerToStaff {
  /** Resource changes (lists and record screens refetch). */
  live: (event: ResourceEvent) => void;
  /** An approval queue changed: counts and queues refetch. */
  approval: (event: ApprovalEvent) => void;
  /** A new notification for this user; `unread` is their unread count after it. */
  notification: (item: NotificationItem, unread: number) => void;
  /** This user's notifications were marked read elsewhere (another tab or device). */
  "notifications:read": (unread: number) => void;
  presence: (state: PresenceState) => void;
  /** Sent just before the server drops the socket because its session ended or changed. */
  "session:ended": (reason: string) => void;
}

/** Events the console emits. */
export interface ClientToServer extends ChatStaffToServer {
  "presence:join": (target: PresenceTarget) => void;
  "presence:leave": (target: PresenceTarget) => void;
}

/** Rooms, named in one place so publishers and the handshake agree. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  /** Everyone at a center who may read records under `key` (superadmins are in `superadmins`). */
  centerKey: (center: string, key: string) => `center:${center}:read:${key}`,
  /** Everyone at a center, whatever they may read (a type open to every role). */
  center: (center: string) => `center:${center}`,
  /** Readers of a global type under `key`. */
  globalKey: (key: string) => `global:read:${key}`,
  /** A center's readers of the approval queues. */
  reviewers: (center: string) => `center:${center}:approvals`,
  superadmins: "superadmins",
  presence: (resource: string, id: number) => `presence:${resource}:${id}`,
} as const;
