// The chat frame (/widget/frame, on our origin, inside the website's iframe): the start form, then
// the live thread. Everything it needs from outside comes in `FrameEnv`, so the tests run it in
// jsdom with a fake fetch and socket; main.ts starts it with the browser's.
import { MESSAGE_MAX, NAME_MAX, type ConversationStatus, type VisitorMessage, type WidgetCenter } from "../../protocol/chat.js";
import { REFUSAL } from "../../protocol/realtime.js";
import { fill, frameText, pickLanguage } from "../i18n.js";
import type { WidgetMessage } from "../loader.js";
import {
  awaitingReply,
  charactersLeft,
  confirmSent,
  isCenterCode,
  markFailed,
  markSending,
  mergeMessages,
  oldestId,
  startFieldOf,
  storageKey,
  TYPING_SHOWN_MS,
  typingDue,
  validateStart,
  type StartField,
  type ThreadItem,
} from "../logic.js";
import { createApi } from "./api.js";
import { h } from "./dom.js";
import type { VisitorSocket } from "./socket.js";
import { tokenStore } from "./tokens.js";
import { messageElement, typingText, updateMeta, type MessageContext } from "./thread.js";

export interface FrameEnv {
  window: Window;
  fetch: typeof fetch;
  connect(token: string): Promise<VisitorSocket>;
}

const RECONNECTING_AFTER_MS = 3_000;

