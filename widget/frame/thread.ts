// One message of the thread as elements: a bubble (the visitor's on the right, staff's on the left
// under their name), its links and image, and a line with its time or its sending state. Text
// goes in as text nodes (dom.ts): a message that says <b>hi</b> shows those characters.
import { fill, type FrameText, type Lang } from "../i18n.js";
import { formatTime, linkParts, type ThreadItem } from "../logic.js";
import { h } from "./dom.js";

export interface MessageContext {
  doc: Document;
  t: FrameText;
  lang: Lang;
  /** Our origin: an attachment's path (/uploads/…) is an image there. */
  origin: string;
  now: number;
  onRetry(key: string): void;
}

export function messageElement(ctx: MessageContext, item: ThreadItem): HTMLElement {
  const { doc, t } = ctx;
  const mine = !item.message || item.message.kind === "visitor";
  const element = h(doc, "div", { class: `cc-msg ${mine ? "cc-mine" : "cc-theirs"}`, "data-key": item.key });
  // The visitor's own name is implied by the side; screen readers hear it.
  const author = mine ? h(doc, "span", { class: "cc-sr" }, `${t.you}:`) : h(doc, "span", { class: "cc-author" }, item.message?.author_name || t.staff);
  const bubble = h(doc, "div", { class: "cc-bubble" });
  if (item.text) {
    const text = h(doc, "p", { class: "cc-text" });
    for (const part of linkParts(item.text)) {
      text.append(
        part.href ? h(doc, "a", { href: part.href, target: "_blank", rel: "noopener noreferrer nofollow" }, part.text) : doc.createTextNode(part.text),
      );
    }
    bubble.append(text);
  }
  const attachment = item.message?.attachment;
  if (attachment && attachment.startsWith("/") && !attachment.startsWith("//")) {
    const href = ctx.origin + attachment;
    bubble.append(h(doc, "a", { class: "cc-image", href, target: "_blank", rel: "noopener" }, h(doc, "img", { src: href, alt: t.image, loading: "lazy" })));
  }
  element.append(author, bubble, h(doc, "div", { class: "cc-meta" }));
  updateMeta(ctx, element, item);
  return element;
}

/** The line under a bubble: its time, "Sending…", or "Not sent — Retry". */
export function updateMeta(ctx: MessageContext, element: HTMLElement, item: ThreadItem): void {
  const { doc, t } = ctx;
  const meta = element.querySelector(".cc-meta")!;
  element.classList.toggle("cc-failed", item.state === "failed");
  element.classList.toggle("cc-sending", item.state === "sending");
  if (item.state === "sending") {
    meta.replaceChildren(t.sending);
  } else if (item.state === "failed") {
    const retry = h(doc, "button", { type: "button", class: "cc-retry" }, t.retry);
    retry.addEventListener("click", () => ctx.onRetry(item.key));
    meta.replaceChildren(h(doc, "span", { class: "cc-error-text" }, `${t.notSent}${item.error ? ` (${item.error})` : ""} — `), retry);
  } else if (item.message) {
    meta.replaceChildren(h(doc, "time", { datetime: item.message.created_at }, formatTime(item.message.created_at, ctx.lang, ctx.now)));
  }
}

/** "Rina is typing…", or "" */
export const typingText = (t: FrameText, name: string | null) => (name ? fill(t.typing, { name }) : "");
