import { createElement, Fragment, type ReactNode } from "react";
import "./inputs/richText.css";

// Rich text as the reader sees it. The server sanitises rich text on save; this renders it again
// from an allow-list of tags (no dangerouslySetInnerHTML), so nothing the allow-list lacks — a
// script, a style, an event handler — can reach the page even if an old value slipped through.
const TAGS = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "sub",
  "sup",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "hr",
  "span",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
const VOID = new Set(["br", "hr"]);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes).map(convert);
  // Unknown tags keep their text but lose the tag; these lose everything.
  if (tag === "script" || tag === "style" || tag === "iframe" || tag === "object" || tag === "template") return null;
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, unknown> = { key };
  if (tag === "a") {
    const href = element.getAttribute("href") ?? "";
    if (SAFE_HREF.test(href.trim())) props.href = href.trim();
    props.target = "_blank";
    props.rel = "noopener noreferrer nofollow";
  }
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** Parses in an inert document: nothing in it runs or loads while being read. */
export function htmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return Array.from(doc.body.childNodes).map(convert);
}

/** The plain text of rich text (for search, tooltips and word diffs). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const block of Array.from(doc.body.querySelectorAll("p, li, h1, h2, h3, h4, h5, h6, blockquote, br, tr"))) {
    block.append("\n");
  }
  return (doc.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={`richtext-view${className ? ` ${className}` : ""}`}>{htmlToReact(html)}</div>;
}
