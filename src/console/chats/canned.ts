// Canned replies in the composer: "/" at the start of an empty message opens them, what follows
// filters them (short codes that start with it first, then any whose code, or from two letters
// on whose text, holds it).
import type { CannedReply } from "../../../protocol/chat";

/** The filter after a leading "/" (no space or line break yet), or null when the picker is not asked for. */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(text);
  return match ? match[1]! : null;
}

export function filterCanned(replies: readonly CannedReply[], query: string, limit = 8): CannedReply[] {
  const q = query.trim().toLowerCase();
  if (!q) return replies.slice(0, limit);
  const starts = replies.filter((r) => r.short_code.toLowerCase().startsWith(q));
  // One letter is in nearly every text: the texts are searched from the second.
  const contains = replies.filter((r) => !starts.includes(r) && (r.short_code.toLowerCase().includes(q) || (q.length > 1 && r.text.toLowerCase().includes(q))));
  return [...starts, ...contains].slice(0, limit);
}

/** The next highlighted row for ArrowDown (+1) or ArrowUp (-1), wrapping around. */
export function moveActive(index: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}
