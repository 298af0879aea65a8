import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../../protocol/chat";
import { matchEcho, outboxReducer, pendingMessage, type Pending } from "../outbox";
import { mergeMessages, withEarlier, withLatest, withMessages } from "../thread";

const ME = 7;
const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 5,
  kind: "staff",
  text: `Message ${id}`,
  attachment: null,
  author: { id: ME, name: "Rina" },
  created_at: new Date(2025, 0, 1, 10, id).toISOString(),
  ...extra,
});

describe("the outbox of unconfirmed sends", () => {
  it("adds a message as sending, marks it failed with the reason, sends it again on retry, drops it once sent", () => {
    const first = pendingMessage(5, "staff", "  Hello there \n");
    expect(first).toMatchObject({ conversation_id: 5, kind: "staff", text: "Hello there", status: "sending", attachment: null });
    const second = pendingMessage(5, "note", "Call her back");
    expect(second.key).not.toBe(first.key);

    let state = outboxReducer([], { type: "add", pending: first });
    state = outboxReducer(state, { type: "add", pending: second });
    state = outboxReducer(state, { type: "failed", key: first.key, error: "The server is unavailable" });
    expect(state.map((p) => [p.text, p.status, p.error])).toEqual([
      ["Hello there", "failed", "The server is unavailable"],
      ["Call her back", "sending", undefined],
    ]);
    state = outboxReducer(state, { type: "retry", key: first.key });
    expect(state[0]).toMatchObject({ status: "sending", error: undefined });
    state = outboxReducer(state, { type: "sent", key: first.key });
    expect(state.map((p) => p.key)).toEqual([second.key]);
    state = outboxReducer(state, { type: "discard", key: second.key });
    expect(state).toEqual([]);
  });

  it("takes the socket's echo of this user's message as its confirmation, the oldest alike first", () => {
    const a = pendingMessage(5, "staff", "Yes");
    const b = pendingMessage(5, "staff", "Yes");
    const note = pendingMessage(5, "note", "Yes");
    const state: Pending[] = [a, b, note];
    expect(matchEcho(state, message(10, { text: "Yes" }), ME)).toBe(a);
    expect(matchEcho(state, message(11, { text: "Yes", kind: "note" }), ME)).toBe(note);
    // Someone else's, another conversation's, another text, a visitor's: not ours.
    expect(matchEcho(state, message(12, { text: "Yes", author: { id: 8, name: "Sari" } }), ME)).toBeUndefined();
    expect(matchEcho(state, message(13, { text: "Yes", conversation_id: 6 }), ME)).toBeUndefined();
    expect(matchEcho(state, message(14, { text: "Yes!" }), ME)).toBeUndefined();
    expect(matchEcho(state, message(15, { text: "Yes", kind: "visitor" }), ME)).toBeUndefined();
    const after = outboxReducer(state, { type: "echo", message: message(10, { text: "Yes" }), me: ME });
    expect(after).toEqual([b, note]);
    // A failed one waits for Retry: an echo does not take it.
    const failed = outboxReducer([a], { type: "failed", key: a.key, error: "x" });
    expect(outboxReducer(failed, { type: "echo", message: message(16, { text: "Yes" }), me: ME })).toEqual(failed);
  });
});

describe("a thread's loaded messages", () => {
  it("keeps each message once, oldest first, the later copy winning", () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, { text: "edited" })]);
    expect(merged.map((m) => [m.id, m.text])).toEqual([
      [1, "Message 1"],
      [2, "Message 2"],
      [3, "edited"],
    ]);
  });

  it("adds earlier pages in front, live messages at the end, and a reread latest page without losing what was loaded", () => {
    const loaded = { docs: [message(50), message(51)], has_more: true };
    const earlier = withEarlier(loaded, { docs: [message(48), message(49)], has_more: false });
    expect(earlier).toEqual({ docs: [message(48), message(49), message(50), message(51)], has_more: false });
    expect(withMessages(earlier, [message(52), message(51)]).docs.map((m) => m.id)).toEqual([48, 49, 50, 51, 52]);
    // The latest page overlaps what is loaded: both, and the older pages stay.
    expect(withLatest(earlier, { docs: [message(51), message(52), message(53)], has_more: true })).toEqual({
      docs: [48, 49, 50, 51, 52, 53].map((id) => message(id)),
      has_more: false,
    });
    // More new messages than a page: the gap cannot be bridged, the new page alone.
    const latest = { docs: [message(90), message(91)], has_more: true };
    expect(withLatest(earlier, latest)).toBe(latest);
    expect(withLatest(undefined, latest)).toBe(latest);
  });
});
