// The inbox's list: what the URL selects (status, tab, search, center, the open conversation), the
// conversations and tab counts for it, refreshed when the socket says something changed.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { CONVERSATION_STATUSES, type ConversationStatus, type InboxTab } from "../../../protocol/chat";
import { isSuperadmin, session } from "../../../providers/session";
import { useLiveConnect, useLiveEvent } from "../live/context";
import { centerKey, chatKeys, CHATS_KEY, useChatApi, type ConversationPage } from "./api";

export const TABS: InboxTab[] = ["mine", "unassigned", "all"];
export const PAGE_SIZE = 30;
const DEFAULTS = { status: "open", tab: "all" } as const;

export interface InboxParams {
  status: ConversationStatus;
  tab: InboxTab;
  q: string;
  /** A superadmin's center filter ("" for every center). */
  center: string;
  conversation: number | null;
}

export function readParams(params: URLSearchParams): InboxParams {
  const status = params.get("status");
  const tab = params.get("tab");
  const id = Number(params.get("conversation"));
  return {
    status: (CONVERSATION_STATUSES as readonly string[]).includes(status ?? "") ? (status as ConversationStatus) : DEFAULTS.status,
    tab: (TABS as string[]).includes(tab ?? "") ? (tab as InboxTab) : DEFAULTS.tab,
    q: params.get("q") ?? "",
    center: params.get("center") ?? "",
    conversation: Number.isSafeInteger(id) && id > 0 ? id : null,
  };
}

type Change = Partial<Record<keyof InboxParams, string | number | null>>;

/** The inbox's state in the URL (defaults left out), so a reload or a notification's link opens the same view. */
export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readParams(params), [params]);
  const update = useCallback(
    (changes: Change, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === "" || DEFAULTS[key as keyof typeof DEFAULTS] === value) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );
  return { ...state, update };
}

/** A superadmin without a selected center sees every center's conversations (and may filter them). */
export const acrossCenters = () => isSuperadmin(session.getUser()) && !session.getCenter();

export function useConversations({ status, tab, q, center }: Pick<InboxParams, "status" | "tab" | "q" | "center">) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const filterCenter = acrossCenters() ? center : "";
  const query = useInfiniteQuery({
    queryKey: chatKeys.list({ status, tab, q, center: filterCenter }),
    queryFn: async ({ pageParam }) =>
      (
        await api.get<ConversationPage>("/api/chats/conversations", {
          status,
          tab,
          q: q.trim(),
          center_code: filterCenter,
          page: pageParam,
          limit: PAGE_SIZE,
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) => ((last.page ?? 1) < (last.totalPages ?? 1) ? (last.page ?? 1) + 1 : undefined),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const pages = query.data?.pages;
  const docs = useMemo(() => {
    // A conversation that moved up between two pages' reads is listed once.
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p.docs).filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
  }, [pages]);
  const first = pages?.[0];
  // The list answers the unread total too: the sidebar's count follows without asking again.
  useEffect(() => {
    if (first && !acrossCenters()) queryClient.setQueryData(chatKeys.unread(), first.unread_total);
  }, [first, queryClient]);
  return { query, docs, counts: first?.counts, total: first?.totalDocs ?? 0 };
}

/**
 * Whether the center has any conversation at all (asked only when the open list is empty without a
 * search): none means the widget is probably not on the website yet.
 */
export function useHasAnyConversation(enabled: boolean, center: string) {
  const api = useChatApi();
  const filterCenter = acrossCenters() ? center : "";
  return useQuery({
    queryKey: [CHATS_KEY, "any", centerKey(), filterCenter],
    queryFn: async () => {
      const totals = await Promise.all(
        CONVERSATION_STATUSES.map(
          async (status) => (await api.get<ConversationPage>("/api/chats/conversations", { status, center_code: filterCenter, limit: 1 })).data.totalDocs,
        ),
      );
      return totals.some((n) => n > 0);
    },
    enabled,
    retry: false,
  });
}

/** The row of conversation `id` in every cached list shows no unread messages (after marking it read). */
export function useClearRowUnread() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) =>
      queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: chatKeys.lists() }, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, docs: p.docs.map((d) => (d.id === id && d.unread ? { ...d, unread: 0 } : d)) })) } : data,
      ),
    [queryClient],
  );
}

const REFRESH_DELAY_MS = 250;

/**
 * Lists, counts and the changed conversation's details are read again when the socket says a
 * conversation changed or a message arrived (one read for a burst), and everything after a reconnect.
 */
export function useInboxLiveRefresh() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshLists = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [CHATS_KEY, "any"] });
    }, REFRESH_DELAY_MS);
  }, [queryClient]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvent("chat:conversation", (conversation) => {
    refreshLists();
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversation.id) });
  });
  useLiveEvent("chat:message", refreshLists);
  useLiveConnect((again) => {
    if (again) void queryClient.invalidateQueries({ queryKey: [CHATS_KEY] });
  });
}