export function startFrame(env: FrameEnv): void {
  const win = env.window;
  const doc = win.document;
  const params = new URL(win.location.href).searchParams;
  const center = (params.get("center") ?? "").trim();
  const lang = pickLanguage(params.get("lang"), win.navigator.language);
  const t = frameText[lang];
  const page = params.get("page") ?? "";
  const referrer = params.get("referrer") ?? "";
  const origin = win.location.origin;
  const api = createApi(env.fetch, origin, lang);
  const embedded = win.parent !== win;

  // The token lives in this frame (our origin), never in the website's storage.
  const tokens = tokenStore(win, storageKey(center));

  doc.documentElement.lang = lang;
  doc.title = t.title;

  // The shell: a header with the center's name (and a close button inside the website's page).
  const title = h(doc, "h1", { class: "cc-title" }, t.title);
  const header = h(doc, "header", { class: "cc-header" }, h(doc, "div", { class: "cc-heading" }, title, h(doc, "p", { class: "cc-subtitle" }, t.subtitle)));
  if (embedded) {
    const close = h(doc, "button", { type: "button", class: "cc-close", "aria-label": t.close }, "×");
    close.addEventListener("click", () => tell({ type: "close" }));
    header.append(close);
  }
  const main = h(doc, "main", { class: "cc-main" });
  const app = doc.getElementById("app") ?? doc.body;
  app.replaceChildren(header, main);

  let visible = true;
  let unread = 0;
  /** The field to focus when the frame opens. */
  let primary: HTMLElement | null = null;
  /** Stops the current screen's timers and socket. */
  let leave: () => void = () => {};

  function tell(message: Omit<WidgetMessage, "cc">): void {
    if (embedded) win.parent.postMessage({ cc: "chat", ...message }, "*");
  }

  win.addEventListener("message", (event) => {
    const data = event.data as WidgetMessage | null;
    if (event.source !== win.parent || data?.cc !== "chat") return;
    if (data.type === "open") {
      visible = true;
      if (unread > 0) tell({ type: "unread", count: (unread = 0) });
      primary?.focus();
    } else if (data.type === "closed") {
      visible = false;
    }
  });
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && embedded) {
      event.preventDefault();
      tell({ type: "close" });
    }
  });

  function show(...nodes: Node[]): void {
    leave();
    leave = () => {};
    primary = null;
    main.replaceChildren(...nodes);
  }

  function setCenterName(name: string): void {
    title.textContent = name || t.title;
  }

  function showLoading(): void {
    show(h(doc, "p", { class: "cc-state", role: "status" }, t.loading));
  }

  function showUnavailable(): void {
    setCenterName("");
    show(h(doc, "div", { class: "cc-state", role: "alert" }, h(doc, "h2", {}, t.unavailable), h(doc, "p", {}, t.unavailableHint)));
  }

  function showError(status: number, retry: () => void): void {
    const button = h(doc, "button", { type: "button", class: "cc-secondary" }, t.tryAgain);
    button.addEventListener("click", retry);
    show(h(doc, "div", { class: "cc-state", role: "alert" }, h(doc, "p", {}, status === 0 ? t.offline : t.failed), button));
    primary = button;
  }

  function hoursLine(hours: string | null): HTMLElement | null {
    return hours ? h(doc, "p", { class: "cc-hours" }, fill(t.hours, { hours })) : null;
  }

  // ---- Opening: a stored token resumes its conversation; otherwise the start form.

  async function begin(): Promise<void> {
    if (!isCenterCode(center)) return showUnavailable();
    showLoading();
    const token = tokens.get();
    if (token) {
      const answer = await api.history(token);
      if (answer.status === 200 && answer.data) {
        const { conversation, messages, has_more } = answer.data;
        return showThread(token, conversation, conversation.status, messages, has_more);
      }
      if (answer.status !== 401 && answer.status !== 404) return showError(answer.status, () => void begin());
      tokens.set(null);
    }
    await showStartFor();
  }

  async function showStartFor(prefill = ""): Promise<void> {
    showLoading();
    const answer = await api.center(center);
    if (answer.status === 404) return showUnavailable();
    if (answer.status !== 200 || !answer.data) return showError(answer.status, () => void showStartFor(prefill));
    showStart(answer.data, prefill);
  }

  // ---- The start form.

  function showStart(info: WidgetCenter, prefill: string): void {
    setCenterName(info.center_name);
    const fields: Record<StartField, { control: HTMLInputElement | HTMLTextAreaElement; error: HTMLElement; wrap: HTMLElement }> = {
      name: field("name", t.name, h(doc, "input", { type: "text", autocomplete: "name", maxlength: String(NAME_MAX), "aria-required": "true" })),
      contact: field("contact", t.contact, h(doc, "input", { type: "text", autocomplete: "email", inputmode: "email", maxlength: "254" })),
      message: field("message", t.message, h(doc, "textarea", { rows: "4", maxlength: String(MESSAGE_MAX), "aria-required": "true" })),
    };
    fields.message.control.value = prefill;
    const formError = h(doc, "p", { class: "cc-form-error", role: "alert" });
    const submit = h(doc, "button", { type: "submit", class: "cc-primary" }, t.send);
    const form = h(
      doc,
      "form",
      { class: "cc-start", novalidate: "" },
      h(doc, "p", { class: "cc-intro" }, t.intro),
      fields.name.wrap,
      fields.contact.wrap,
      fields.message.wrap,
      formError,
      submit,
      hoursLine(info.opening_hours),
    );

    function field(name: StartField, label: string, control: HTMLInputElement | HTMLTextAreaElement) {
      const id = `cc-${name}`;
      control.id = id;
      control.name = name;
      control.setAttribute("aria-describedby", `${id}-error`);
      const error = h(doc, "p", { class: "cc-field-error", id: `${id}-error` });
      const wrap = h(doc, "div", { class: "cc-field" }, h(doc, "label", { for: id }, label), control, error);
      return { control, error, wrap };
    }

    function showErrors(errors: Partial<Record<StartField | "form", string>>): void {
      for (const [name, { control, error }] of Object.entries(fields)) {
        const message = errors[name as StartField] ?? "";
        error.textContent = message;
        if (message) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      }
      formError.textContent = errors.form ?? "";
      const first = (["name", "contact", "message"] as const).find((name) => errors[name]);
      if (first) fields[first].control.focus();
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (submit.disabled) return;
      const checked = validateStart(
        { name: fields.name.control.value, contact: fields.contact.control.value, message: fields.message.control.value },
        { lang, page, referrer },
        t,
      );
      if (checked.errors) return showErrors(checked.errors);
      showErrors({});
      submit.disabled = true;
      submit.textContent = t.sending;
      const answer = await api.start(center, checked.body);
      submit.disabled = false;
      submit.textContent = t.send;
      if (answer.status === 200 && answer.data) {
        const { token, conversation, messages } = answer.data;
        tokens.set(token);
        return showThread(token, info, conversation.status, messages, false);
      }
      if (answer.status === 404) return showUnavailable();
      if (answer.status === 400) {
        const errors: Partial<Record<StartField | "form", string>> = {};
        for (const [name, message] of Object.entries(answer.errors)) {
          const target = startFieldOf(name);
          errors[target] = errors[target] ? `${errors[target]}; ${message}` : message;
        }
        if (Object.keys(errors).length === 0) errors.form = answer.message || t.failed;
        return showErrors(errors);
      }
      showErrors({ form: answer.status === 429 ? t.tooMany : answer.status === 0 ? t.offline : t.failed });
    });

    show(form);
    primary = fields.name.control;
    if (visible) primary.focus();
  }

  // ---- The thread.

  function showThread(token: string, info: WidgetCenter, initialStatus: ConversationStatus, messages: VisitorMessage[], initialHasMore: boolean): void {
    setCenterName(info.center_name);
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
    const send = h(doc, "button", { type: "submit", class: "cc-send", "aria-label": t.send }, sendIcon());
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
        if (!visible) tell({ type: "unread", count: (unread += replies.length) });
      }
    }

    /** The token no longer opens the conversation: forget it, back to the start form. */
    function restart(prefill = ""): void {
      tokens.set(null);
      void showStartFor(prefill);
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

    env
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

    show(scroller, connection, form);
    leave = () => {
      closed = true;
      socket?.close();
      clearTimeout(typingTimer);
      clearTimeout(hoursTimer);
      clearTimeout(reconnectTimer);
    };
    typing.hidden = true;
    connection.hidden = true;
    render();
    toBottom();
    primary = composer;
    if (visible) composer.focus();
  }

  function sendIcon(): SVGSVGElement {
    const ns = "http://www.w3.org/2000/svg";
    const svg = doc.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    const path = doc.createElementNS(ns, "path");
    path.setAttribute("d", "M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9z");
    svg.append(path);
    return svg;
  }

  void begin();
}
