// What the frame's screens share: its document, language, API, token store and the shell's
// controls (which screen shows, which field has focus, the unread count told to the website).
import type { ConversationStatus, VisitorMessage, WidgetCenter } from "../../protocol/chat.js";
import type { FrameText, Lang } from "../i18n.js";
import type { ChatApi } from "./api.js";
import type { VisitorSocket } from "./socket.js";
import type { TokenStore } from "./tokens.js";

export interface FrameEnv {
  window: Window;
  fetch: typeof fetch;
  connect(token: string): Promise<VisitorSocket>;
}

export interface Frame {
  doc: Document;
  t: FrameText;
  lang: Lang;
  origin: string;
  /** The center code the website's snippet names. */
  center: string;
  page: string;
  referrer: string;
  api: ChatApi;
  tokens: TokenStore;
  connect: FrameEnv["connect"];
  /** Replaces the screen (stopping the previous one's timers and socket). */
  show(...nodes: Node[]): void;
  /** What to stop when the current screen is replaced. */
  onLeave(stop: () => void): void;
  /** The field that gets focus when the frame opens (now, if it is open). */
  setPrimary(element: HTMLElement): void;
  setCenterName(name: string): void;
  hoursLine(hours: string | null): HTMLElement | null;
  /** Replies that arrived: counted for the website's bubble while the frame is closed. */
  addUnread(count: number): void;
  showUnavailable(): void;
  showError(status: number, retry: () => void): void;
  showStartFor(prefill?: string): Promise<void>;
  showThread(token: string, info: WidgetCenter, status: ConversationStatus, messages: VisitorMessage[], hasMore: boolean): void;
}
