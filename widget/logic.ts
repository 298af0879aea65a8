// The widget's decisions, as plain functions without the DOM: what the loader puts in the frame's
// address, how the start form's fields are read and checked, how messages from the REST answers,
// the socket and the visitor's own sends merge into one thread, which parts of a message are
// links, and when to show the opening hours. server/test/widget.test.ts tests them.
import { MESSAGE_MAX, NAME_MAX, type VisitorMessage } from "../protocol/chat.js";
import { fill, type FrameText, type Lang } from "./i18n.js";

/** Longest page address and referrer sent along (the frame's own address carries them). */
export const URL_PARAM_MAX = 1_000;
/** The opening hours show when the visitor's last message has waited this long for a reply. */
export const HOURS_NOTICE_DELAY_MS = 2 * 60_000;
/** The visitor's typing is reported at most this often. */
export const TYPING_INTERVAL_MS = 2_000;
/** How long "Rina is typing…" shows after the last typing event. */
export const TYPING_SHOWN_MS = 4_000;
/** The composer shows how many characters are left from this many on. */
export const COUNTER_FROM = MESSAGE_MAX - 400;

/** The frame keeps a center's visitor token under this key, in its own (our origin's) storage. */
export const storageKey = (center: string) => `cc.chat.${center}`;

/** A center code as the console writes them (JKT01); anything else is not a chat. */
export const isCenterCode = (value: string) => /^[A-Za-z0-9_-]{1,32}$/.test(value);

export interface FrameParams {
  center: string;
  lang: Lang;
  /** The host page's address. */
  page: string;
  referrer: string;
}

/** The page address without its fragment (it may hold tokens), shortened to what we keep. */
export function pageAddress(href: string): string {
  return href.split("#")[0]!.slice(0, URL_PARAM_MAX);
}

