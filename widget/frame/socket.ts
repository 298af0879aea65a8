// The visitor's live connection. socket.io-client is imported here, on first use, so esbuild puts
// it in a chunk of its own that loads only once a conversation exists.
import type { ChatServerToVisitor, VisitorHandshake } from "../../protocol/chat.js";
import { SOCKET_PATH } from "../../protocol/realtime.js";

export interface VisitorEvents extends ChatServerToVisitor {
  connect: () => void;
  connect_error: (error: Error) => void;
  disconnect: (reason: string) => void;
}

/** What the frame uses of a socket (a fake in tests). */
export interface VisitorSocket {
  on<E extends keyof VisitorEvents>(event: E, listener: VisitorEvents[E]): void;
  /** Tells the staff the visitor is typing (ChatVisitorToServer["chat:typing"]). */
  typing(): void;
  close(): void;
}

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export async function connectVisitor(origin: string, token: string): Promise<VisitorSocket> {
  const { io } = await import("socket.io-client");
  const auth: VisitorHandshake = { visitor: token };
  const socket = io(origin, { path: SOCKET_PATH, auth: { ...auth }, transports: ["websocket", "polling"] });
  let closed = false;
  let retries = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on("connect", () => {
    retries = 0;
  });
  // socket.io retries a lost connection by itself, but not a handshake the server refused (its
  // database away, say): try again, less and less often. The frame closes the socket when the
  // refusal was for its token.
  socket.on("connect_error", () => {
    if (socket.active || closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => closed || socket.connect(), Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retries++));
  });
  return {
    on: (event, listener) => void socket.on(event as never, listener as never),
    typing: () => void socket.emit("chat:typing"),
    close: () => {
      closed = true;
      clearTimeout(retry);
      socket.disconnect();
    },
  };
}
