// How many conversations wait with messages this staff member has not read (GET /api/chats/unread):
// the sidebar's badge and the inbox's tab title. Small on purpose: the sidebar imports it.
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveConnect, useLiveEvent } from "../live/context";
import { chatKeys, useChatApi } from "./api";

/** `title` with "(N) " in front while N > 0 (an older count replaced, never stacked). */
export function unreadTitle(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\)\s/, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** Whether a message that arrived in the open conversation can be marked read at once. */
export function readsAtOnce(message: { kind: string; conversation_id: number }, openId: number | null, visible: boolean): boolean {
  return visible && openId === message.conversation_id && message.kind === "visitor";
}

/**
 * The unread total, kept current by the socket: a visitor's message or a changed conversation
 * asks again, and so does every reconnect (events may have been missed meanwhile).
 */
export function useChatUnread(): number {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const key = chatKeys.unread();
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ unread_total: number }>("/api/chats/unread")).data.unread_total,
    staleTime: 30_000,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  useLiveEvent("chat:message", (message) => {
    if (message.kind === "visitor") refresh();
  });
  useLiveEvent("chat:conversation", refresh);
  useLiveConnect((again) => {
    if (again) refresh();
  });
  return query.data ?? 0;
}

/** While mounted, the tab's title starts with "(N) " when N > 0; the plain title comes back after. */
export function useUnreadTitle(count: number) {
  useEffect(() => {
    document.title = unreadTitle(document.title, count);
  }, [count]);
  useEffect(
    () => () => {
      document.title = unreadTitle(document.title, 0);
    },
    [],
  );
}
