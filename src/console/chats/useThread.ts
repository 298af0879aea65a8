// The open conversation: its details, messages (latest page, earlier on request, live ones added),
// this browser's unconfirmed sends, who is typing, and the actions on it. The inbox holds one of
// these for as long as it is shown, so a failed send waits in its conversation while others are read.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { HttpError } from "../../../providers/http";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { useLive, useLiveConnect, useLiveEvent } from "../live/context";
import {
  centerKey,
  chatKeys,
  CHATS_KEY,
  useChatApi,
  type ChatMessage,
  type ConversationDetail,
  type ConversationStatus,
  type ConversationSummary,
} from "./api";
import { outboxReducer, pendingMessage, type Pending } from "./outbox";
import { withEarlier, withLatest, withMessages, type ThreadPage } from "./thread";
import { readsAtOnce } from "./unread";
import { useClearRowUnread } from "./useInbox";

export const THREAD_PAGE = 50;
/** How long "Sari is typing…" stays after the last typing event. */
export const TYPING_SHOWN_MS = 4_000;
/** At most one typing event every this often. */
export const TYPING_EVERY_MS = 2_000;
/** Visitor messages arriving within this long are marked read with one call. */
const READ_DELAY_MS = 300;

const messagesKey = (id: number) => [CHATS_KEY, "messages", centerKey(), id] as const;

