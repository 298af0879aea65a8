// The live thread: messages (sent, sending, failed with a retry), older pages, typing, the
// conversation's status, opening hours while a reply is awaited, and the socket's comings and goings.
import { MESSAGE_MAX, type ConversationStatus, type VisitorMessage, type WidgetCenter } from "../../protocol/chat.js";
import { REFUSAL } from "../../protocol/realtime.js";
import { fill } from "../i18n.js";
import {
  awaitingReply,
  charactersLeft,
  confirmSent,
  markFailed,
  markSending,
  mergeMessages,
  oldestId,
  TYPING_SHOWN_MS,
  typingDue,
  type ThreadItem,
} from "../logic.js";
import { h } from "./dom.js";
import type { Frame } from "./frame.js";
import type { VisitorSocket } from "./socket.js";
import { messageElement, typingText, updateMeta, type MessageContext } from "./thread.js";

const RECONNECTING_AFTER_MS = 3_000;

export function showThread(
  frame: Frame,
  token: string,
  info: WidgetCenter,
  initialStatus: ConversationStatus,
  messages: VisitorMessage[],
  initialHasMore: boolean,
): void {
  const { doc, t, api, lang, origin } = frame;
  frame.setCenterName(info.center_name);
  let items: ThreadItem[] = mergeMessages([], messages);
  let status = initialStatus;
  let hasMore = initialHasMore;
  let socket: VisitorSocket | null = null;
  let closed = false;
  let localCount = 0;
  let lastTyping = -Infinity;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let hoursTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const elements = new Map<string, { element: HTMLElement; signature: string }>();

  const more = h(doc, "button", { type: "button", class: "cc-more" }, t.earlier);
  const log = h(doc, "div", { class: "cc-log", role: "log", "aria-live": "polite", "aria-label": t.thread, tabindex: "0" });
  const typing = h(doc, "p", { class: "cc-typing", "aria-live": "polite" });
  const closedLine = h(doc, "p", { class: "cc-notice", role: "status" });
  const hours = h(doc, "p", { class: "cc-hours", role: "status" });
  const scroller = h(doc, "div", { class: "cc-scroll" }, more, log, typing, closedLine, hours);
  const connection = h(doc, "p", { class: "cc-connection", role: "status" });
  const composer = h(doc, "textarea", {
    id: "cc-composer",
    class: "cc-composer-input",
    rows: "1",
    maxlength: String(MESSAGE_MAX),
    placeholder: t.composer,
    "aria-describedby": "cc-counter",
  });
  const counter = h(doc, "span", { class: "cc-counter", id: "cc-counter" });
  const send = h(doc, "button", { type: "submit", class: "cc-send", "aria-label": t.send }, sendIcon(doc));
  const form = h(
    doc,
    "form",
    { class: "cc-composer", novalidate: "" },
    h(doc, "label", { for: "cc-composer", class: "cc-sr" }, t.message),
    composer,
    counter,
    send,
  );

  const context = (): MessageContext => ({ doc, t, lang, origin, now: Date.now(), onRetry: (k) => void deliver(k) });

  function nearBottom(): boolean {
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
  }
  function toBottom(): void {
    scroller.scrollTop = scroller.scrollHeight;
  }

  /** Brings the log's elements in line with `items`, touching only what changed. */
  function render(): void {
    const ctx = context();
    const keys = new Set(items.map((item) => item.key));
    for (const [k, { element }] of elements) {
      if (!keys.has(k)) {
        element.remove();
        elements.delete(k);
      }
    }
    let previous: Element | null = null;
    for (const item of items) {
      const signature = `${item.state}:${item.message?.id ?? ""}:${item.error ?? ""}`;
      let entry = elements.get(item.key);
      if (!entry) {
        entry = { element: messageElement(ctx, item), signature };
        elements.set(item.key, entry);
      } else if (entry.signature !== signature) {
        updateMeta(ctx, entry.element, item);
        entry.signature = signature;
      }
      const expected: Element | null = previous ? previous.nextElementSibling : log.firstElementChild;
      if (entry.element !== expected) log.insertBefore(entry.element, expected);
      previous = entry.element;
    }
    more.hidden = !hasMore;
    closedLine.textContent = status === "resolved" ? t.closed : "";
    closedLine.hidden = status !== "resolved";
    updateHours();
  }

  function updateHours(): void {
    clearTimeout(hoursTimer);
    const due = info.opening_hours ? awaitingReply(items, Date.now()) : { show: false, recheckIn: null };
    hours.textContent = due.show ? fill(t.hours, { hours: info.opening_hours! }) : "";
    hours.hidden = !due.show;
    if (due.recheckIn !== null) hoursTimer = setTimeout(updateHours, due.recheckIn + 50);
  }

  function update(next: ThreadItem[], scroll: "keep" | "bottom" | "follow" = "follow"): void {
    const follow = scroll === "bottom" || (scroll === "follow" && nearBottom());
    items = next;
    render();
    if (follow) toBottom();
  }

  function showTyping(name: string | null): void {
    clearTimeout(typingTimer);
    typing.textContent = typingText(t, name);
    typing.hidden = !name;
    if (name) typingTimer = setTimeout(() => showTyping(null), TYPING_SHOWN_MS);
  }

  function received(incoming: VisitorMessage[]): void {
    const before = new Set(items.flatMap((item) => (item.message ? [item.message.id] : [])));
    update(mergeMessages(items, incoming));
    const replies = incoming.filter((m) => m.kind === "staff" && !before.has(m.id));
    if (replies.length > 0) {
      showTyping(null);
      frame.addUnread(replies.length);
    }
  }

  /** The token no longer opens the conversation: forget it, back to the start form. */
  function restart(prefill = ""): void {
    frame.tokens.set(null);
    void frame.showStartFor(prefill);
  }

  /** Sends (or resends) the item `k`. */
  async function deliver(k: string): Promise<void> {
    const item = items.find((i) => i.key === k);
    if (!item || item.state === "sent") return;
    update(markSending(items, k));
    const answer = await api.send(token, item.text);
    if (closed) return;
    if (answer.status === 200 && answer.data) {
      if (status === "resolved") status = "open";
      return update(confirmSent(items, k, answer.data));
    }
    if (answer.status === 401 || answer.status === 404) return restart(item.text);
    const why = answer.status === 429 ? t.tooMany : answer.status === 400 ? Object.values(answer.errors)[0] || answer.message : undefined;
    update(markFailed(items, k, why));
  }

  function submitComposer(): void {
    const text = composer.value;
    if (!text.trim()) return;
    const k = `local-${++localCount}`;
    composer.value = "";
    counter.textContent = "";
    update([...items, { key: k, message: null, text, state: "sending" }], "bottom");
    void deliver(k);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submitComposer();
  });
  composer.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submitComposer();
    }
  });
  composer.addEventListener("input", () => {
    counter.textContent = charactersLeft(composer.value.length, t);
    const now = Date.now();
    if (socket && composer.value && typingDue(lastTyping, now)) {
      lastTyping = now;
      socket.typing();
    }
  });

  more.addEventListener("click", async () => {
    const before = oldestId(items);
    if (before === null) return;
    more.disabled = true;
    const answer = await api.history(token, before);
    more.disabled = false;
    if (closed) return;
    if (answer.status === 401 || answer.status === 404) return restart();
    if (answer.status !== 200 || !answer.data) return;
    const height = scroller.scrollHeight;
    hasMore = answer.data.has_more;
    update(mergeMessages(items, answer.data.messages), "keep");
    scroller.scrollTop += scroller.scrollHeight - height;
  });

  /** After a reconnection: what came while the socket was away. */
  async function catchUp(): Promise<void> {
    const answer = await api.history(token);
    if (closed) return;
    if (answer.status === 401 || answer.status === 404) return restart();
    if (answer.status !== 200 || !answer.data) return;
    status = answer.data.conversation.status;
    received(answer.data.messages);
  }

  frame
    .connect(token)
    .then((live) => {
      if (closed) return live.close();
      socket = live;
      let connectedBefore = false;
      live.on("connect", () => {
        clearTimeout(reconnectTimer);
        connection.textContent = "";
        connection.hidden = true;
        if (connectedBefore) void catchUp();
        connectedBefore = true;
      });
      live.on("disconnect", () => {
        clearTimeout(reconnectTimer);
        reconnectTimer = setTimeout(() => {
          connection.textContent = t.reconnecting;
          connection.hidden = false;
        }, RECONNECTING_AFTER_MS);
      });
      live.on("connect_error", (error) => {
        // Refused at the handshake: the token may have ended (checked through REST).
        if (error.message === REFUSAL.unauthorized) void catchUp();
      });
      live.on("chat:message", (message) => received([message]));
      live.on("chat:typing", ({ name }) => showTyping(name));
      live.on("chat:status", ({ status: next }) => {
        status = next;
        render();
      });
    })
    .catch(() => {
      /* No live updates (the chunk failed to load): sends and history still work. */
    });

  frame.show(scroller, connection, form);
  frame.onLeave(() => {
    closed = true;
    socket?.close();
    clearTimeout(typingTimer);
    clearTimeout(hoursTimer);
    clearTimeout(reconnectTimer);
  });
  typing.hidden = true;
  connection.hidden = true;
  render();
  toBottom();
  frame.setPrimary(composer);
}

function sendIcon(doc: Document): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = doc.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = doc.createElementNS(ns, "path");
  path.setAttribute("d", "M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9z");
  svg.append(path);
  return svg;
}
