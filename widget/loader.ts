// The loader (widget.js, entry widget/widget.ts), the script a school's website includes:
//   <script src="https://console.example/widget.js" data-center="JKT01" async></script>
// It draws the chat bubble (in a Shadow DOM, so the page's CSS cannot reach it) and loads nothing
// else until the visitor clicks it; then it opens the conversation in an iframe on our origin
// (/widget/frame), where the conversation and its token live, out of the page's reach. It never
// reads or writes the page's cookies or storage. Optional attributes: data-lang="en|id",
// data-position="left".
import { loaderText, pickLanguage } from "./i18n.js";
import { frameSrc } from "./logic.js";

/** What the frame and the loader tell each other through postMessage. */
export interface WidgetMessage {
  cc: "chat";
  /** To the frame: open, closed. To the loader: close (its button, Escape), unread (replies while closed). */
  type: "open" | "closed" | "close" | "unread";
  count?: number;
}

const CSS = `
.w{position:fixed;right:20px;bottom:20px;z-index:2147483000;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color-scheme:light}
.w.l{right:auto;left:20px}
.b{all:initial;box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:60px;height:60px;border-radius:50%;background:#1f5fd6;color:#fff;cursor:pointer;box-shadow:0 6px 20px rgba(15,23,42,.28);transition:transform .15s ease,background-color .15s ease;position:relative}
.b:hover{background:#174bb0;transform:scale(1.05)}
.b:focus-visible{outline:3px solid #93b4f5;outline-offset:3px}
.b svg{width:28px;height:28px;fill:currentColor}
.b .x,.b[aria-expanded=true] .c{display:none}
.b[aria-expanded=true] .x{display:block}
.n{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;background:#e5484d;color:#fff;font:600 12px/20px system-ui,sans-serif;text-align:center}
.n[hidden],.f[hidden]{display:none}
.f{position:fixed;right:20px;bottom:92px;width:370px;height:560px;max-height:calc(100vh - 112px);border:0;border-radius:16px;background:#fff;box-shadow:0 12px 48px rgba(15,23,42,.3);color-scheme:light}
.l .f{right:auto;left:20px}
@media (max-width:480px){.f{right:0;left:0;top:0;bottom:0;width:100%;height:100%;max-height:none;border-radius:0}.l .f{left:0}}
@media (prefers-reduced-motion:reduce){.b{transition:none}}
`;

const CHAT_ICON = "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z";
const CLOSE_ICON = "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z";

function icon(document: Document, path: string, className: string): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", className);
  const shape = document.createElementNS(ns, "path");
  shape.setAttribute("d", path);
  svg.append(shape);
  return svg;
}

/** The styles, without a <style> element where the browser allows it (a page's CSP may forbid inline styles). */
function adoptStyles(win: Window & typeof globalThis, root: ShadowRoot): void {
  try {
    const sheet = new win.CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = win.document.createElement("style");
    style.textContent = CSS;
    root.append(style);
  }
}

/** Draws the bubble for the script tag `script` in its window. */
export function mountWidget(win: Window & typeof globalThis, script: HTMLScriptElement): void {
  const { document, location, navigator } = win;
  const center = (script.getAttribute("data-center") ?? "").trim();
  if (!center) {
    win.console.warn("Chat widget: the script tag needs a data-center attribute");
    return;
  }
  // One bubble, however many times the page includes the script.
  if (document.querySelector("cc-chat-widget")) return;

  const origin = new URL(script.src, location.href).origin;
  const lang = pickLanguage(script.getAttribute("data-lang"), navigator.language);
  const text = loaderText[lang];

  const host = document.createElement("cc-chat-widget");
  // Inline, important: the page's own rules (`* { display: none }`, resets) cannot undo them.
  host.style.setProperty("all", "initial", "important");
  host.style.setProperty("display", "block", "important");
  const root = host.attachShadow({ mode: "open" });
  adoptStyles(win, root);

  const wrap = document.createElement("div");
  wrap.className = /left/i.test(script.getAttribute("data-position") ?? "") ? "w l" : "w";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "b";
  button.setAttribute("aria-label", text.bubble);
  button.setAttribute("aria-expanded", "false");
  const badge = document.createElement("span");
  badge.className = "n";
  badge.hidden = true;
  badge.setAttribute("aria-hidden", "true");
  button.append(icon(document, CHAT_ICON, "c"), icon(document, CLOSE_ICON, "x"), badge);
  wrap.append(button);
  root.append(wrap);

  let frame: HTMLIFrameElement | undefined;
  let open = false;

  const tell = (type: WidgetMessage["type"]) => frame?.contentWindow?.postMessage({ cc: "chat", type } satisfies WidgetMessage, origin);

  function setOpen(next: boolean, focusBubble = false): void {
    open = next;
    button.setAttribute("aria-expanded", String(open));
    if (open && !frame) {
      frame = document.createElement("iframe");
      frame.className = "f";
      frame.id = "cc-chat-frame";
      frame.title = text.frameTitle;
      frame.src = frameSrc(origin, { center, lang, page: location.href, referrer: document.referrer });
      frame.addEventListener("load", () => {
        if (open) tell("open");
      });
      button.setAttribute("aria-controls", frame.id);
      wrap.append(frame);
    } else if (frame) {
      tell(open ? "open" : "closed");
    }
    if (frame) frame.hidden = !open;
    if (open) {
      badge.hidden = true;
      frame?.focus();
    } else if (focusBubble) {
      button.focus();
    }
  }

  button.addEventListener("click", () => setOpen(!open));
  root.addEventListener("keydown", (event) => {
    if ((event as KeyboardEvent).key === "Escape" && open) setOpen(false, true);
  });
  // The frame asks to close (its close button, Escape inside it) and reports unread replies.
  win.addEventListener("message", (event) => {
    const data = event.data as WidgetMessage | null;
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin || data?.cc !== "chat") return;
    if (data.type === "close") setOpen(false, true);
    if (data.type === "unread") {
      const count = Math.max(0, Math.floor(Number(data.count) || 0));
      badge.textContent = count > 9 ? "9+" : String(count);
      badge.hidden = open || count === 0;
    }
  });

  if (document.body) document.body.append(host);
  else document.addEventListener("DOMContentLoaded", () => document.body.append(host));
}