/** What a failed call says: the server's field messages when it sent some, else its message. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) {
    const fields = error.errors ? Object.values(error.errors).filter(Boolean) : [];
    return fields.length ? fields.join(". ") : error.message;
  }
  return error instanceof Error ? error.message : t("chats.failed");
}

export interface Typing {
  conversation_id: number;
  name: string;
}

const visible = () => typeof document === "undefined" || document.visibilityState !== "hidden";

export function useThread(id: number | null) {
  const api = useChatApi();
  const live = useLive();
  const queryClient = useQueryClient();
  const clearRowUnread = useClearRowUnread();
  const me = session.getUser()?.id ?? 0;

  const detail = useQuery({
    queryKey: chatKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<ConversationDetail>(`/api/chats/conversations/${id}`)).data,
    enabled: id !== null,
    retry: false,
  });

  const messages = useQuery({
    queryKey: messagesKey(id ?? 0),
    queryFn: async () => {
      const { data } = await api.get<ThreadPage>(`/api/chats/conversations/${id}/messages`, { limit: THREAD_PAGE });
      return withLatest(queryClient.getQueryData<ThreadPage>(messagesKey(id!)), data);
    },
    enabled: id !== null,
    retry: false,
  });

  const addMessages = useCallback(
    (conversationId: number, list: ChatMessage[]) =>
      queryClient.setQueryData<ThreadPage>(messagesKey(conversationId), (loaded) => (loaded ? withMessages(loaded, list) : loaded)),
    [queryClient],
  );

  // Earlier messages, one page at a time.
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  const loadEarlier = useCallback(async () => {
    const loaded = id !== null ? queryClient.getQueryData<ThreadPage>(messagesKey(id)) : undefined;
    if (!loaded?.has_more || loadingEarlier || id === null) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    try {
      const { data } = await api.get<ThreadPage>(`/api/chats/conversations/${id}/messages`, { before: loaded.docs[0]?.id, limit: THREAD_PAGE });
      queryClient.setQueryData<ThreadPage>(messagesKey(id), (current) => (current ? withEarlier(current, data) : current));
    } catch (error) {
      setEarlierError(errorText(error));
    } finally {
      setLoadingEarlier(false);
    }
  }, [api, id, loadingEarlier, queryClient]);

  // Marking read: on opening, and as the visitor's messages arrive while the tab is visible.
  const unreadWhileHidden = useRef(false);
  const markRead = useCallback(
    async (conversationId: number) => {
      unreadWhileHidden.current = false;
      clearRowUnread(conversationId);
      try {
        const { data } = await api.post<{ unread_total: number }>(`/api/chats/conversations/${conversationId}/read`);
        queryClient.setQueryData(chatKeys.unread(), data.unread_total);
      } catch {
        // The badge stays as it was; the next list read corrects the row.
      }
    },
    [api, clearRowUnread, queryClient],
  );
  const loaded = messages.isSuccess;
  useEffect(() => {
    if (id !== null && loaded) void markRead(id);
  }, [id, loaded, markRead]);
  useEffect(() => {
    const onVisible = () => {
      if (visible() && unreadWhileHidden.current && id !== null) void markRead(id);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [id, markRead]);

  // Sends: shown at once, confirmed by the server's answer (or its echo on the socket).
  const [outbox, dispatch] = useReducer(outboxReducer, []);
  const deliver = useCallback(
    async (pending: Pending) => {
      try {
        const { data } = await api.post<ChatMessage>(`/api/chats/conversations/${pending.conversation_id}/messages`, {
          ...(pending.text ? { text: pending.text } : {}),
          kind: pending.kind === "note" ? "note" : "reply",
          ...(pending.attachment ? { attachment: pending.attachment } : {}),
        });
        addMessages(pending.conversation_id, [data]);
        dispatch({ type: "sent", key: pending.key });
      } catch (error) {
        dispatch({ type: "failed", key: pending.key, error: errorText(error) });
      }
    },
    [addMessages, api],
  );
  const send = useCallback(
    (kind: "staff" | "note", text: string, attachment: string | null = null) => {
      if (id === null) return;
      const pending = pendingMessage(id, kind, text, attachment);
      dispatch({ type: "add", pending });
      void deliver(pending);
    },
    [deliver, id],
  );
  const retry = useCallback(
    (pending: Pending) => {
      dispatch({ type: "retry", key: pending.key });
      void deliver({ ...pending, status: "sending", error: undefined });
    },
    [deliver],
  );
  const discard = useCallback((pending: Pending) => dispatch({ type: "discard", key: pending.key }), []);

  // Who is typing in the open conversation (never this user's own echo).
  const [typing, setTyping] = useState<Typing | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvent("chat:typing", (event) => {
    if (event.conversation_id !== id || (event.from === "staff" && event.id === me)) return;
    setTyping({ conversation_id: event.conversation_id, name: event.name });
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
  });

  // Visitor messages that arrive together are marked read together.
  const readSoon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvent("chat:message", (message) => {
    dispatch({ type: "echo", message, me });
    const known = queryClient.getQueryData<ThreadPage>(messagesKey(message.conversation_id))?.docs.some((m) => m.id === message.id);
    addMessages(message.conversation_id, [message]);
    if (message.conversation_id !== id || known) return;
    if (message.kind === "visitor" || message.kind === "staff") setTyping(null);
    if (readsAtOnce(message, id, visible())) {
      clearTimeout(readSoon.current);
      readSoon.current = setTimeout(() => void markRead(id), READ_DELAY_MS);
    } else if (message.kind === "visitor") unreadWhileHidden.current = true;
  });

  // Leaving a conversation (for another, none, or another screen) drops what belonged to it only
  // for the moment: a failed load of earlier messages, who was typing, a read about to be sent.
  useEffect(() => {
    if (id === null) return;
    return () => {
      setEarlierError(null);
      setTyping(null);
      clearTimeout(typingTimer.current);
      clearTimeout(readSoon.current);
    };
  }, [id]);

  // The server tells this socket's inbox nothing of a watched conversation's notifications.
  useEffect(() => {
    if (id === null) return;
    live.emit("chat:watch", { conversation_id: id });
    return () => live.emit("chat:unwatch", { conversation_id: id });
  }, [id, live]);
  useLiveConnect(() => {
    if (id !== null) live.emit("chat:watch", { conversation_id: id });
  });

  const lastTyping = useRef(0);
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (id === null || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    live.emit("chat:typing", { conversation_id: id });
  }, [id, live]);

  // Status and assignment: the answer updates the header at once; lists follow.
  const applySummary = useCallback(
    (summary: ConversationSummary) => {
      queryClient.setQueryData<ConversationDetail>(chatKeys.detail(summary.id), (current) =>
        current ? { ...current, ...summary, contact: current.contact } : current,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      // The activity line comes over the socket; read it too in case the socket is away.
      void queryClient.invalidateQueries({ queryKey: messagesKey(summary.id) });
    },
    [queryClient],
  );
  const setStatus = useCallback(
    async (status: ConversationStatus, snoozedUntil?: Date) => {
      if (id === null) return;
      const { data } = await api.post<ConversationSummary>(`/api/chats/conversations/${id}/status`, {
        status,
        ...(snoozedUntil ? { snoozed_until: snoozedUntil.toISOString() } : {}),
      });
      applySummary(data);
    },
    [api, applySummary, id],
  );
  const assign = useCallback(
    async (assigneeId: number | null) => {
      if (id === null) return;
      const { data } = await api.post<ConversationSummary>(`/api/chats/conversations/${id}/assign`, { assignee_id: assigneeId });
      applySummary(data);
    },
    [api, applySummary, id],
  );

  return {
    id,
    me,
    detail,
    messages,
    page: messages.data,
    pending: outbox.filter((p) => p.conversation_id === id),
    loadEarlier,
    loadingEarlier,
    earlierError,
    typing: typing && typing.conversation_id === id ? typing : null,
    send,
    retry,
    discard,
    notifyTyping,
    setStatus,
    assign,
  };
}

export type ThreadState = ReturnType<typeof useThread>;
