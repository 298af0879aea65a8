// The frame's REST calls to /api/public/chat (the API's envelope: {statusCode, data} or
// {statusCode, message, errors}). A network failure answers status 0; nothing throws.
import type { ConversationStatus, VisitorMessage, WidgetCenter } from "../../protocol/chat.js";
import type { StartBody } from "../logic.js";

/** The header that carries the visitor's token (from starting a conversation). */
export const VISITOR_TOKEN_HEADER = "X-Visitor-Token";
const TIMEOUT_MS = 20_000;

export interface Answer<T> {
  /** 0 when the server could not be reached. */
  status: number;
  data: T | null;
  message: string;
  errors: Record<string, string>;
}

export interface Started {
  token: string;
  conversation: { id: number; number: number; status: ConversationStatus };
  messages: VisitorMessage[];
}

export interface History {
  conversation: { id: number; number: number; status: ConversationStatus } & WidgetCenter;
  messages: VisitorMessage[];
  has_more: boolean;
}

export type ChatApi = ReturnType<typeof createApi>;

/** `lang`: the frame's language, in which the server words its messages (field errors). */
export function createApi(fetchFn: typeof fetch, origin: string, lang = "en") {
  async function call<T>(path: string, init: { method?: "GET" | "POST"; token?: string; body?: unknown } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: "application/json", "accept-language": lang };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.token) headers[VISITOR_TOKEN_HEADER] = init.token;
    let response: Response;
    try {
      response = await fetchFn(origin + path, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        cache: "no-store",
        signal: typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
      });
    } catch {
      return { status: 0, data: null, message: "", errors: {} };
    }
    const body = (await response.json().catch(() => null)) as { data?: T; message?: string; errors?: Record<string, string> } | null;
    return {
      status: response.status,
      data: response.ok ? (body?.data ?? null) : null,
      message: typeof body?.message === "string" ? body.message : "",
      errors: body?.errors && typeof body.errors === "object" ? body.errors : {},
    };
  }

  const base = "/api/public/chat";
  return {
    center: (center: string) => call<WidgetCenter>(`${base}/${encodeURIComponent(center)}`),
    start: (center: string, body: StartBody) => call<Started>(`${base}/${encodeURIComponent(center)}/conversations`, { method: "POST", body }),
    history: (token: string, before?: number) => call<History>(`${base}/conversation${before ? `?before=${before}` : ""}`, { token }),
    send: (token: string, text: string) => call<VisitorMessage>(`${base}/conversation/messages`, { method: "POST", token, body: { text } }),
  };
}