/** The frame's address on our origin. */
export function frameSrc(origin: string, params: FrameParams): string {
  const query = new URLSearchParams({
    center: params.center,
    lang: params.lang,
    page: pageAddress(params.page),
    referrer: params.referrer.slice(0, URL_PARAM_MAX),
  });
  return `${origin}/widget/frame?${query}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/** The one "Email or phone" field: an "@" makes it an email address, otherwise a phone number. */
export function parseContact(raw: string): { email?: string; phone?: string; invalid?: true } {
  const value = raw.trim();
  if (!value) return {};
  if (value.includes("@")) return EMAIL.test(value) && value.length <= 254 ? { email: value } : { invalid: true };
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 6 && digits <= 15 ? { phone: value } : { invalid: true };
}

export type StartField = "name" | "contact" | "message";

export interface StartInput {
  name: string;
  contact: string;
  message: string;
}

export interface StartBody {
  name: string;
  email?: string;
  phone?: string;
  message: string;
  language: Lang;
  page: string;
  referrer: string;
}

/** Checks the start form; the body to send, or a message per field. */
export function validateStart(
  input: StartInput,
  context: { lang: Lang; page: string; referrer: string },
  t: FrameText,
): { body: StartBody; errors?: undefined } | { body?: undefined; errors: Partial<Record<StartField, string>> } {
  const errors: Partial<Record<StartField, string>> = {};
  const name = input.name.trim();
  const message = input.message.trim();
  const contact = parseContact(input.contact);
  if (!name) errors.name = t.nameRequired;
  else if (name.length > NAME_MAX) errors.name = fill(t.nameTooLong, { max: NAME_MAX });
  if (contact.invalid) errors.contact = t.contactInvalid;
  if (!message) errors.message = t.messageRequired;
  else if (message.length > MESSAGE_MAX) errors.message = fill(t.messageTooLong, { max: MESSAGE_MAX });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      name,
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.phone ? { phone: contact.phone } : {}),
      message,
      language: context.lang,
      page: context.page.slice(0, URL_PARAM_MAX),
      referrer: context.referrer.slice(0, URL_PARAM_MAX),
    },
  };
}

/** Which field of the start form shows the server's message about one of its body's fields. */
export function startFieldOf(serverField: string): StartField | "form" {
  const field = serverField.split(".")[0];
  if (field === "name") return "name";
  if (field === "email" || field === "phone") return "contact";
  if (field === "message" || field === "text") return "message";
  return "form";
}

/** One line of the thread: a message the server holds, or one of the visitor's on its way. */
export interface ThreadItem {
  /** Stable for the item's life: `m<id>` for a message from the server, `local-<n>` for a send. */
  key: string;
  /** The server's message; null while a send is on its way or after it failed. */
  message: VisitorMessage | null;
  text: string;
  state: "sent" | "sending" | "failed";
  /** Why a send failed, when the server said. */
  error?: string;
}

export const fromServer = (message: VisitorMessage): ThreadItem => ({ key: `m${message.id}`, message, text: message.text, state: "sent" });

/**
 * Adds the server's messages (a history page, a socket event) to the thread: one per id, in id
 * order, the visitor's sends still on their way or failed at the end. The socket may echo a send
 * before its POST answers: that message takes the place of the first send of the same text.
 */
export function mergeMessages(items: readonly ThreadItem[], incoming: readonly VisitorMessage[]): ThreadItem[] {
  const next = items.map((item) => ({ ...item }));
  const known = new Set(next.flatMap((item) => (item.message ? [item.message.id] : [])));
  for (const message of incoming) {
    if (known.has(message.id)) continue;
    known.add(message.id);
    const echo = message.kind === "visitor" ? next.find((item) => item.state === "sending" && item.text === message.text) : undefined;
    if (echo) Object.assign(echo, { message, state: "sent", error: undefined });
    else next.push(fromServer(message));
  }
  return ordered(next);
}

/** A send the server accepted: the item becomes its message (or goes, if the socket brought it already). */
export function confirmSent(items: readonly ThreadItem[], key: string, message: VisitorMessage): ThreadItem[] {
  const elsewhere = items.some((item) => item.message?.id === message.id && item.key !== key);
  const next = items.flatMap((item): ThreadItem[] => {
    if (item.key !== key) return [item];
    // The socket's echo of this message went to another send of the same text (which keeps it);
    // this one stays only if an echo gave it a message of its own.
    if (elsewhere) return item.message ? [item] : [];
    return [{ ...item, message, text: message.text, state: "sent", error: undefined }];
  });
  return ordered(next);
}

export function markFailed(items: readonly ThreadItem[], key: string, error?: string): ThreadItem[] {
  return items.map((item) => (item.key === key ? { ...item, state: "failed" as const, error } : item));
}

export function markSending(items: readonly ThreadItem[], key: string): ThreadItem[] {
  return ordered(items.map((item) => (item.key === key ? { ...item, state: "sending" as const, error: undefined } : item)));
}

function ordered(items: ThreadItem[]): ThreadItem[] {
  const sent = items.filter((item) => item.message).sort((a, b) => a.message!.id - b.message!.id);
  return [...sent, ...items.filter((item) => !item.message)];
}

/** The oldest message's id, for `?before=` (the next older page). */
export const oldestId = (items: readonly ThreadItem[]): number | null => items.find((item) => item.message)?.message?.id ?? null;

/**
 * Whether the opening hours should show: the visitor's last message has had no reply for `delay`.
 * `recheckIn` says when the answer changes by itself (null: only a new message changes it).
 */
export function awaitingReply(items: readonly ThreadItem[], now: number, delay = HOURS_NOTICE_DELAY_MS): { show: boolean; recheckIn: number | null } {
  const last = [...items].reverse().find((item) => item.message);
  if (!last || last.message!.kind !== "visitor") return { show: false, recheckIn: null };
  const waited = now - Date.parse(last.message!.created_at);
  if (!Number.isFinite(waited)) return { show: false, recheckIn: null };
  return waited >= delay ? { show: true, recheckIn: null } : { show: false, recheckIn: delay - waited };
}

export interface TextPart {
  text: string;
  /** Set when the part is an http(s) address. */
  href?: string;
}

/** A message's text cut into plain parts and web addresses (rendered as links, by text). */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"'`]+/gi)) {
    let url = match[0];
    // Punctuation that ends a sentence is not part of the address, nor a closing bracket it never opened.
    for (;;) {
      const last = url.slice(-1);
      const unopened = last === ")" && url.split("(").length < url.split(")").length;
      if (!/[.,;:!?\]}]/.test(last) && !unopened) break;
      url = url.slice(0, -1);
    }
    const start = match.index!;
    let href: string | undefined;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") href = parsed.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > rest) parts.push({ text: text.slice(rest, start) });
    parts.push({ text: url, href });
    rest = start + url.length;
  }
  if (rest < text.length) parts.push({ text: text.slice(rest) });
  return parts;
}

/** A message's time: the hour today, the day and hour before that. */
export function formatTime(iso: string, lang: Lang, now: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const locale = lang === "id" ? "id-ID" : "en-GB";
  const time: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? time : { ...time, day: "numeric", month: "short" }).format(date);
}

/** Whether the visitor's typing may be reported again (at most once per interval). */
export const typingDue = (lastSent: number, now: number) => now - lastSent >= TYPING_INTERVAL_MS;

/** What the counter beside the composer says ("" while far from the limit). */
export function charactersLeft(length: number, t: FrameText): string {
  return length >= COUNTER_FROM ? fill(t.charactersLeft, { count: Math.max(0, MESSAGE_MAX - length) }) : "";
}
