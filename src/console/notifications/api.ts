// The notification centre's data: the first page of the user's notifications and their unread
// count, read over REST and kept current by the socket's `notification` and `notifications:read`.
import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationItem } from "../../../protocol/realtime";
import type { ListData } from "../../../providers/loader";
import { useApi } from "../approvals/api";
import { useLiveEvent } from "../live/context";

export const NOTIFICATIONS_KEY = "notifications";
/** How many the drawer shows, newest first. */
export const NOTIFICATIONS_LIMIT = 20;

/** What the bell asks on every console screen: the first page, newest first. */
export const NOTIFICATIONS_FIRST_PAGE = { url: "/api/notifications", params: { page: 1, limit: NOTIFICATIONS_LIMIT } };

export interface NotificationPage extends ListData<NotificationItem> {
  unread: number;
}

const KEY = [NOTIFICATIONS_KEY, "page"];
const readNow = (item: NotificationItem): NotificationItem => (item.read_at ? item : { ...item, read_at: new Date().toISOString() });

/** Only a path of the console itself is followed (never another origin). */
export const safeLink = (link: unknown): string | null =>
  typeof link === "string" && link.startsWith("/") && !link.startsWith("//") && !link.includes("\\") ? link : null;

export function useNotifications() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<NotificationPage>(NOTIFICATIONS_FIRST_PAGE.url, NOTIFICATIONS_FIRST_PAGE.params)).data,
    staleTime: Infinity,
    retry: false,
  });

  const update = useCallback(
    (change: (page: NotificationPage) => NotificationPage) => queryClient.setQueryData<NotificationPage>(KEY, (page) => (page ? change(page) : page)),
    [queryClient],
  );

  useLiveEvent("notification", (item, unread) => {
    if (!queryClient.getQueryData(KEY)) return void queryClient.invalidateQueries({ queryKey: KEY });
    update((page) => {
      const known = page.docs.some((d) => d.id === item.id);
      const docs = [item, ...page.docs.filter((d) => d.id !== item.id)].slice(0, NOTIFICATIONS_LIMIT);
      return { ...page, docs, totalDocs: page.totalDocs + (known ? 0 : 1), unread };
    });
  });

  useLiveEvent("notifications:read", (unread) => {
    const page = queryClient.getQueryData<NotificationPage>(KEY);
    // Our own mark-read already counted; another tab's: read which ones it was.
    if (page?.unread === unread) return;
    update((p) => ({ ...p, unread, docs: unread === 0 ? p.docs.map(readNow) : p.docs }));
    if (unread > 0) void queryClient.invalidateQueries({ queryKey: KEY });
  });

  const markRead = useCallback(
    async (item: NotificationItem) => {
      if (item.read_at) return;
      update((page) => ({ ...page, unread: Math.max(0, page.unread - 1), docs: page.docs.map((d) => (d.id === item.id ? readNow(d) : d)) }));
      try {
        const { data } = await api.post<{ unread: number }>(`/api/notifications/${item.id}/read`);
        if (typeof data?.unread === "number") update((page) => ({ ...page, unread: data.unread }));
      } catch {
        void queryClient.invalidateQueries({ queryKey: KEY });
      }
    },
    [api, queryClient, update],
  );

  const markAllRead = useCallback(async () => {
    const { data } = await api.post<{ unread: number }>("/api/notifications/read-all");
    update((page) => ({ ...page, unread: data?.unread ?? 0, docs: page.docs.map(readNow) }));
  }, [api, update]);

  return { page: query.data, unread: query.data?.unread ?? 0, query, markRead, markAllRead };
}
