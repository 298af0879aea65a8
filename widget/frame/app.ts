// The chat frame (/widget/frame, on our origin, inside the website's iframe): the start form, then
// the live thread. Everything it needs from outside comes in `FrameEnv`, so the tests run it in
// jsdom with a fake fetch and socket; main.ts starts it with the browser's.
import { fill, frameText, pickLanguage } from "../i18n.js";
import type { WidgetMessage } from "../loader.js";
import { isCenterCode, storageKey } from "../logic.js";
import { createApi } from "./api.js";
import { h } from "./dom.js";
import type { Frame, FrameEnv } from "./frame.js";
import { showStart } from "./startForm.js";
import { showThread } from "./threadScreen.js";
import { tokenStore } from "./tokens.js";

export type { FrameEnv } from "./frame.js";

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
      if (unread > 0) {
        unread = 0;
        tell({ type: "unread", count: 0 });
      }
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
        return frame.showThread(token, conversation, conversation.status, messages, has_more);
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
    showStart(frame, answer.data, prefill);
  }

  const frame: Frame = {
    doc,
    t,
    lang,
    origin,
    center,
    page,
    referrer,
    api,
    tokens,
    connect: (token) => env.connect(token),
    show,
    onLeave: (stop) => (leave = stop),
    setPrimary(element) {
      primary = element;
      if (visible) element.focus();
    },
    setCenterName,
    hoursLine,
    addUnread(count) {
      if (visible) return;
      unread += count;
      tell({ type: "unread", count: unread });
    },
    showUnavailable,
    showError,
    showStartFor,
    showThread: (...args) => showThread(frame, ...args),
  };

  void begin();
}
