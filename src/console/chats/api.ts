// The customer chats API (server/chats/routes.ts), called through Refine's data provider so the
// loader's retries, 401 handling and 'Success' toasts apply and tests can fake the transport.
import { useCallback, useMemo } from "react";
import { useDataProvider } from "@refinedev/core";
import type { InboxTab } from "../../../protocol/chat";
import type { ApiEnvelope } from "../../../providers/loader";
import { session } from "../../../providers/session";

export type {
  CannedReply,
  ChatMessage,
  ConversationDetail,
  ConversationPage,
  ConversationStatus,
  ConversationSummary,
  InboxTab,
} from "../../../protocol/chat";

export interface Agent {
  id: number;
  name: string;
}

type Query = Record<string, string | number | undefined | null>;
const clean = (query: Query = {}) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ""));

/** Every query of the inbox starts with this key; sign-out clears them with the rest. */
export const CHATS_KEY = "chats";

/** The selected center's code ("" for a superadmin working across centers): part of every key. */
export const centerKey = () => session.getCenter()?.code ?? "";

export const chatKeys = {
  all: [CHATS_KEY] as const,
  lists: () => [CHATS_KEY, "list", centerKey()] as const,
  list: (filter: { status: string; tab: InboxTab; q: string; center: string }) => [CHATS_KEY, "list", centerKey(), filter] as const,
  unread: () => [CHATS_KEY, "unread", centerKey()] as const,
  detail: (id: number) => [CHATS_KEY, "detail", centerKey(), id] as const,
  agents: (center: string) => [CHATS_KEY, "agents", centerKey(), center] as const,
  canned: (center: string) => [CHATS_KEY, "canned", centerKey(), center] as const,
};

export function useChatApi() {
  const dataProvider = useDataProvider();
  const call = useCallback(
    async <T>(method: "get" | "post" | "put" | "delete", url: string, body?: unknown, query?: Query): Promise<ApiEnvelope<T>> => {
      const { data } = await dataProvider().custom!<ApiEnvelope<T>>({ url, method, payload: body as object, query: clean(query) });
      return data;
    },
    [dataProvider],
  );
  return useMemo(
    () => ({
      get: <T>(url: string, query?: Query) => call<T>("get", url, undefined, query),
      post: <T>(url: string, body: unknown = {}) => call<T>("post", url, body),
      put: <T>(url: string, body: unknown) => call<T>("put", url, body),
      del: <T>(url: string, query?: Query) => call<T>("delete", url, undefined, query),
      /** POST /api/uploads (multipart `file`): the stored image's path, /uploads/<name>. */
      upload: async (file: File) => {
        const body = new FormData();
        body.append("file", file);
        return (await call<{ url: string }>("post", "/api/uploads", body)).data.url;
      },
    }),
    [call],
  );
}

export type ChatApi = ReturnType<typeof useChatApi>;

/** An image this server stored: the only attachments the inbox shows or links. */
export const isUpload = (path: unknown): path is string => typeof path === "string" && /^\/uploads\/[A-Za-z0-9._-]+$/.test(path);

/** A web address a visitor's browser reported, only when it is http(s) (never javascript: or data:). */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
