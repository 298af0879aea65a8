// A conversation's loaded messages: the latest page, earlier pages as they are asked for, and
// messages heard live, each once and oldest first.
import type { ChatMessage, ThreadPage } from "../../../protocol/chat";

export type { ThreadPage };

/** Two lists of messages as one, each id once (the later copy wins), oldest first. */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * The thread after reading its latest page again (a reconnect): what was loaded stays, unless
 * the new page does not reach it (more new messages than a page), then the new page alone.
 */
export function withLatest(loaded: ThreadPage | undefined, latest: ThreadPage): ThreadPage {
  if (!loaded || loaded.docs.length === 0) return latest;
  if (latest.docs.length === 0) return loaded;
  const gap = latest.has_more && latest.docs[0]!.id > loaded.docs.at(-1)!.id;
  return gap ? latest : { docs: mergeMessages(loaded.docs, latest.docs), has_more: loaded.has_more };
}

/** The thread with an earlier page put in front of it. */
export const withEarlier = (loaded: ThreadPage, earlier: ThreadPage): ThreadPage => ({
  docs: mergeMessages(earlier.docs, loaded.docs),
  has_more: earlier.has_more,
});

/** The thread with messages heard live (or a send's answer) added. */
export const withMessages = (loaded: ThreadPage, messages: readonly ChatMessage[]): ThreadPage => ({ ...loaded, docs: mergeMessages(loaded.docs, messages) });
