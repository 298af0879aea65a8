import { act, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../providers/session";
import { APPROVALS_KEY, VERSIONS_KEY } from "../../approvals/api";
import { ConnectionStatus } from "../ConnectionStatus";
import { LiveContext } from "../context";
import { APPROVAL_BURST_MS, LiveSync } from "../LiveSync";
import { fakeLive } from "./fakeSocket";

afterEach(() => vi.useRealTimers());

function renderShellParts() {
  session.setUser({ id: 1, token: "token-1", fullname: "Demo Content Editor", user_type: "superadmin" });
  const live = fakeLive();
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const ended = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <LiveContext.Provider value={live.connection}>
        <LiveSync onSessionEnded={ended} />
        <ConnectionStatus />
      </LiveContext.Provider>
    </QueryClientProvider>,
  );
  return { live, invalidate, view, client, ended };
}

describe("the shell's live parts", () => {
  it("connect while shown, say 'Reconnecting…' only after a lost connection, and refetch everything once back", async () => {
    const { live, invalidate, view, client } = renderShellParts();
    client.setQueryData(["read before the socket"], 1);
    await live.connected();
    expect(live.made()).toBe(1);
    expect(screen.getByRole("status")).toHaveTextContent("");
    // The socket comes after the first screen settled: what it read before is read again.
    expect(invalidate).toHaveBeenCalledTimes(1);
    const { predicate } = invalidate.mock.calls[0]![0] as { predicate: (q: unknown) => boolean };
    expect(predicate(client.getQueryCache().find({ queryKey: ["read before the socket"] }))).toBe(true);
    expect(predicate({ state: { dataUpdatedAt: 0 } })).toBe(false);
    expect(predicate({ state: { dataUpdatedAt: Date.now() + 60_000 } })).toBe(false);
    // The session's identity and permissions: no event announces them, so none was missed.
    expect(predicate({ queryKey: ["auth", "identity"], state: { dataUpdatedAt: 1 } })).toBe(false);
    expect(predicate({ queryKey: ["access", "posts", "list"], state: { dataUpdatedAt: 1 } })).toBe(false);
    expect(predicate({ queryKey: ["data", "default", "posts", "list"], state: { dataUpdatedAt: 1 } })).toBe(true);

    act(() => live.socket.drop("transport close"));
    expect(screen.getByRole("status")).toHaveTextContent("Reconnecting…");
    expect(screen.getByTitle(/^Live updates are paused until the connection is back/)).toBeInTheDocument();
    act(() => live.socket.open());
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(invalidate).toHaveBeenCalledWith();

    view.unmount();
    expect(live.socket.disconnectCalls).toBe(1);
    expect(live.connection.status()).toBe("idle");
  });

  it("refreshes the approval queues and counts once per burst of decisions, and a record's history when it changes", async () => {
    vi.useFakeTimers();
    const { live, invalidate } = renderShellParts();
    await live.connected();
    invalidate.mockClear();
    const approval = {
      queue: "content",
      type: "decided" as const,
      request_id: 1,
      record_id: 3,
      resource: "posts",
      center_code: "JKT01",
      date: new Date().toISOString(),
    };
    for (let i = 0; i < 5; i++) live.send("approval", { ...approval, request_id: i });
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_BURST_MS));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: [APPROVALS_KEY] }]]);

    live.send("live", { channel: "resources/posts", type: "updated", payload: { ids: [3], version: 4 }, date: new Date().toISOString() });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: [VERSIONS_KEY, "posts"] });
  });

  it("hands a session the server refused to the shell, once, and nothing else", async () => {
    const { live, ended } = renderShellParts();
    await live.connected();
    live.send("session:ended", "session ended");
    act(() => live.socket.drop("io server disconnect"));
    expect(ended).not.toHaveBeenCalled();
    session.clear();
    act(() => live.socket.refuse("unauthorized"));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith("unauthorized");
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});
